import { STRATEGY_DESCRIPTION_MAX, STRATEGY_NAME_MAX, type StrategyDetail } from '@apm/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { serverFieldErrors } from '../../services/request';
import { saveStrategy } from '../../services/strategies';
import { PolicyFields } from './PolicyFields';
import { strategyErrorText } from './strategy-errors';
import { documentOf, formFieldOf, formProblem, formValuesOf, type StrategyFormValues } from './strategy-form';

/** Props of {@link StrategyFormModal}: `strategy` edits it, `null` creates one. */
export interface StrategyFormModalProps {
  strategy: StrategyDetail | null;
  onClose(): void;
  onSaved(saved: StrategyDetail): void;
}

/** Thrown when the contract's check of the form's document fails (shown on its field). */
class FormProblem extends Error {}

/** Create/edit dialog of a strategy: name, description and its policies, checked as the server checks them. */
export function StrategyFormModal({ strategy, onClose, onSaved }: StrategyFormModalProps) {
  const { t } = useTranslation('strategies');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StrategyFormValues>();

  const save = async (values: StrategyFormValues) => {
    const problem = formProblem(values);
    if (problem) {
      form.setFields([{ name: problem.path as never, errors: [problem.message] }]);
      throw new FormProblem(problem.message);
    }
    const saved = await saveStrategy({
      id: strategy?.id,
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      document: documentOf(values),
      baseRevision: strategy?.revision,
    });
    void message.success(t('saved'));
    onSaved(saved);
  };

  const describeFailure = (failure: unknown) => {
    if (failure instanceof FormProblem) return failure.message;
    const fields = serverFieldErrors(failure);
    const known = Object.entries(fields).flatMap(([key, error]) => {
      const path = formFieldOf(key);
      return path ? [{ name: path as never, errors: [error] }] : [];
    });
    if (known.length) form.setFields(known);
    return strategyErrorText(failure);
  };

  return (
    <FormModal<StrategyFormValues>
      title={strategy ? t('editTitle', { name: strategy.name }) : t('createTitle')}
      form={form}
      name="strategy"
      initialValues={formValuesOf(strategy)}
      saveButtonId="strategy-save"
      width={820}
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: tc('common.required', { field: t('name') }) },
          {
            max: STRATEGY_NAME_MAX,
            message: tc('common.tooLong', { field: t('name'), max: STRATEGY_NAME_MAX }),
          },
        ]}
      >
        <Input autoFocus maxLength={STRATEGY_NAME_MAX} data-testid="strategy-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[
          {
            max: STRATEGY_DESCRIPTION_MAX,
            message: tc('common.tooLong', { field: t('description'), max: STRATEGY_DESCRIPTION_MAX }),
          },
        ]}
      >
        <Input.TextArea rows={2} maxLength={STRATEGY_DESCRIPTION_MAX} />
      </Form.Item>
      <PolicyFields />
    </FormModal>
  );
}
