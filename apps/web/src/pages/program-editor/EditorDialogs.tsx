import type { ProgramDocument } from '@apm/contract';
import type { PreviewState } from '@apm/renderer';
import { Button, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorSaveDialogs } from '../../components/EditorSaveDialogs';
import type { ProgramEditorModel } from './use-program-editor';

const ProgramPreview = lazy(() => import('../../components/ProgramPreview'));

/** The questions the editor may have to ask: restore a draft, leave unsaved, resolve a save conflict. */
export function EditorDialogs(props: {
  model: ProgramEditorModel;
  onOpenTheirs(): void;
  onOverwrite(): void;
}) {
  const { model, onOpenTheirs, onOverwrite } = props;
  const { t } = useTranslation('programEditor');
  const { pendingDraft, blocker, conflict } = model;
  return (
    <>
      <Modal
        open={pendingDraft !== null}
        title={t('draftTitle')}
        closable={false}
        maskClosable={false}
        footer={[
          <Button key="discard" onClick={model.discardDraft} data-testid="editor-draft-discard">
            {t('discard')}
          </Button>,
          <Button
            key="restore"
            type="primary"
            onClick={model.restoreDraft}
            data-testid="editor-draft-restore"
          >
            {t('restore')}
          </Button>,
        ]}
      >
        {pendingDraft
          ? t('draftText', { time: dayjs(pendingDraft.savedAt).format('YYYY-MM-DD HH:mm:ss') })
          : null}
      </Modal>
      <EditorSaveDialogs
        namespace="programEditor"
        testIdPrefix="editor"
        blocker={blocker}
        conflict={conflict}
        saving={model.saving}
        dismissConflict={model.dismissConflict}
        onOpenTheirs={onOpenTheirs}
        onOverwrite={onOverwrite}
      />
    </>
  );
}

/** The preview state of spec section 3 in words: slide index, active main scene, scene stack and scale. */
export function PreviewStateLine({
  document,
  state,
}: {
  document: ProgramDocument;
  state: PreviewState | null;
}) {
  const { t } = useTranslation('programEditor');
  if (!state) return null;
  const nameOf = (id: string) => document.scenes.find((s) => s.id === id)?.name ?? id;
  return (
    <Typography.Text type="secondary" data-testid="preview-state">
      {t('previewState', {
        index: state.slideIndex + 1,
        count: document.scenes.length,
        main: nameOf(state.activeMainSceneId),
        stack: state.sceneStack.map(nameOf).join(' › '),
        scale: Math.round(state.scale * 100),
      })}
    </Typography.Text>
  );
}

/** The document being edited, played by the shared renderer exactly as terminals will play it. */
export function EditorPreview({ document, onClose }: { document: ProgramDocument; onClose(): void }) {
  const { t } = useTranslation('programEditor');
  const [state, setState] = useState<PreviewState | null>(null);
  return (
    <Modal
      open
      title={t('previewTitle', { name: document.name })}
      footer={<PreviewStateLine document={document} state={state} />}
      width="80vw"
      onCancel={onClose}
      destroyOnHidden
    >
      <Suspense fallback={<Spin />}>
        <ProgramPreview
          program={document}
          height={Math.round(window.innerHeight * 0.65)}
          onStateChange={setState}
        />
      </Suspense>
    </Modal>
  );
}
