import { LOGIN_NAME_PATTERN } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '../../access/authority';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { RequestError, serverFieldErrors } from '../../services/request';
import {
  checkPhoneOrEmail,
  listAssignableRoles,
  saveUser,
  type AdminUser,
  type DataRange,
} from '../../services/user-admin';
import { useAccountStore } from '../../stores/account';
import { userErrorText } from './user-errors';
import { EMAIL_PATTERN, PHONE_PATTERN, passwordAcceptable, rangesFor } from './user-form';

interface UserFormValues {
  loginName: string;
  name: string;
  email?: string;
  phone?: string;
  officeId?: number;
  roleIds: number[];
  dataRange?: DataRange;
  password?: string;
}

/** Props of {@link UserFormModal}: `user` edits that user, `null` creates one. */
export interface UserFormModalProps {
  user: AdminUser | null;
  onClose(): void;
  onSaved(): void;
}

const FIELDS = [
  'loginName',
  'name',
  'email',
  'phone',
  'officeId',
  'roleIds',
  'dataRange',
  'password',
] as const;

/** Create/edit dialog of a user; the password (create only) is encrypted when landing encryption is on. */
export function UserFormModal({ user, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const me = useAccountStore((s) => s.user);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const creating = user === null;
  const roles = useQuery({
    queryKey: ['user', 'assignableRoles'],
    queryFn: ({ signal }) => listAssignableRoles(signal),
  });
  // Roles the user holds stay selectable even when the caller could not hand them out.
  const roleOptions = [...(roles.data ?? []), ...(user?.roles ?? [])]
    .filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i)
    .map((r) => ({ value: r.id, label: r.name }));

  const uniqueValidator = (field: 'phone' | 'email') => async (_: unknown, value?: string) => {
    const text = value?.trim();
    if (!text) return;
    if (!(field === 'email' ? EMAIL_PATTERN : PHONE_PATTERN).test(text)) return;
    const taken = await checkPhoneOrEmail({ [field]: text, id: user?.id });
    if (field === 'email' ? taken.emailTaken : taken.phoneTaken) {
      throw new Error(t(field === 'email' ? 'emailTaken' : 'phoneTaken'));
    }
  };

  const onFinish = async (values: UserFormValues) => {
    setError(null);
    setSaving(true);
    try {
      let password: string | undefined;
      if (creating && values.password) {
        const key = await queryClient.fetchQuery(publishKeyQuery());
        password = (await protectFields({ password: values.password }, ['password'], key)).password;
      }
      await saveUser({
        id: user?.id,
        loginName: values.loginName.trim(),
        name: values.name.trim(),
        email: values.email?.trim() ?? '',
        phone: values.phone?.trim() ?? '',
        officeId: values.officeId!,
        roleIds: values.roleIds ?? [],
        dataRange: values.dataRange,
        password,
      });
      void message.success(t('saved'));
      onSaved();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const named = FIELDS.filter((f) => fields[f]);
      // A known reason has its translated text; plain validation names the field in the server's words.
      const text = (f: (typeof FIELDS)[number]) =>
        failure instanceof RequestError && failure.reason !== 'validation'
          ? userErrorText(failure)
          : fields[f]!;
      if (named.length) form.setFields(named.map((f) => ({ name: f, errors: [text(f)] })));
      setError(userErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: tc('common.required', { field }),
  });
  return (
    <Modal
      open
      title={creating ? t('createTitle') : t('editTitle', { name: user.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: saving, id: 'user-save' }}
      width={620}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<UserFormValues>
        form={form}
        name="user"
        layout="vertical"
        onFinish={onFinish}
        disabled={saving}
        initialValues={
          user
            ? {
                loginName: user.loginName,
                name: user.name,
                email: user.email ?? '',
                phone: user.phone ?? '',
                officeId: user.officeId,
                roleIds: user.roles.map((r) => r.id),
                dataRange: user.dataRange,
              }
            : { roleIds: [] }
        }
      >
        <Form.Item
          name="loginName"
          label={t('loginName')}
          rules={[required(t('loginName')), { pattern: LOGIN_NAME_PATTERN, message: t('loginNameRule') }]}
        >
          <Input autoFocus maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[
            required(t('name')),
            { max: 100, message: tc('common.tooLong', { field: t('name'), max: 100 }) },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('email')}
          validateTrigger="onBlur"
          rules={[
            { pattern: EMAIL_PATTERN, message: t('emailInvalid') },
            { validator: uniqueValidator('email') },
          ]}
        >
          <Input maxLength={254} type="email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('phone')}
          validateTrigger="onBlur"
          rules={[
            { pattern: PHONE_PATTERN, message: t('phoneInvalid') },
            { validator: uniqueValidator('phone') },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="officeId"
          label={t('office')}
          rules={[{ required: true, message: tc('common.requiredSelect', { field: t('office') }) }]}
        >
          <OfficeTreeSelect allowClear={false} chooseSole />
        </Form.Item>
        <Form.Item name="roleIds" label={t('roles')}>
          <Select mode="multiple" options={roleOptions} loading={roles.isPending} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="dataRange" label={t('dataRange')}>
          <Select
            allowClear
            options={rangesFor(me && { ...me, superAdmin: isSuperAdmin(me) }, user?.id).map((r) => ({
              value: r,
              label: t(`ranges.${r}`),
            }))}
          />
        </Form.Item>
        {creating ? (
          <Form.Item
            name="password"
            label={t('password')}
            tooltip={t('passwordRule')}
            dependencies={['loginName']}
            rules={[
              { required: true, message: tc('common.required', { field: t('password') }) },
              ({ getFieldValue }) => ({
                validator: async (_, value?: string) => {
                  if (value && !passwordAcceptable(value, getFieldValue('loginName'))) {
                    throw new Error(t('passwordRule'));
                  }
                },
              }),
            ]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        ) : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
