import {
  AudioOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  FieldTimeOutlined,
  FileImageOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  PoweroffOutlined,
  QrcodeOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { WIDGET_TYPES, type Widget, type WidgetType } from '@apm/contract';
import { Button, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_DRAG_TYPE } from './EditorCanvas';
import type { EditorAction } from './state/editor-state';

/** The icon of each widget type, in the palette and the layers list. */
export const WIDGET_ICONS: Record<WidgetType, ReactNode> = {
  text: <FontSizeOutlined />,
  image: <FileImageOutlined />,
  video: <VideoCameraOutlined />,
  audio: <AudioOutlined />,
  web: <GlobalOutlined />,
  clock: <ClockCircleOutlined />,
  weather: <CloudOutlined />,
  qrcode: <QrcodeOutlined />,
  countdown: <FieldTimeOutlined />,
  button: <PoweroffOutlined />,
  live: <WifiOutlined />,
};

/** The name a widget shows in lists: its own, else its type's. */
export function useWidgetLabel(): (widget: Widget) => string {
  const { t } = useTranslation('editorPanels');
  return (widget) => widget.name || t(`widgetTypes.${widget.type}`);
}

/** Every widget type of the format: a click adds one at the canvas centre, a drag drops it where it lands. */
export function WidgetPalette({ dispatch }: { dispatch: (action: EditorAction) => void }) {
  const { t } = useTranslation('programEditor');
  const { t: typeName } = useTranslation('editorPanels');
  return (
    <section aria-labelledby="editor-widgets-title" style={{ padding: 8 }}>
      <Tooltip title={t('addWidgetHint')} placement="right">
        <Typography.Title level={2} id="editor-widgets-title" style={{ fontSize: 14, margin: '0 0 8px' }}>
          {t('widgets')}
        </Typography.Title>
      </Tooltip>
      <div
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 }}
        data-testid="editor-palette"
      >
        {WIDGET_TYPES.map((type) => (
          <Button
            key={type}
            size="small"
            icon={WIDGET_ICONS[type]}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(WIDGET_DRAG_TYPE, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => dispatch({ type: 'addWidget', widgetType: type })}
            style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
            title={typeName(`widgetTypes.${type}`)}
            data-testid={`editor-add-${type}`}
          >
            {typeName(`widgetTypes.${type}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
