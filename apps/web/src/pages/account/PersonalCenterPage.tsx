import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userInfoQuery } from '../../services/queries';
import { BindCard } from './BindCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';
import { ProfileCard } from './ProfileCard';

/**
 * `/personalCenter`: the profile (name, picture), the password change and the bound e-mail and
 * phone; with an expired password (`?pwdPastDue=1` or the user's `pwdPastDue`) the change of the
 * expired password comes first and alone.
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: user } = useQuery(userInfoQuery());
  const expired = user ? user.pwdPastDue : searchParams.get('pwdPastDue') === '1';

  if (expired) {
    return (
      <Flex vertical gap={16} style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>
        <Card title={t('account.pwdExpiredTitle')} data-testid="pwd-past-due">
          <Alert type="warning" showIcon title={t('account.pwdExpiredDesc')} style={{ marginBottom: 24 }} />
          <ExpiredPasswordForm />
        </Card>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>
      {user ? <ProfileCard user={user} /> : null}
      {user ? <BindCard /> : null}
      <Card title={t('account.changePassword')} data-testid="change-password">
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}
