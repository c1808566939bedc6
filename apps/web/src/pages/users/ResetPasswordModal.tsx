import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { resetUserPassword, type AdminUser } from '../../services/user-admin';
import { userErrorText } from './user-errors';
import { passwordAcceptable } from './user-form';

interface ResetValues {
  password: string;
  confirm: string;
}

/** Sets a new password for a user (encrypted when landing encryption is on); their sessions end. */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ResetValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ password }: ResetValues) => {
    setError(null);
    setSaving(true);
    try {
      const key = await queryClient.fetchQuery(publishKeyQuery());
      await resetUserPassword(user.id, (await protectFields({ password }, ['password'], key)).password);
      void message.success(t('resetDone'));
      onClose();
    } catch (failure) {
      setError(userErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('resetTitle', { name: user.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: saving, id: 'reset-save' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<ResetValues>
        form={form}
        name="resetPassword"
        layout="vertical"
        onFinish={onFinish}
        disabled={saving}
      >
        <Form.Item
          name="password"
          label={t('newPassword')}
          tooltip={t('passwordRule')}
          rules={[
            { required: true, message: tc('common.required', { field: t('newPassword') }) },
            {
              validator: async (_, value?: string) => {
                if (value && !passwordAcceptable(value, user.loginName)) throw new Error(t('passwordRule'));
              },
            },
          ]}
        >
          <Input.Password autoFocus maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: tc('common.required', { field: t('confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('confirmMismatch'));
              },
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
