import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  ArrowLeftOutlined,
  BorderOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  HistoryOutlined,
  LockOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  ScissorOutlined,
  SendOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UnlockOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { IconButton } from '../../components/IconButton';
import type { EditorAction, EditorState } from './state/editor-state';
import { selectedWidgets } from './state/editor-state';
import { canRedo, canUndo } from './state/history';

/** Zoom steps of the zoom buttons (the state clamps to 25–400 %). */
const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** Props of {@link EditorToolbar}. */
export interface EditorToolbarProps {
  name: string;
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  /** The zoom shown (fit worked out). */
  scale: number;
  dirty: boolean;
  saving: boolean;
  onBack(): void;
  onSave(): void;
  onPreview(): void;
  onPublish(): void;
  onDefaultButtons(): void;
}

/** A toolbar button: icon with a tooltip that is also its accessible name. */
function Tool(props: {
  title: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  testId: string;
}) {
  return <IconButton {...props} />;
}

/** The editor's top bar: back, name and save state, history, clipboard, arrange, zoom, preview, save, publish. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation('programEditor');
  const { state, dispatch, scale, dirty, saving } = props;
  const selected = selectedWidgets(state);
  const some = selected.length > 0;
  const allLocked = some && selected.every((w) => w.locked);
  const allHidden = some && selected.every((w) => w.hidden);
  const { steps, pointer } = state.history;

  const historyItems: MenuProps['items'] = steps
    .map((step, index) => ({
      key: String(index),
      label: t('historyStep', { n: index, label: t(`steps.${step.label}` as 'steps.open', step.label) }),
      disabled: index === pointer,
    }))
    .reverse()
    .slice(0, 50);

  const arrangeItems: MenuProps['items'] = [
    ...(['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'] as const).map((to) => ({
      key: `align:${to}`,
      label: t(`align.${to}`),
    })),
    { type: 'divider' as const },
    { key: 'distribute:horizontal', label: t('distributeHorizontal'), disabled: selected.length < 3 },
    { key: 'distribute:vertical', label: t('distributeVertical'), disabled: selected.length < 3 },
    { type: 'divider' as const },
    ...(['front', 'forward', 'backward', 'back'] as const).map((move) => ({
      key: `order:${move}`,
      label: t(`order.${move}`),
    })),
  ];
  const onArrange: MenuProps['onClick'] = ({ key }) => {
    const [kind, value] = key.split(':') as [string, string];
    if (kind === 'align') dispatch({ type: 'alignSelection', to: value as 'left' });
    else if (kind === 'distribute') dispatch({ type: 'distributeSelection', axis: value as 'horizontal' });
    else dispatch({ type: 'reorderSelection', move: value as 'front' });
  };

  const zoomBy = (direction: 1 | -1) => {
    const next =
      direction > 0
        ? (ZOOM_STEPS.find((z) => z > scale + 0.001) ?? 4)
        : ([...ZOOM_STEPS].reverse().find((z) => z < scale - 0.001) ?? 0.25);
    dispatch({ type: 'setZoom', zoom: next });
  };

  return (
    <div className="apm-editor-toolbar" role="toolbar" aria-label={t('title')}>
      <Tool title={t('back')} icon={<ArrowLeftOutlined />} onClick={props.onBack} testId="editor-back" />
      <Typography.Title
        level={1}
        ellipsis={{ tooltip: props.name }}
        style={{ fontSize: 16, margin: '0 8px', maxWidth: 200 }}
        data-testid="editor-name"
      >
        {props.name}
      </Typography.Title>
      <Tag color={dirty ? 'orange' : 'green'} data-testid="editor-save-state">
        {saving ? t('saving') : dirty ? t('unsavedState') : t('savedState')}
      </Tag>
      <Tool
        title={t('undo')}
        icon={<UndoOutlined />}
        disabled={!canUndo(state.history)}
        onClick={() => dispatch({ type: 'undo' })}
        testId="editor-undo"
      />
      <Tool
        title={t('redo')}
        icon={<RedoOutlined />}
        disabled={!canRedo(state.history)}
        onClick={() => dispatch({ type: 'redo' })}
        testId="editor-redo"
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: historyItems,
          selectable: true,
          selectedKeys: [String(pointer)],
          onClick: ({ key }) => dispatch({ type: 'jumpTo', index: Number(key) }),
          style: { maxHeight: 400, overflow: 'auto' },
        }}
      >
        <Button type="text" icon={<HistoryOutlined />} data-testid="editor-history">
          {pointer}/{steps.length - 1}
        </Button>
      </Dropdown>
      <Tool
        title={t('copy')}
        icon={<CopyOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'copy' })}
        testId="editor-copy"
      />
      <Tool
        title={t('cut')}
        icon={<ScissorOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'cut' })}
        testId="editor-cut"
      />
      <Tool
        title={t('paste')}
        icon={<SnippetsOutlined />}
        disabled={state.clipboard.length === 0}
        onClick={() => dispatch({ type: 'paste' })}
        testId="editor-paste"
      />
      <Tool
        title={t('duplicate')}
        icon={<BorderOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'duplicate' })}
        testId="editor-duplicate"
      />
      <Tool
        title={t('delete')}
        icon={<DeleteOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'deleteSelection' })}
        testId="editor-delete"
      />
      <Tool
        title={allLocked ? t('unlock') : t('lock')}
        icon={allLocked ? <UnlockOutlined /> : <LockOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'lockSelection', locked: !allLocked })}
        testId="editor-lock"
      />
      <Tool
        title={allHidden ? t('show') : t('hide')}
        icon={allHidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        disabled={!some}
        onClick={() => dispatch({ type: 'hideSelection', hidden: !allHidden })}
        testId="editor-hide"
      />
      <Dropdown trigger={['click']} disabled={!some} menu={{ items: arrangeItems, onClick: onArrange }}>
        <Tooltip title={t('arrange')}>
          <Button type="text" aria-label={t('arrange')} data-testid="editor-arrange">
            <AlignCenterOutlined />
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Tooltip>
      </Dropdown>
      <Tool
        title={t('defaultButtons')}
        icon={<AlignLeftOutlined />}
        onClick={props.onDefaultButtons}
        testId="editor-default-buttons"
      />
      <Tool
        title={t('zoomOut')}
        icon={<ZoomOutOutlined />}
        disabled={scale <= 0.25}
        onClick={() => zoomBy(-1)}
        testId="editor-zoom-out"
      />
      <Button
        type={state.zoom === 'fit' ? 'primary' : 'text'}
        ghost={state.zoom === 'fit'}
        onClick={() => dispatch({ type: 'setZoom', zoom: 'fit' })}
        data-testid="editor-zoom-fit"
        // The visible percentage starts the name (WCAG 2.5.3), what a click does follows.
        aria-label={`${Math.round(scale * 100)} % – ${t('fit')}`}
        title={t('fit')}
      >
        {Math.round(scale * 100)} %
      </Button>
      <Tool
        title={t('zoomIn')}
        icon={<ZoomInOutlined />}
        disabled={scale >= 4}
        onClick={() => zoomBy(1)}
        testId="editor-zoom-in"
      />
      <Tooltip title={t('snapping')}>
        <Button
          type={state.snapping ? 'primary' : 'text'}
          ghost={state.snapping}
          icon={<AlignRightOutlined />}
          aria-label={t('snapping')}
          aria-pressed={state.snapping}
          onClick={() => dispatch({ type: 'toggleSnapping' })}
          data-testid="editor-snapping"
        />
      </Tooltip>
      <div style={{ flex: 1 }} />
      <Button icon={<PlayCircleOutlined />} onClick={props.onPreview} data-testid="editor-preview">
        {t('preview')}
      </Button>
      <Authorized permission="program:make:edit">
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={props.onSave}
          data-testid="editor-save"
        >
          {t('save')}
        </Button>
      </Authorized>
      <Authorized permission="program:make:publish">
        <Button icon={<SendOutlined />} onClick={props.onPublish} data-testid="editor-publish">
          {t('publish')}
        </Button>
      </Authorized>
    </div>
  );
}
