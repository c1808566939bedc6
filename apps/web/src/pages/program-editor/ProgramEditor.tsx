import type { ProgramDetail } from '@apm/contract';
import { formatBytes } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { programErrorText } from '../programs/program-errors';
import { CanvasSizeButton } from './CanvasSizeButton';
import { clearDraft } from './draft-store';
import EditorCanvas from './EditorCanvas';
import { EditorDialogs, EditorPreview } from './EditorDialogs';
import { editorKeyCommand, isTypingTarget } from './editor-keys';
import { EditorToolbar } from './EditorToolbar';
import { LayersPanel } from './LayersPanel';
import PropertiesPanel from './panels/PropertiesPanel';
import { PROGRAM_LIST_PATH, editedProgramQuery } from './ProgramEditorPage';
import { ScenesPanel } from './ScenesPanel';
import { activeScene, selectedWidgets } from './state/editor-state';
import { useProgramEditor } from './use-program-editor';
import { useProgramSize } from './use-program-size';
import { WidgetPalette } from './WidgetPalette';

/** Whether a dialog, drawer or menu is open: the canvas's keys then belong to it. */
const overlayOpen = () =>
  Boolean(window.document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open'));

/** The full-screen editor of one program: toolbar, scenes and widgets, canvas, properties, status. */
export default function ProgramEditor({ detail }: { detail: ProgramDetail }) {
  const { t } = useTranslation('programEditor');
  const { t: tp } = useTranslation('programs');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const model = useProgramEditor(detail);
  const { state, document, dispatch } = model;
  const [scale, setScale] = useState(1);
  const [previewing, setPreviewing] = useState(false);
  const scene = activeScene(state);
  const selected = selectedWidgets(state);
  const size = useProgramSize(document);

  const save = useCallback(
    async (overwrite = false) => {
      const result = await model.save(overwrite);
      if (result !== 'saved') return;
      void message.success(t('savedMessage'));
      // The list shows the new revision; the editor keeps its own copy (a refetch would reopen it).
      void queryClient.invalidateQueries({ queryKey: ['program', 'list'] });
    },
    [model, message, t, queryClient],
  );

  useEffect(() => {
    if (model.saveError) void message.error(programErrorText(model.saveError));
  }, [model.saveError, message]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || overlayOpen()) return;
      const command = editorKeyCommand(event, state.selection.length > 0);
      if (!command) return;
      event.preventDefault();
      if ('action' in command) dispatch(command.action);
      else if (command.command === 'save') void save();
      else setPreviewing(true);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      // A held arrow is one nudge burst: its step ends when the key is let go.
      if (event.key.startsWith('Arrow')) dispatch({ type: 'endBurst' });
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [dispatch, save, state.selection.length]);

  const openTheirs = () => {
    clearDraft(window.localStorage, detail.id);
    model.dismissConflict();
    void queryClient.refetchQueries({ queryKey: editedProgramQuery(detail.id).queryKey });
  };

  return (
    <div className="apm-editor" data-testid="program-editor">
      <EditorToolbar
        name={document.name}
        state={state}
        dispatch={dispatch}
        scale={scale}
        dirty={model.dirty}
        saving={model.saving}
        onBack={() => navigate(PROGRAM_LIST_PATH)}
        onSave={() => void save()}
        onPreview={() => setPreviewing(true)}
        onPublish={() => navigate(`/publishSet?programId=${detail.id}`)}
        onDefaultButtons={() =>
          dispatch({
            type: 'addDefaultButtons',
            labels: {
              exit: t('defaultButtonLabels.exit'),
              before: t('defaultButtonLabels.before'),
              after: t('defaultButtonLabels.after'),
            },
          })
        }
      />
      <div className="apm-editor-body">
        <aside className="apm-editor-side">
          <ScenesPanel document={document} sceneIndex={state.sceneIndex} dispatch={dispatch} />
          <WidgetPalette dispatch={dispatch} />
          <LayersPanel scene={scene} selection={state.selection} dispatch={dispatch} />
        </aside>
        <EditorCanvas
          document={document}
          sceneIndex={state.sceneIndex}
          selection={state.selection}
          zoom={state.zoom}
          snapping={state.snapping}
          dispatch={dispatch}
          onScaleChange={setScale}
        />
        <aside className="apm-editor-props" data-testid="editor-properties">
          <div style={{ padding: '0 12px' }}>
            <PropertiesPanel
              document={document}
              sceneIndex={state.sceneIndex}
              widget={selected[selected.length - 1] ?? null}
              selectionCount={selected.length}
              dispatch={dispatch}
            />
          </div>
        </aside>
      </div>
      <footer className="apm-editor-status" data-testid="editor-status">
        <CanvasSizeButton canvas={document.canvas} dispatch={dispatch} />
        <span data-testid="editor-size">{t('status.size', { size: formatBytes(size.size) })}</span>
        <Tooltip
          title={
            size.materialIds.length ? t('status.materialIds', { ids: size.materialIds.join(', ') }) : null
          }
        >
          <span data-testid="editor-materials" data-material-ids={size.materialIds.join(',')}>
            {t('status.materials', { count: size.materialIds.length })}
          </span>
        </Tooltip>
        <span>{t('status.zoom', { percent: Math.round(scale * 100) })}</span>
        <span>{t('status.selected', { count: selected.length })}</span>
        <span data-testid="editor-review-state">
          {t('status.review', { state: tp(`states.${model.reviewState}`) })}
        </span>
      </footer>
      <EditorDialogs model={model} onOpenTheirs={openTheirs} onOverwrite={() => void save(true)} />
      {previewing ? <EditorPreview document={document} onClose={() => setPreviewing(false)} /> : null}
    </div>
  );
}
