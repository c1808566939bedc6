import { TRANSITION_DIRECTIONS } from '@apm/contract';
import { useTranslation } from 'react-i18next';
import { ColorField, NumberField, SelectField, SwitchField, TextField } from './fields';
import { FontFields } from './FontFields';
import { htmlToText, TEXT_HTML_MAX, textContentProblem, textToHtml } from './panel-values';
import type { WidgetEditorProps } from './widget-editor';

const ALIGNS = ['left', 'center', 'right', 'justify'] as const;
const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;

/** A text widget: its text, font, background, alignment and scrolling. */
export function TextProperties({ widget, update, done }: WidgetEditorProps<'text'>) {
  const { t } = useTranslation('editorPanels');
  const { props } = widget;
  const marquee = props.marquee;
  return (
    <>
      <TextField
        label={t('text.content')}
        value={htmlToText(props.html)}
        rows={4}
        check={textContentProblem}
        max={TEXT_HTML_MAX}
        onChange={(text) => update({ html: textToHtml(text) }, 'html')}
        onDone={done}
        testId="text-content"
      />
      <FontFields
        font={props.font}
        onChange={(font, field) => update({ font }, `font.${field}`)}
        onDone={done}
        testId="text-font"
      />
      <ColorField
        label={t('text.background')}
        value={props.background}
        onChange={(background) => update({ background }, 'background')}
        onClear={() => update({ background: undefined }, 'background')}
        onDone={done}
        testId="text-background"
      />
      <SelectField
        label={t('align.horizontal')}
        value={props.align}
        options={ALIGNS.map((align) => ({ value: align, label: t(`align.${align}`) }))}
        onChange={(align) => update({ align }, 'align')}
        testId="text-align"
      />
      <SelectField
        label={t('align.vertical')}
        value={props.verticalAlign}
        options={VERTICAL_ALIGNS.map((align) => ({ value: align, label: t(`align.${align}`) }))}
        onChange={(verticalAlign) => update({ verticalAlign }, 'verticalAlign')}
        testId="text-vertical-align"
      />
      <SwitchField
        label={t('text.marquee')}
        checked={marquee !== null}
        onChange={(on) => update({ marquee: on ? { direction: 'left', speed: 100 } : null }, 'marquee')}
        testId="text-marquee"
      />
      {marquee ? (
        <>
          <SelectField
            label={t('text.marqueeDirection')}
            value={marquee.direction}
            options={TRANSITION_DIRECTIONS.map((d) => ({ value: d, label: t(`transition.directions.${d}`) }))}
            onChange={(direction) => update({ marquee: { ...marquee, direction } }, 'marquee.direction')}
            testId="text-marquee-direction"
          />
          <NumberField
            label={t('text.marqueeSpeed')}
            value={marquee.speed}
            bounds={{ min: 1, max: 2000 }}
            step={10}
            onChange={(speed) => update({ marquee: { ...marquee, speed } }, 'marquee.speed')}
            testId="text-marquee-speed"
          />
        </>
      ) : null}
    </>
  );
}
