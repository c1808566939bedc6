import {
  AppstoreOutlined,
  AudioOutlined,
  ClockCircleOutlined,
  DatabaseOutlined,
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
import { BUILTIN_WIDGET_TYPES, type Widget, type WidgetEntry, type WidgetType } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getWidgetPalette, widgetKeys } from '../../services/widgets';
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
  html: <AppstoreOutlined />,
  data: <DatabaseOutlined />,
};

/** The name a widget shows in lists: its own, else its type's. */
export function useWidgetLabel(): (widget: Widget) => string {
  const { t } = useTranslation('editorPanels');
  return (widget) => widget.name || t(`widgetTypes.${widget.type}`);
}

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 } as const;

/**
 * The widget types the tenant's catalogue has switched on (a data widget only once there is a data
 * source), then its custom widgets: a click adds one at the canvas centre, a drag drops a type where
 * it lands. Should the catalogue fail to load, every built-in type is offered (saving still checks).
 */
export function WidgetPalette({ dispatch }: { dispatch: (action: EditorAction) => void }) {
  const { t } = useTranslation('programEditor');
  const { t: typeName } = useTranslation('editorPanels');
  const palette = useQuery({
    queryKey: widgetKeys.palette,
    queryFn: ({ signal }) => getWidgetPalette(signal),
  });
  const sources = palette.data?.dataSources ?? [];
  const types = (palette.data?.types ?? (palette.isError ? BUILTIN_WIDGET_TYPES : [])).filter(
    (type) => type !== 'data' || sources.length > 0,
  );
  const addType = (type: WidgetType) =>
    dispatch(
      type === 'data'
        ? { type: 'addWidget', widgetType: 'data', props: { sourceId: sources[0]!.id } }
        : { type: 'addWidget', widgetType: type },
    );
  const addPackage = (entry: WidgetEntry) =>
    dispatch({
      type: 'addWidget',
      widgetType: 'html',
      name: entry.name ?? undefined,
      size: { w: entry.width ?? 400, h: entry.height ?? 300 },
      props: { packageId: entry.packageId, materialId: entry.materialId, settings: {} },
    });
  return (
    <section aria-labelledby="editor-widgets-title" style={{ padding: 8 }}>
      <Tooltip title={t('addWidgetHint')} placement="right">
        <Typography.Title level={2} id="editor-widgets-title" style={{ fontSize: 14, margin: '0 0 8px' }}>
          {t('widgets')}
        </Typography.Title>
      </Tooltip>
      {palette.isPending ? <Spin size="small" /> : null}
      {palette.isError ? (
        <Alert type="warning" showIcon title={t('paletteError')} style={{ marginBottom: 8 }} />
      ) : null}
      <div style={GRID} data-testid="editor-palette">
        {types.map((type) => (
          <Button
            key={type}
            size="small"
            icon={WIDGET_ICONS[type]}
            draggable={type !== 'data'}
            onDragStart={(e) => {
              e.dataTransfer.setData(WIDGET_DRAG_TYPE, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => addType(type)}
            style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
            title={typeName(`widgetTypes.${type}`)}
            data-testid={`editor-add-${type}`}
          >
            {typeName(`widgetTypes.${type}`)}
          </Button>
        ))}
      </div>
      {palette.data?.packages.length ? (
        <>
          <Typography.Title level={3} style={{ fontSize: 13, margin: '12px 0 8px' }}>
            {t('customWidgets')}
          </Typography.Title>
          <div style={GRID} data-testid="editor-palette-packages">
            {palette.data.packages.map((entry) => (
              <Button
                key={entry.key}
                size="small"
                icon={WIDGET_ICONS.html}
                onClick={() => addPackage(entry)}
                style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
                title={entry.name ?? ''}
                data-testid={`editor-add-${entry.key}`}
              >
                {entry.name}
              </Button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
