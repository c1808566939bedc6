import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userInfoQuery } from '../../services/queries';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';

/**
 * `/personalCenter`: the account's details; with an expired password (`?pwdPastDue=1` or the
 * user's `pwdPastDue`) it first asks for a new one.
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: user } = useQuery(userInfoQuery());
  const expired = user ? user.pwdPastDue : searchParams.get('pwdPastDue') === '1';

  return (
    <Flex vertical gap={16} style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>
      {expired ? (
        <Card title={t('account.pwdExpiredTitle')} data-testid="pwd-past-due">
          <Alert type="warning" showIcon title={t('account.pwdExpiredDesc')} style={{ marginBottom: 24 }} />
          <ExpiredPasswordForm />
        </Card>
      ) : null}
      {user ? (
        <Card title={t('account.profile')}>
          <Descriptions
            column={1}
            items={[
              { key: 'name', label: t('account.name'), children: user.name || '—' },
              { key: 'loginName', label: t('account.loginName'), children: user.loginName },
              {
                key: 'office',
                label: t('account.office'),
                children: user.office?.name ?? t('home.noOffice'),
              },
            ]}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
