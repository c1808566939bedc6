import {
  DICT_DESCRIPTION_MAX,
  DICT_LABEL_MAX,
  DICT_TYPE_PATTERN,
  DICT_VALUE_PATTERN,
  Languages,
  type DictEntry,
  type DictLabels,
} from '@apm/contract';
import { App, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { LANGUAGES } from '../../locales/languages';
import { saveDict } from '../../services/dictionary';
import { serverFieldErrors } from '../../services/request';
import { dictErrorText } from './dict-errors';

interface DictFormValues {
  type: string;
  value: string;
  labels: DictLabels;
  description?: string;
  sort?: number;
  enabled: boolean;
}

/** Props of {@link DictFormModal}: `entry` edits it, `null` creates one (of `defaultType` when given). */
export interface DictFormModalProps {
  entry: DictEntry | null;
  defaultType?: string;
  onClose(): void;
  onSaved(): void;
}

const TYPE_RE = new RegExp(DICT_TYPE_PATTERN);
const VALUE_RE = new RegExp(DICT_VALUE_PATTERN);
const emptyLabels = () => Object.fromEntries(Languages.map((l) => [l, ''])) as DictLabels;

/** Create/edit dialog of a dictionary entry: type, value, a label for each of the seven languages. */
export function DictFormModal({ entry, defaultType, onClose, onSaved }: DictFormModalProps) {
  const { t } = useTranslation('dictionary');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DictFormValues>();

  const initialValues: DictFormValues = entry
    ? {
        type: entry.type,
        value: entry.value,
        labels: { ...emptyLabels(), ...entry.labels },
        description: entry.description ?? '',
        sort: entry.sort,
        enabled: entry.enabled,
      }
    : { type: defaultType ?? '', value: '', labels: emptyLabels(), description: '', sort: 0, enabled: true };

  const save = async (values: DictFormValues) => {
    await saveDict({
      id: entry?.id,
      type: values.type.trim(),
      value: values.value.trim(),
      labels: Object.fromEntries(Languages.map((l) => [l, values.labels[l].trim()])) as DictLabels,
      description: values.description?.trim() ?? '',
      sort: values.sort ?? 0,
      enabled: values.enabled,
    });
    void message.success(t('saved'));
    onSaved();
  };

  const describeFailure = (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    const known = Object.keys(fields).map((key) => ({
      name: (key.startsWith('labels.') ? ['labels', key.slice(7)] : [key]) as never,
      errors: [fields[key]!],
    }));
    if (known.length) form.setFields(known);
    return dictErrorText(failure);
  };

  return (
    <FormModal<DictFormValues>
      title={entry ? t('editTitle', { name: `${entry.type} / ${entry.value}` }) : t('createTitle')}
      form={form}
      name="dict"
      initialValues={initialValues}
      saveButtonId="dict-save"
      width={720}
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="type"
            label={t('type')}
            tooltip={t('typeRule')}
            rules={[
              { required: true, whitespace: true, message: tc('common.required', { field: t('type') }) },
              { pattern: TYPE_RE, message: t('typeRule') },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid="dict-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="value"
            label={t('value')}
            tooltip={t('valueRule')}
            rules={[
              { required: true, whitespace: true, message: tc('common.required', { field: t('value') }) },
              { pattern: VALUE_RE, message: t('valueRule') },
            ]}
          >
            <Input maxLength={64} data-testid="dict-value" />
          </Form.Item>
        </Col>
        {LANGUAGES.map((lang) => {
          const field = t('labelFor', { language: lang.label });
          return (
            <Col xs={24} sm={12} key={lang.code}>
              <Form.Item
                name={['labels', lang.code]}
                label={field}
                rules={[
                  { required: true, whitespace: true, message: tc('common.required', { field }) },
                  { max: DICT_LABEL_MAX, message: tc('common.tooLong', { field, max: DICT_LABEL_MAX }) },
                ]}
              >
                <Input maxLength={DICT_LABEL_MAX} lang={lang.tag} data-testid={`dict-label-${lang.code}`} />
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={tc('common.sort')}>
            <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="enabled" label={tc('common.status')} valuePropName="checked">
            <Switch checkedChildren={tc('common.enabled')} unCheckedChildren={tc('common.disabled')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="description"
            label={t('description')}
            rules={[
              {
                max: DICT_DESCRIPTION_MAX,
                message: tc('common.tooLong', { field: t('description'), max: DICT_DESCRIPTION_MAX }),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={DICT_DESCRIPTION_MAX} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
