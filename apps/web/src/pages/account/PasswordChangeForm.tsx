import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';
import { useSubmit } from '../../utils/use-submit';
import { NewPasswordFields, type NewPasswordPolicy } from '../registration/NewPasswordFields';

/** Values of {@link PasswordChangeForm}. */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Props of {@link PasswordChangeForm}. */
export interface PasswordChangeFormProps {
  /** Name of the form: field ids are `<name>_<field>`. */
  name: string;
  policy: NewPasswordPolicy;
  /** Shown on the new password when the server finds it against the policy. */
  ruleFailedMessage: string;
  /** Sends both passwords (encrypted when landing encryption is on). */
  save(body: { oldPassword: string; newPassword: string }): Promise<unknown>;
  /** After the change went through. */
  onSaved(form: FormInstance<PasswordChangeValues>): void;
  submitTestId?: string;
}

/** The current password and a new one to replace it (password change, expired password). */
export function PasswordChangeForm(props: PasswordChangeFormProps) {
  const { name, policy, ruleFailedMessage, save, onSaved, submitTestId } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordChangeValues>();
  const { submitting, error, submit } = useSubmit();

  /** Marks the field a failure is about; answers the message for the others. */
  const explain = (failure: unknown): string | null => {
    const fields = serverFieldErrors(failure);
    const reason = failure instanceof RequestError ? failure.reason : undefined;
    if (fields.oldPassword || reason === 'badCredentials') {
      form.setFields([{ name: 'oldPassword', errors: [t('account.wrongOld')] }]);
    } else if (fields.newPassword === 'same') {
      form.setFields([{ name: 'newPassword', errors: [t('account.newPasswordSame')] }]);
    } else if (fields.newPassword || reason === 'weakPassword') {
      form.setFields([{ name: 'newPassword', errors: [ruleFailedMessage] }]);
    } else if (failure instanceof RequestError && (failure.kind !== 'http' || failure.status === 429)) {
      return describeError(failure);
    } else {
      return t('account.failed');
    }
    return null;
  };

  const onFinish = (values: PasswordChangeValues) =>
    submit(async () => {
      const key = await queryClient.fetchQuery(publishKeyQuery());
      const body = await protectFields(
        { oldPassword: values.oldPassword, newPassword: values.newPassword },
        ['oldPassword', 'newPassword'],
        key,
      );
      await save(body);
      onSaved(form);
    }, explain);

  return (
    <Form<PasswordChangeValues>
      form={form}
      name={name}
      layout="vertical"
      onFinish={onFinish}
      disabled={submitting}
      style={{ maxWidth: 420 }}
    >
      <FormErrorAlert error={error} />
      <Form.Item
        name="oldPassword"
        label={t('account.oldPassword')}
        rules={[{ required: true, message: t('account.oldPasswordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <NewPasswordFields
        name="newPassword"
        label={t('account.newPassword')}
        requiredMessage={t('account.newPasswordRequired')}
        policy={policy}
        confirm={{
          label: t('account.confirmPassword'),
          requiredMessage: t('account.confirmRequired'),
          mismatchMessage: t('account.confirmMismatch'),
        }}
        differentFrom={{ name: 'oldPassword', message: t('account.newPasswordSame') }}
      />
      <Button type="primary" htmlType="submit" loading={submitting} data-testid={submitTestId}>
        {t('account.submit')}
      </Button>
    </Form>
  );
}
