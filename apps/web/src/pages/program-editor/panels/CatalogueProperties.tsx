import type { WidgetSettingField } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getWidgetPalette, widgetKeys } from '../../../services/widgets';
import { ColorField, NumberField, SelectField, SwitchField, TextField } from './fields';
import { FontFields } from './FontFields';
import { lengthProblem } from './panel-values';
import type { WidgetEditorProps } from './widget-editor';

type SettingValue = string | number | boolean;

/** One field of a custom widget's settings form, generated from its package's schema. */
function SettingField(props: {
  field: WidgetSettingField;
  value: SettingValue;
  onChange(value: SettingValue): void;
  done(): void;
}) {
  const { field, value, onChange, done } = props;
  const testId = `html-setting-${field.key}`;
  switch (field.type) {
    case 'number':
      return (
        <NumberField
          label={field.title}
          value={typeof value === 'number' ? value : Number(field.default)}
          bounds={{ min: field.minimum ?? -1e9, max: field.maximum ?? 1e9 }}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'boolean':
      return <SwitchField label={field.title} checked={value === true} onChange={onChange} testId={testId} />;
    case 'enum':
      return (
        <SelectField
          label={field.title}
          value={String(value)}
          options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'color':
      return (
        <ColorField
          label={field.title}
          value={String(value)}
          onChange={onChange}
          onDone={done}
          testId={testId}
        />
      );
    default:
      return (
        <TextField
          label={field.title}
          value={String(value)}
          check={(text) => lengthProblem(text, 0, field.maxLength ?? 2000)}
          max={field.maxLength ?? 2000}
          onChange={onChange}
          onDone={done}
          testId={testId}
        />
      );
  }
}

/** A custom HTML widget: the settings form its package's schema declares (values over the defaults). */
export function HtmlProperties({ widget, update, done }: WidgetEditorProps<'html'>) {
  const { t } = useTranslation('editorPanels');
  const palette = useQuery({
    queryKey: widgetKeys.palette,
    queryFn: ({ signal }) => getWidgetPalette(signal),
  });
  if (!palette.data) return null;
  const entry = palette.data.packages.find((p) => p.packageId === widget.props.packageId);
  if (!entry) return <Alert type="warning" showIcon title={t('custom.missing')} data-testid="html-missing" />;
  const { settings } = widget.props;
  return (
    <>
      {entry.materialId !== widget.props.materialId ? (
        <Alert
          type="info"
          showIcon
          title={t('custom.newVersion')}
          action={
            <Button size="small" onClick={() => update({ materialId: entry.materialId! }, 'materialId')}>
              {t('custom.useNewVersion')}
            </Button>
          }
          data-testid="html-new-version"
        />
      ) : null}
      <Divider titlePlacement="start" plain>
        {t('custom.settings')}
      </Divider>
      {entry.settings.length === 0 ? (
        <Typography.Text type="secondary">{t('custom.none')}</Typography.Text>
      ) : null}
      {entry.settings.map((field) => (
        <SettingField
          key={field.key}
          field={field}
          value={settings[field.key] ?? field.default}
          onChange={(value) =>
            update({ settings: { ...settings, [field.key]: value } }, `settings.${field.key}`)
          }
          done={done}
        />
      ))}
    </>
  );
}

const DISPLAYS = ['list', 'ticker'] as const;

/** A data widget: its source, list or ticker, how many items, the font, ticker speed and refresh. */
export function DataProperties({ widget, update, done }: WidgetEditorProps<'data'>) {
  const { t } = useTranslation('editorPanels');
  const palette = useQuery({
    queryKey: widgetKeys.palette,
    queryFn: ({ signal }) => getWidgetPalette(signal),
  });
  const { props } = widget;
  const sources = palette.data?.dataSources ?? [];
  const known = sources.some((s) => s.id === props.sourceId);
  return (
    <>
      <SelectField
        label={t('data.source')}
        value={known || !palette.data ? String(props.sourceId) : undefined}
        options={sources.map((s) => ({ value: String(s.id), label: s.name }))}
        error={Boolean(palette.data) && !known}
        help={palette.data && !known ? t('custom.missing') : sources.length ? undefined : t('data.noSources')}
        onChange={(id) => update({ sourceId: Number(id) }, 'sourceId')}
        testId="data-source"
      />
      <SelectField
        label={t('data.display')}
        value={props.display}
        options={DISPLAYS.map((d) => ({ value: d, label: t(`data.${d}`) }))}
        onChange={(display) => update({ display }, 'display')}
        testId="data-display"
      />
      <NumberField
        label={t('data.maxItems')}
        value={props.maxItems}
        bounds={{ min: 1, max: 50, integer: true }}
        onChange={(maxItems) => update({ maxItems }, 'maxItems')}
        testId="data-max-items"
      />
      {props.display === 'ticker' ? (
        <NumberField
          label={t('data.speed')}
          value={props.speed}
          bounds={{ min: 1, max: 2000 }}
          onChange={(speed) => update({ speed }, 'speed')}
          testId="data-speed"
        />
      ) : null}
      <NumberField
        label={t('data.refresh')}
        value={props.refreshSeconds}
        bounds={{ min: 30, max: 86_400, integer: true }}
        onChange={(refreshSeconds) => update({ refreshSeconds }, 'refreshSeconds')}
        testId="data-refresh"
      />
      <ColorField
        label={t('data.background')}
        value={props.background}
        onChange={(background) => update({ background }, 'background')}
        onClear={() => update({ background: undefined }, 'background')}
        onDone={done}
        testId="data-background"
      />
      <FontFields
        font={props.font}
        onChange={(font) => update({ font }, 'font')}
        onDone={done}
        testId="data-font"
      />
    </>
  );
}
