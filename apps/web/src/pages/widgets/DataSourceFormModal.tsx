import { DATA_SOURCE_LIMITS, type DataSource, type DataSourceFormat } from '@apm/contract';
import { App, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { serverFieldErrors } from '../../services/request';
import { saveDataSource } from '../../services/widgets';
import { widgetErrorText } from './widget-errors';

/** The form's values. */
interface SourceValues {
  name: string;
  url: string;
  format: DataSourceFormat;
  itemPath: string;
  titleField: string;
  textField: string;
  intervalSeconds: number;
  enabled: boolean;
}

const FIELDS: readonly (keyof SourceValues)[] = [
  'name',
  'url',
  'format',
  'itemPath',
  'titleField',
  'textField',
  'intervalSeconds',
  'enabled',
];

/** Props of {@link DataSourceFormModal}. */
export interface DataSourceFormModalProps {
  /** The source edited; null creates one. */
  source: DataSource | null;
  onClose(): void;
  onSaved(saved: DataSource): void;
}

/**
 * Creates or edits a data source: a JSON feed (path to its items, title and text fields) or an
 * RSS/Atom feed, and its interval. The server fetches it once on save; a refused address or name is
 * marked on its field.
 */
export function DataSourceFormModal({ source, onClose, onSaved }: DataSourceFormModalProps) {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SourceValues>();
  const format = Form.useWatch('format', form) ?? source?.format ?? 'rss';
  const initialValues: SourceValues = {
    name: source?.name ?? '',
    url: source?.url ?? '',
    format: source?.format ?? 'rss',
    itemPath: source?.itemPath ?? '',
    titleField: source?.titleField ?? 'title',
    textField: source?.textField ?? '',
    intervalSeconds: source?.intervalSeconds ?? 600,
    enabled: source?.enabled ?? true,
  };
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: tc('common.required', { field }),
  });

  const onSave = async (values: SourceValues) => {
    const saved = await saveDataSource({
      ...values,
      id: source?.id,
      name: values.name.trim(),
      url: values.url.trim(),
    });
    void message.success(t('sources.saved'));
    onSaved(saved);
  };
  const describeFailure = (failure: unknown) => {
    const text = widgetErrorText(failure);
    const marks = Object.keys(serverFieldErrors(failure))
      .filter((key): key is keyof SourceValues => (FIELDS as readonly string[]).includes(key))
      .map((name) => ({ name, errors: [text] }));
    if (marks.length) form.setFields(marks);
    return text;
  };

  return (
    <FormModal<SourceValues>
      title={source ? t('sources.editTitle', { name: source.name }) : t('sources.createTitle')}
      form={form}
      name="dataSource"
      initialValues={initialValues}
      saveButtonId="data-source-save"
      width={560}
      onSave={onSave}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('sources.name')} rules={[required(t('sources.name')), { max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('sources.url')}
        extra={t('sources.urlHint')}
        rules={[
          required(t('sources.url')),
          { max: 2048 },
          { pattern: /^https?:\/\/\S+$/i, message: t('sources.urlHint') },
        ]}
      >
        <Input maxLength={2048} placeholder="https://" />
      </Form.Item>
      <Form.Item name="format" label={t('sources.format')} rules={[{ required: true }]}>
        <Select
          options={(['rss', 'json'] as const).map((f) => ({ value: f, label: t(`sources.formats.${f}`) }))}
        />
      </Form.Item>
      {format === 'json' ? (
        <>
          <Form.Item
            name="itemPath"
            label={t('sources.itemPath')}
            extra={t('sources.itemPathHint')}
            rules={[{ max: 200 }]}
          >
            <Input maxLength={200} placeholder="data.items" />
          </Form.Item>
          <Form.Item
            name="titleField"
            label={t('sources.titleField')}
            rules={[required(t('sources.titleField')), { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="textField" label={t('sources.textField')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        name="intervalSeconds"
        label={t('sources.interval')}
        rules={[{ required: true, message: tc('common.required', { field: t('sources.interval') }) }]}
      >
        <InputNumber
          min={DATA_SOURCE_LIMITS.minIntervalSeconds}
          max={DATA_SOURCE_LIMITS.maxIntervalSeconds}
          precision={0}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('sources.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
