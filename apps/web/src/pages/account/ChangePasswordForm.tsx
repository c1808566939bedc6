import { LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyPwd } from '../../services/account';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery, queryKeys } from '../../services/queries';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';
import { NewPasswordFields } from '../registration/NewPasswordFields';
import { DEFAULT_RULE } from '../registration/password-rule';
import { registerConfigQuery } from '../registration/register-config';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Changes the own password with the current one (`modifyPwd`), following the password policy;
 * the user's other sign-ins end, this one stays.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('account', { keyPrefix: 'password' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangePasswordValues>();
  const config = useQuery(registerConfigQuery());
  const rule = config.data?.passwordRule ?? DEFAULT_RULE;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: ChangePasswordValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const key = await queryClient.fetchQuery(publishKeyQuery());
      const body = await protectFields(
        { oldPassword: values.oldPassword, newPassword: values.newPassword },
        ['oldPassword', 'newPassword'],
        key,
      );
      await modifyPwd(body);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void message.success(tp('changed'));
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields.oldPassword) form.setFields([{ name: 'oldPassword', errors: [t('account.wrongOld')] }]);
      else if (fields.newPassword === 'same')
        form.setFields([{ name: 'newPassword', errors: [t('account.newPasswordSame')] }]);
      else if (fields.newPassword) form.setFields([{ name: 'newPassword', errors: [tp('ruleFailed')] }]);
      else if (failure instanceof RequestError && failure.kind !== 'http') setError(describeError(failure));
      else if (failure instanceof RequestError && failure.status === 429) setError(describeError(failure));
      else setError(t('account.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="changePassword"
      layout="vertical"
      onFinish={onFinish}
      disabled={submitting}
      style={{ maxWidth: 420 }}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
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
        policy={{ rule, t: tp }}
        confirm={{
          label: t('account.confirmPassword'),
          requiredMessage: t('account.confirmRequired'),
          mismatchMessage: t('account.confirmMismatch'),
        }}
        differentFrom={{ name: 'oldPassword', message: t('account.newPasswordSame') }}
      />
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="change-password-submit">
        {t('account.submit')}
      </Button>
    </Form>
  );
}
