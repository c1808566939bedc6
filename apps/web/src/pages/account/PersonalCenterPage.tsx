import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userInfoQuery } from '../../services/queries';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';

/**
 * `/personalCenter`: the account's profile from getUserInfo and the password change; with an
 * expired password (`?pwdPastDue=1` or the user's `pwdPastDue`) the change comes first.
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: user } = useQuery(userInfoQuery());
  const expired = user ? user.pwdPastDue : searchParams.get('pwdPastDue') === '1';

  const passwordCard = (
    <Card
      title={expired ? t('account.pwdExpiredTitle') : t('account.changePassword')}
      data-testid={expired ? 'pwd-past-due' : 'change-password'}
    >
      {expired ? (
        <Alert type="warning" showIcon title={t('account.pwdExpiredDesc')} style={{ marginBottom: 24 }} />
      ) : null}
      <ExpiredPasswordForm />
    </Card>
  );

  return (
    <Flex vertical gap={16} style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>
      {expired ? passwordCard : null}
      {user ? (
        <Card title={t('account.profile')} data-testid="profile">
          <Flex gap={24} wrap align="flex-start">
            <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
            <Descriptions
              style={{ flex: 1, minWidth: 240 }}
              column={1}
              items={[
                { key: 'name', label: t('account.name'), children: user.name || '—' },
                { key: 'loginName', label: t('account.loginName'), children: user.loginName },
                { key: 'email', label: t('account.email'), children: user.email || '—' },
                { key: 'phone', label: t('account.phone'), children: user.phone || '—' },
                {
                  key: 'office',
                  label: t('account.office'),
                  children: user.office?.name ?? t('home.noOffice'),
                },
                {
                  key: 'roles',
                  label: t('account.roles'),
                  children:
                    user.roles.length > 0
                      ? user.roles.map((r) => (
                          <Tag key={r.id}>
                            {t(`home.roleNames.${r.id}` as 'home.roleNames.superAdmin', {
                              defaultValue: r.id,
                            })}
                          </Tag>
                        ))
                      : t('home.noRoles'),
                },
              ]}
            />
          </Flex>
        </Card>
      ) : null}
      {expired ? null : passwordCard}
    </Flex>
  );
}
