import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { isSuperAdmin } from '../access/authority';
import { PageLoading } from '../components/PageLoading';
import { userInfoQuery } from '../services/queries';
import { useAccountStore } from '../stores/account';
import { usePreferencesStore } from '../stores/preferences';
import { ShellTheme } from './shell/ShellTheme';

/**
 * Layout of the signed-in full-screen pages outside the shell (program editor, publish settings, terminal
 * selection): the user in the account store (so permission checks agree with the server) and the user's
 * display preferences, without the header, menu and tabs.
 */
export default function FullScreenLayout() {
  const { t } = useTranslation();
  const userQuery = useQuery(userInfoQuery());
  const setUser = useAccountStore((s) => s.setUser);
  const storedUser = useAccountStore((s) => s.user);
  const loadPreferences = usePreferencesStore((s) => s.load);
  const preferencesOwner = usePreferencesStore((s) => s.owner);
  const user = userQuery.data;

  useEffect(() => {
    if (user) setUser(user);
  }, [user, setUser]);
  const userId = user?.id;
  const superAdmin = isSuperAdmin(user);
  useEffect(() => {
    if (userId !== undefined) loadPreferences(String(userId), superAdmin);
  }, [userId, superAdmin, loadPreferences]);

  if (userQuery.isPending) return <PageLoading />;
  if (!user) {
    return (
      <Result
        status="warning"
        title={t('home.loadFailed')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void userQuery.refetch()}>
            {t('home.retry')}
          </Button>,
          <Link key="login" to="/login">
            <Button>{t('common.backToLogin')}</Button>
          </Link>,
        ]}
      />
    );
  }
  if (storedUser?.id !== user.id || preferencesOwner !== String(user.id)) return <PageLoading />;
  return (
    <ShellTheme>
      <Outlet />
    </ShellTheme>
  );
}
