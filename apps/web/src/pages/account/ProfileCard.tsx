import type { UserInfo } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUserInfo } from '../../services/account';
import { queryKeys } from '../../services/queries';
import { AvatarUpload } from './AvatarUpload';

/** The profile: picture, name (editable), login name, organisation and roles. */
export function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('account');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const refresh = (patch: Partial<UserInfo>) => {
    queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (old) => old && { ...old, ...patch });
    void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    void queryClient.invalidateQueries({ queryKey: ['accountProfile'] });
  };

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await saveUserInfo({ name: name.trim() });
      refresh({ name: name.trim() });
      void message.success(ta('saved'));
      setEditing(false);
    } catch {
      form.setFields([{ name: 'name', errors: [ta('saveFailed')] }]);
    } finally {
      setSaving(false);
    }
  };

  const nameField = editing ? (
    <Form form={form} layout="inline" onFinish={save} initialValues={{ name: user.name }} disabled={saving}>
      <Form.Item
        name="name"
        rules={[
          { required: true, whitespace: true, message: ta('nameRequired') },
          { max: 100, message: ta('nameTooLong') },
        ]}
        style={{ marginBottom: 0 }}
      >
        <Input autoFocus aria-label={t('account.name')} data-testid="profile-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
        {t('common.save')}
      </Button>
      <Button onClick={() => setEditing(false)} style={{ marginInlineStart: 8 }}>
        {t('common.cancel')}
      </Button>
    </Form>
  ) : (
    <Flex gap={8} align="center">
      <span data-testid="profile-name-text">{user.name || '—'}</span>
      <Button type="link" size="small" onClick={() => setEditing(true)} data-testid="profile-edit">
        {ta('editProfile')}
      </Button>
    </Flex>
  );

  return (
    <Card title={t('account.profile')} data-testid="profile">
      <Flex gap={24} wrap align="flex-start">
        <AvatarUpload src={user.avatar} onUploaded={(avatar) => refresh({ avatar })} />
        <Descriptions
          style={{ flex: 1, minWidth: 240 }}
          column={1}
          items={[
            { key: 'name', label: t('account.name'), children: nameField },
            { key: 'loginName', label: t('account.loginName'), children: user.loginName },
            { key: 'office', label: t('account.office'), children: user.office?.name ?? t('home.noOffice') },
            {
              key: 'roles',
              label: t('account.roles'),
              children:
                user.roles.length > 0
                  ? user.roles.map((r) => (
                      <Tag key={r.id}>
                        {t(`home.roleNames.${r.id}` as 'home.roleNames.superAdmin', { defaultValue: r.id })}
                      </Tag>
                    ))
                  : t('home.noRoles'),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
