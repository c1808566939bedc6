import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, type Faq, type Language } from '@apm/contract';
import { App, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { LANGUAGES } from '../../locales/languages';
import { serverFieldErrors } from '../../services/request';
import { saveFaq } from '../../services/faq';
import { faqErrorText } from './faq-errors';

interface FaqFormValues {
  language: Language;
  question: string;
  answer: string;
  sort?: number;
  published: boolean;
}

/** Props of {@link FaqFormModal}: `entry` edits it, `null` creates one in `defaultLanguage`. */
export interface FaqFormModalProps {
  entry: Faq | null;
  defaultLanguage: Language;
  onClose(): void;
  onSaved(): void;
}

/** Create/edit dialog of a common problem: language, question, answer, order and published state. */
export function FaqFormModal({ entry, defaultLanguage, onClose, onSaved }: FaqFormModalProps) {
  const { t } = useTranslation('faq');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FaqFormValues>();

  const initialValues: FaqFormValues = entry
    ? {
        language: entry.language as Language,
        question: entry.question,
        answer: entry.answer,
        sort: entry.sort,
        published: entry.published,
      }
    : { language: defaultLanguage, question: '', answer: '', sort: 0, published: true };

  const save = async (values: FaqFormValues) => {
    await saveFaq({
      id: entry?.id,
      language: values.language,
      question: values.question.trim(),
      answer: values.answer.trim(),
      sort: values.sort ?? 0,
      published: values.published,
    });
    void message.success(t('saved'));
    onSaved();
  };

  const describeFailure = (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    const known = (['question', 'answer', 'language'] as const).filter((f) => fields[f]);
    if (known.length) form.setFields(known.map((f) => ({ name: f, errors: [fields[f]!] })));
    return faqErrorText(failure);
  };

  return (
    <FormModal<FaqFormValues>
      title={entry ? t('editTitle') : t('createTitle')}
      form={form}
      name="faq"
      initialValues={initialValues}
      saveButtonId="faq-save"
      width={720}
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="language"
            label={t('language')}
            rules={[{ required: true, message: tc('common.requiredSelect', { field: t('language') }) }]}
          >
            <Select
              options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              data-testid="faq-language"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name="sort" label={tc('common.sort')}>
            <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name="published" label={t('published')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="question"
            label={t('question')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: tc('common.required', { field: t('question') }),
              },
              {
                max: FAQ_QUESTION_MAX,
                message: tc('common.tooLong', { field: t('question'), max: FAQ_QUESTION_MAX }),
              },
            ]}
          >
            <Input autoFocus maxLength={FAQ_QUESTION_MAX} data-testid="faq-question" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="answer"
            label={t('answer')}
            rules={[
              { required: true, whitespace: true, message: tc('common.required', { field: t('answer') }) },
              {
                max: FAQ_ANSWER_MAX,
                message: tc('common.tooLong', { field: t('answer'), max: FAQ_ANSWER_MAX }),
              },
            ]}
          >
            <Input.TextArea rows={6} maxLength={FAQ_ANSWER_MAX} showCount data-testid="faq-answer" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
