import { useTranslation } from 'react-i18next';
import { ColorField, NumberField, SelectField, SwitchField, TextField } from './fields';
import { FontFields } from './FontFields';
import { lengthProblem, URL_MAX, urlProblem } from './panel-values';
import type { WidgetEditorProps } from './widget-editor';

/** A web page: its http(s) address and how often it reloads. */
export function WebProperties({ widget, update, done }: WidgetEditorProps<'web'>) {
  const { t } = useTranslation('editorPanels');
  return (
    <>
      <TextField
        label={t('web.url')}
        value={widget.props.url}
        check={urlProblem}
        max={URL_MAX}
        placeholder="https://"
        onChange={(url) => update({ url }, 'url')}
        onDone={done}
        testId="web-url"
      />
      <NumberField
        label={t('web.refresh')}
        value={widget.props.refreshSeconds}
        bounds={{ min: 0, max: 86_400, integer: true }}
        onChange={(refreshSeconds) => update({ refreshSeconds }, 'refreshSeconds')}
        testId="web-refresh"
      />
    </>
  );
}

/** A live stream: its HLS address and whether it plays muted. */
export function LiveProperties({ widget, update, done }: WidgetEditorProps<'live'>) {
  const { t } = useTranslation('editorPanels');
  return (
    <>
      <TextField
        label={t('live.url')}
        value={widget.props.url}
        check={urlProblem}
        max={URL_MAX}
        placeholder="https://…/live.m3u8"
        onChange={(url) => update({ url }, 'url')}
        onDone={done}
        testId="live-url"
      />
      <SwitchField
        label={t('media.muted')}
        checked={widget.props.muted}
        onChange={(muted) => update({ muted }, 'muted')}
        testId="live-muted"
      />
    </>
  );
}

const UNITS = ['metric', 'imperial'] as const;

/** Weather: the place, the units, the font and how often it updates. */
export function WeatherProperties({ widget, update, done }: WidgetEditorProps<'weather'>) {
  const { t } = useTranslation('editorPanels');
  const { props } = widget;
  return (
    <>
      <TextField
        label={t('weather.city')}
        value={props.city}
        check={(text) => lengthProblem(text, 1, 100)}
        max={100}
        onChange={(city) => update({ city }, 'city')}
        onDone={done}
        testId="weather-city"
      />
      <SelectField
        label={t('weather.units')}
        value={props.units}
        options={UNITS.map((units) => ({ value: units, label: t(`weather.${units}`) }))}
        onChange={(units) => update({ units }, 'units')}
        testId="weather-units"
      />
      <NumberField
        label={t('weather.refresh')}
        value={props.refreshMinutes}
        bounds={{ min: 5, max: 1440, integer: true }}
        onChange={(refreshMinutes) => update({ refreshMinutes }, 'refreshMinutes')}
        testId="weather-refresh"
      />
      <FontFields
        font={props.font}
        onChange={(font, field) => update({ font }, `font.${field}`)}
        onDone={done}
        testId="weather-font"
      />
    </>
  );
}

/** A QR code: what it encodes, its colours and quiet-zone margin. */
export function QrCodeProperties({ widget, update, done }: WidgetEditorProps<'qrcode'>) {
  const { t } = useTranslation('editorPanels');
  const { props } = widget;
  return (
    <>
      <TextField
        label={t('qrcode.text')}
        value={props.text}
        rows={3}
        check={(text) => lengthProblem(text, 1, 2000)}
        max={2000}
        onChange={(text) => update({ text }, 'text')}
        onDone={done}
        testId="qrcode-text"
      />
      <ColorField
        label={t('qrcode.foreground')}
        value={props.foreground}
        onChange={(foreground) => update({ foreground }, 'foreground')}
        onDone={done}
        testId="qrcode-foreground"
      />
      <ColorField
        label={t('qrcode.background')}
        value={props.background}
        onChange={(background) => update({ background }, 'background')}
        onDone={done}
        testId="qrcode-background"
      />
      <NumberField
        label={t('qrcode.margin')}
        value={props.margin}
        bounds={{ min: 0, max: 20, integer: true }}
        onChange={(margin) => update({ margin }, 'margin')}
        testId="qrcode-margin"
      />
    </>
  );
}
