import { formatClock, formatCountdown, countdownParts, isValidTimeZone } from '@apm/renderer';
import { DatePicker, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, SuggestField, TextField } from './fields';
import { FontFields } from './FontFields';
import {
  CLOCK_FORMAT_PRESETS,
  COUNTDOWN_FORMAT_PRESETS,
  lengthProblem,
  timeZoneChoices,
} from './panel-values';
import type { WidgetEditorProps } from './widget-editor';

/** The select's value standing for "the terminal's local time" (stored as null). */
const LOCAL = 'local';
const CLOCK_ALIGNS = ['left', 'center', 'right'] as const;

/** A clock: its format (presets or typed dayjs tokens), time zone, font and alignment. */
export function ClockProperties({ widget, update, done }: WidgetEditorProps<'clock'>) {
  const { t, i18n } = useTranslation('editorPanels');
  const { props } = widget;
  const zones = useMemo(() => timeZoneChoices(props.timeZone), [props.timeZone]);
  const now = new Date();
  const zoneKnown = props.timeZone === null || isValidTimeZone(props.timeZone);
  return (
    <>
      <SuggestField
        label={t('clock.format')}
        value={props.format}
        check={(text) => lengthProblem(text, 1, 100)}
        max={100}
        options={CLOCK_FORMAT_PRESETS.map((format) => ({
          value: format,
          label: `${format} — ${formatClock(now, format, props.timeZone, i18n.language)}`,
        }))}
        onChange={(format) => update({ format }, 'format')}
        onDone={done}
        testId="clock-format"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }} data-testid="clock-preview">
        {t('clock.preview', { text: formatClock(now, props.format, props.timeZone, i18n.language) })}
      </Typography.Paragraph>
      <SelectField
        label={t('clock.timeZone')}
        value={props.timeZone ?? LOCAL}
        showSearch
        options={[
          { value: LOCAL, label: t('clock.localTime') },
          ...zones.map((zone) => ({ value: zone, label: zone })),
        ]}
        error={!zoneKnown}
        help={zoneKnown ? undefined : t('problems.timeZone', { field: t('clock.timeZone') })}
        onChange={(zone) => {
          if (zone === LOCAL) update({ timeZone: null }, 'timeZone');
          else if (isValidTimeZone(zone)) update({ timeZone: zone }, 'timeZone');
        }}
        testId="clock-time-zone"
      />
      <FontFields
        font={props.font}
        onChange={(font, field) => update({ font }, `font.${field}`)}
        onDone={done}
        testId="clock-font"
      />
      <SelectField
        label={t('align.horizontal')}
        value={props.align}
        options={CLOCK_ALIGNS.map((align) => ({ value: align, label: t(`align.${align}`) }))}
        onChange={(align) => update({ align }, 'align')}
        testId="clock-align"
      />
    </>
  );
}

/** A countdown: the instant it counts to, its format, what it shows when done, its font. */
export function CountdownProperties({ widget, update, done }: WidgetEditorProps<'countdown'>) {
  const { t } = useTranslation('editorPanels');
  const targetId = useId();
  const { props } = widget;
  const target = dayjs(props.target);
  const left = countdownParts(target.valueOf(), Date.now());
  return (
    <>
      <Form.Item label={t('countdown.target')} htmlFor={targetId}>
        <DatePicker
          id={targetId}
          showTime
          value={target.isValid() ? target : null}
          allowClear={false}
          style={{ width: '100%' }}
          onChange={(date) => {
            if (date?.isValid()) update({ target: date.toISOString() }, 'target');
          }}
          data-testid="countdown-target"
        />
      </Form.Item>
      <SuggestField
        label={t('countdown.format')}
        value={props.format}
        check={(text) => lengthProblem(text, 1, 100)}
        max={100}
        options={COUNTDOWN_FORMAT_PRESETS.map((format) => ({
          value: format,
          label: `${format} — ${formatCountdown(format, left)}`,
        }))}
        onChange={(format) => update({ format }, 'format')}
        onDone={done}
        testId="countdown-format"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('countdown.formatHelp')}
      </Typography.Paragraph>
      <TextField
        label={t('countdown.doneText')}
        value={props.doneText}
        check={(text) => lengthProblem(text, 0, 500)}
        max={500}
        onChange={(doneText) => update({ doneText }, 'doneText')}
        onDone={done}
        testId="countdown-done-text"
      />
      <FontFields
        font={props.font}
        onChange={(font, field) => update({ font }, `font.${field}`)}
        onDone={done}
        testId="countdown-font"
      />
    </>
  );
}
