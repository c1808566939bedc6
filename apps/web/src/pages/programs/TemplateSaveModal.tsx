import type { ProgramSummary } from '@apm/contract';
import { App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { saveProgramTemplate } from '../../services/program';
import { serverFieldErrors } from '../../services/request';
import { useAccountStore } from '../../stores/account';
import { programErrorText } from './program-errors';

interface TemplateValues {
  name: string;
  shared: boolean;
}

/** Props of {@link TemplateSaveModal}. */
export interface TemplateSaveModalProps {
  program: ProgramSummary;
  onClose(): void;
}

/** "Save as template": a name, and for platform users the choice to offer it to every tenant. */
export function TemplateSaveModal({ program, onClose }: TemplateSaveModalProps) {
  const { t } = useTranslation('programs');
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateValues>();
  // The server decides (platform users only); the console offers the choice where it will be accepted.
  const platform = useAccountStore((s) => s.user?.office?.kind === 'platform');

  const save = async (values: TemplateValues) => {
    await saveProgramTemplate({ programId: program.id, name: values.name.trim(), shared: values.shared });
    void message.success(t('templateSaved'));
    onClose();
  };
  const describeFailure = (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    form.setFields(
      (['name', 'shared'] as const).filter((f) => fields[f]).map((f) => ({ name: f, errors: [fields[f]!] })),
    );
    return programErrorText(failure);
  };

  return (
    <FormModal<TemplateValues>
      title={t('templateTitle', { name: program.name })}
      form={form}
      name="programTemplate"
      initialValues={{ name: program.name, shared: false }}
      saveButtonId="program-template-save"
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('templateName')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} autoFocus data-testid="program-template-name" />
      </Form.Item>
      {platform ? (
        <Form.Item name="shared" valuePropName="checked" extra={t('templateSharedHint')}>
          <Checkbox data-testid="program-template-shared">{t('templateShared')}</Checkbox>
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
