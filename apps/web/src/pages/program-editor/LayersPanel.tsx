import type { Scene, Widget } from '@apm/contract';
import { Button, Empty, Tag, Typography } from 'antd';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from './state/editor-state';
import { useWidgetLabel, WIDGET_ICONS } from './WidgetPalette';

/** Props of {@link LayersPanel}. */
export interface LayersPanelProps {
  scene: Scene;
  selection: readonly string[];
  dispatch: (action: EditorAction) => void;
}

interface LayerRowProps {
  widget: Widget;
  label: string;
  selected: boolean;
  onSelect(id: string, toggle: boolean): void;
}

/** One widget of the list; drawn again only when its widget, name or selection changes (scenes hold up to 500). */
const LayerRow = memo(function LayerRow({ widget, label, selected, onSelect }: LayerRowProps) {
  const { t } = useTranslation('programEditor');
  return (
    <li className="apm-editor-list-item" aria-current={selected}>
      <Button
        type="text"
        size="small"
        icon={WIDGET_ICONS[widget.type]}
        aria-pressed={selected}
        style={{ width: '100%', justifyContent: 'flex-start' }}
        data-testid="editor-layer"
        data-layer-id={widget.id}
        onClick={(e) => onSelect(widget.id, e.shiftKey)}
      >
        <Typography.Text ellipsis style={{ flex: 1, textAlign: 'left' }}>
          {label}
        </Typography.Text>
        {widget.hidden ? <Tag>{t('hiddenMark')}</Tag> : null}
        {widget.locked ? <Tag color="orange">{t('lockedMark')}</Tag> : null}
      </Button>
    </li>
  );
});

/**
 * The widgets of the active scene from the top of the stack down: a click selects one (shift-click adds
 * or removes), which is also how hidden and locked widgets are reached.
 */
export function LayersPanel({ scene, selection, dispatch }: LayersPanelProps) {
  const { t } = useTranslation('programEditor');
  const label = useWidgetLabel();
  const widgets = useMemo(() => [...scene.widgets].sort((a, b) => b.z - a.z), [scene.widgets]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const onSelect = useCallback(
    (id: string, toggle: boolean) =>
      dispatch({ type: 'select', ids: [id], mode: toggle ? 'toggle' : 'replace' }),
    [dispatch],
  );
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
            <LayerRow
              key={widget.id}
              widget={widget}
              label={label(widget)}
              selected={selected.has(widget.id)}
              onSelect={onSelect}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
