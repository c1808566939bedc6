import { FIT_VALUES } from '@apm/contract';
import { Form, Slider } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, SwitchField } from './fields';
import { MediaItemsField } from './MediaItemsField';
import { msToSeconds, NEW_IMAGE_ITEM, secondsToMs } from './panel-values';
import { TransitionFields } from './TransitionFields';
import type { WidgetEditorProps } from './widget-editor';

type Fit = (typeof FIT_VALUES)[number];

/** How a picture or video fills its box. */
function FitField({ value, onChange, testId }: { value: Fit; onChange(fit: Fit): void; testId: string }) {
  const { t } = useTranslation('editorPanels');
  return (
    <SelectField
      label={t('fit.label')}
      value={value}
      options={FIT_VALUES.map((fit) => ({ value: fit, label: t(`fit.${fit}`) }))}
      onChange={onChange}
      testId={testId}
    />
  );
}

/** An image widget: pictures in turn, each with how long it shows and how it comes in; the fit. */
export function ImageProperties({ widget, update }: WidgetEditorProps<'image'>) {
  const { t } = useTranslation('editorPanels');
  const { items } = widget.props;
  return (
    <>
      <MediaItemsField
        kind="image"
        items={items}
        make={(materialId) => ({ materialId, ...structuredClone(NEW_IMAGE_ITEM) })}
        onChange={(next) => update({ items: next }, 'items')}
        renderItem={(item, index) => {
          const change = (patch: Partial<typeof item>, field: string) =>
            update(
              { items: items.map((it, i) => (i === index ? { ...it, ...patch } : it)) },
              `items.${index}.${field}`,
            );
          return (
            <>
              <NumberField
                label={t('media.itemDuration')}
                value={msToSeconds(item.durationMs)}
                bounds={{ min: 0.5, max: 86_400 }}
                step={1}
                onChange={(seconds) =>
                  change({ durationMs: secondsToMs(seconds, 500, 86_400_000) }, 'duration')
                }
                testId="image-item-duration"
              />
              <TransitionFields
                transition={item.transition}
                onChange={(transition, field) => change({ transition }, `transition.${field}`)}
                testId="image-item-transition"
              />
            </>
          );
        }}
        testId="image-items"
      />
      <FitField value={widget.props.fit} onChange={(fit) => update({ fit }, 'fit')} testId="image-fit" />
    </>
  );
}

/** A video widget: videos in turn, sound on or off, looping, the fit. */
export function VideoProperties({ widget, update }: WidgetEditorProps<'video'>) {
  const { t } = useTranslation('editorPanels');
  const { props } = widget;
  return (
    <>
      <MediaItemsField
        kind="video"
        items={props.items}
        make={(materialId) => ({ materialId })}
        onChange={(items) => update({ items }, 'items')}
        testId="video-items"
      />
      <SwitchField
        label={t('media.muted')}
        checked={props.muted}
        onChange={(muted) => update({ muted }, 'muted')}
        testId="video-muted"
      />
      <SwitchField
        label={t('media.loop')}
        checked={props.loop}
        onChange={(loop) => update({ loop }, 'loop')}
        testId="video-loop"
      />
      <FitField value={props.fit} onChange={(fit) => update({ fit }, 'fit')} testId="video-fit" />
    </>
  );
}

/** An audio widget: tracks in turn, looping, volume. */
export function AudioProperties({ widget, update, done }: WidgetEditorProps<'audio'>) {
  const { t } = useTranslation('editorPanels');
  const volumeId = useId();
  const { props } = widget;
  return (
    <>
      <MediaItemsField
        kind="audio"
        items={props.items}
        make={(materialId) => ({ materialId })}
        onChange={(items) => update({ items }, 'items')}
        testId="audio-items"
      />
      <SwitchField
        label={t('media.loop')}
        checked={props.loop}
        onChange={(loop) => update({ loop }, 'loop')}
        testId="audio-loop"
      />
      <Form.Item label={t('media.volume')} htmlFor={volumeId}>
        <Slider
          id={volumeId}
          min={0}
          max={100}
          value={props.volume}
          ariaLabelForHandle={t('media.volume')}
          onChange={(volume: number) => update({ volume: Math.round(volume) }, 'volume')}
          onChangeComplete={done}
          data-testid="audio-volume"
        />
      </Form.Item>
    </>
  );
}
