import { LockOutlined } from '@ant-design/icons';
import { isStrongPassword, type UserInfo } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery, queryKeys } from '../../services/queries';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';
import { pwdPastDueModify } from '../../services/user';
import { NewPasswordFields } from '../registration/NewPasswordFields';

interface ExpiredPasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Form replacing an expired password (`pwdPastDueModify`); both passwords are encrypted when
 * landing encryption is on. On success the user continues to `/home`.
 */
export function ExpiredPasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExpiredPasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: ExpiredPasswordValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const key = await queryClient.fetchQuery(publishKeyQuery());
      const body = await protectFields(
        { oldPassword: values.oldPassword, newPassword: values.newPassword },
        ['oldPassword', 'newPassword'],
        key,
      );
      await pwdPastDueModify(body);
      // Clear the flag before leaving, or the layout would send the user straight back here.
      queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (old) => old && { ...old, pwdPastDue: false });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void message.success(t('account.success'));
      navigate('/home', { replace: true });
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields.oldPassword || (failure instanceof RequestError && failure.reason === 'badCredentials')) {
        form.setFields([{ name: 'oldPassword', errors: [t('account.wrongOld')] }]);
      } else if (fields.newPassword === 'same') {
        form.setFields([{ name: 'newPassword', errors: [t('account.newPasswordSame')] }]);
      } else if (
        fields.newPassword ||
        (failure instanceof RequestError && failure.reason === 'weakPassword')
      ) {
        form.setFields([{ name: 'newPassword', errors: [t('account.newPasswordRule')] }]);
      } else if (failure instanceof RequestError && failure.kind !== 'http') {
        setError(describeError(failure));
      } else {
        setError(t('account.failed'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<ExpiredPasswordValues>
      form={form}
      name="pwdPastDue"
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
        policy={{ test: isStrongPassword, message: t('account.newPasswordRule') }}
        confirm={{
          label: t('account.confirmPassword'),
          requiredMessage: t('account.confirmRequired'),
          mismatchMessage: t('account.confirmMismatch'),
        }}
        differentFrom={{ name: 'oldPassword', message: t('account.newPasswordSame') }}
      />
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('account.submit')}
      </Button>
    </Form>
  );
}
