import type { Widget } from '@apm/contract';
import { Alert, Flex, Form, Slider } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from '../state/editor-state';
import type { Geometry } from '../state/widget-ops';
import { NumberField } from './fields';

/** Props of {@link GeometryFields}. */
export interface GeometryFieldsProps {
  widget: Widget;
  dispatch(action: EditorAction): void;
}

const POSITION = { min: -16_384, max: 16_384 };
const SIZE = { min: 1, max: 16_384 };

/** Position, size, rotation and opacity of one widget; a locked widget shows them without letting them change. */
export function GeometryFields({ widget, dispatch }: GeometryFieldsProps) {
  const { t } = useTranslation('editorPanels');
  const opacityId = useId();
  const locked = Boolean(widget.locked);
  const set = (geometry: Partial<Geometry>, field: keyof Geometry) =>
    dispatch({
      type: 'setGeometry',
      id: widget.id,
      geometry,
      mergeKey: `geometry:${widget.id}:${field}`,
      now: Date.now(),
    });
  const half = { flex: 1, minWidth: 0 };
  return (
    <>
      {locked ? (
        <Alert type="info" showIcon title={t('widget.lockedNote')} style={{ marginBottom: 12 }} />
      ) : null}
      <Flex gap={8}>
        <div style={half}>
          <NumberField
            label={t('widget.x')}
            value={widget.x}
            bounds={POSITION}
            disabled={locked}
            onChange={(x) => set({ x }, 'x')}
            testId="widget-x"
          />
        </div>
        <div style={half}>
          <NumberField
            label={t('widget.y')}
            value={widget.y}
            bounds={POSITION}
            disabled={locked}
            onChange={(y) => set({ y }, 'y')}
            testId="widget-y"
          />
        </div>
      </Flex>
      <Flex gap={8}>
        <div style={half}>
          <NumberField
            label={t('widget.w')}
            value={widget.w}
            bounds={SIZE}
            disabled={locked}
            onChange={(w) => set({ w }, 'w')}
            testId="widget-w"
          />
        </div>
        <div style={half}>
          <NumberField
            label={t('widget.h')}
            value={widget.h}
            bounds={SIZE}
            disabled={locked}
            onChange={(h) => set({ h }, 'h')}
            testId="widget-h"
          />
        </div>
      </Flex>
      <NumberField
        label={t('widget.rotation')}
        value={widget.rotation}
        bounds={{ min: -360, max: 360 }}
        step={1}
        suffix="°"
        disabled={locked}
        onChange={(rotation) => set({ rotation }, 'rotation')}
        testId="widget-rotation"
      />
      <Form.Item label={t('widget.opacity')} htmlFor={opacityId}>
        <Slider
          id={opacityId}
          min={0}
          max={100}
          value={Math.round((widget.opacity ?? 1) * 100)}
          disabled={locked}
          tooltip={{ formatter: (v) => `${v ?? 0}%` }}
          ariaLabelForHandle={t('widget.opacity')}
          onChange={(percent: number) => set({ opacity: percent / 100 }, 'opacity')}
          onChangeComplete={() => dispatch({ type: 'endBurst' })}
          data-testid="widget-opacity"
        />
      </Form.Item>
    </>
  );
}
