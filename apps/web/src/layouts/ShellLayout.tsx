import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Layout, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { isSuperAdmin } from '../access/authority';
import { useFeedback } from '../components/feedback/use-feedback';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { FALLBACK_BRAND } from '../services/customer';
import { brandQuery, userInfoQuery } from '../services/queries';
import { RequestError } from '../services/request';
import { useAccountStore } from '../stores/account';
import { usePreferencesStore } from '../stores/preferences';
import { ShellFrame } from './shell/ShellFrame';
import { ShellTheme } from './shell/ShellTheme';

const PWD_PAST_DUE_PATH = '/personalCenter';

/** Bare frame around the expired-password form while the user record cannot be had. */
function ExpiredPasswordFrame() {
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Flex justify="flex-end" style={{ padding: '8px 12px' }}>
        <LanguageSwitch />
      </Flex>
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

/**
 * Layout of the signed-in pages (the shell). It loads the user into the account store and
 * their display preferences, keeps a user whose password expired on the personal center
 * until it is changed, and renders the shell frame (header, menu, tabs, content, footer).
 */
export default function ShellLayout() {
  const { t } = useTranslation();
  // The root App's message API: its toasts outlive the shell (the no-permission warning shows on /403).
  const { message: rootMessage } = useFeedback();
  const location = useLocation();
  const { data: brand = FALLBACK_BRAND } = useQuery(brandQuery());
  const userQuery = useQuery(userInfoQuery());
  const setUser = useAccountStore((s) => s.setUser);
  const storedUser = useAccountStore((s) => s.user);
  const loadPreferences = usePreferencesStore((s) => s.load);
  const preferencesOwner = usePreferencesStore((s) => s.owner);
  const user = userQuery.data;
  const superAdmin = isSuperAdmin(user);

  useEffect(() => {
    if (user) setUser(user);
  }, [user, setUser]);

  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) loadPreferences(String(userId), superAdmin);
  }, [userId, superAdmin, loadPreferences]);

  if (userQuery.isPending) return <PageLoading />;

  const onExpiredPage = location.pathname === PWD_PAST_DUE_PATH;
  const pwdPastDue =
    user?.pwdPastDue === true ||
    (userQuery.error instanceof RequestError && userQuery.error.reason === 'pwdPastDue');
  if (pwdPastDue && !onExpiredPage) return <Navigate to={`${PWD_PAST_DUE_PATH}?pwdPastDue=1`} replace />;

  if (!user) {
    // The server refuses the user record until an expired password is changed: only that form shows.
    if (pwdPastDue) return <ExpiredPasswordFrame />;
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

  // Wait until the stores hold this user, so menus, guards and preferences agree from the first paint.
  if (storedUser?.id !== user.id || preferencesOwner !== String(user.id)) return <PageLoading />;
  return (
    <ShellTheme>
      <ShellFrame user={user} brand={brand} rootMessage={rootMessage} />
    </ShellTheme>
  );
}
