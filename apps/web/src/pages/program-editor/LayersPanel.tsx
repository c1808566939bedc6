import type { Scene } from '@apm/contract';
import { Button, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from './state/editor-state';
import { useWidgetLabel, WIDGET_ICONS } from './WidgetPalette';

/** Props of {@link LayersPanel}. */
export interface LayersPanelProps {
  scene: Scene;
  selection: readonly string[];
  dispatch: (action: EditorAction) => void;
}

/**
 * The widgets of the active scene from the top of the stack down: a click selects one (shift-click adds
 * or removes), which is also how hidden and locked widgets are reached.
 */
export function LayersPanel({ scene, selection, dispatch }: LayersPanelProps) {
  const { t } = useTranslation('programEditor');
  const label = useWidgetLabel();
  const widgets = [...scene.widgets].sort((a, b) => b.z - a.z);
  return (
    <section aria-labelledby="editor-layers-title" style={{ padding: 8 }}>
      <Typography.Title level={2} id="editor-layers-title" style={{ fontSize: 14, margin: '0 0 8px' }}>
        {t('layers')}
      </Typography.Title>
      {widgets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layersEmpty')} />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="editor-layers">
          {widgets.map((widget) => (
            <li key={widget.id} className="apm-editor-list-item" aria-current={selection.includes(widget.id)}>
              <Button
                type="text"
                size="small"
                icon={WIDGET_ICONS[widget.type]}
                aria-pressed={selection.includes(widget.id)}
                style={{ width: '100%', justifyContent: 'flex-start' }}
                data-testid="editor-layer"
                data-layer-id={widget.id}
                onClick={(e) =>
                  dispatch({ type: 'select', ids: [widget.id], mode: e.shiftKey ? 'toggle' : 'replace' })
                }
              >
                <Typography.Text ellipsis style={{ flex: 1, textAlign: 'left' }}>
                  {label(widget)}
                </Typography.Text>
                {widget.hidden ? <Tag>{t('hiddenMark')}</Tag> : null}
                {widget.locked ? <Tag color="orange">{t('lockedMark')}</Tag> : null}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
