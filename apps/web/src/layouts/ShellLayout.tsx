import { useQuery } from '@tanstack/react-query';
import { Flex, Layout } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useFeedback } from '../components/feedback/use-feedback';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { FALLBACK_BRAND } from '../services/customer';
import { brandQuery } from '../services/queries';
import { RequestError } from '../services/request';
import { ShellFrame } from './shell/ShellFrame';
import { ShellTheme } from './shell/ShellTheme';
import { UserLoadFailed, useSignedInUser } from './use-signed-in-user';

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
  // The root App's message API: its toasts outlive the shell (the no-permission warning shows on /403).
  const { message: rootMessage } = useFeedback();
  const location = useLocation();
  const { data: brand = FALLBACK_BRAND } = useQuery(brandQuery());
  const { userQuery, user, ready } = useSignedInUser();

  if (userQuery.isPending) return <PageLoading />;

  const onExpiredPage = location.pathname === PWD_PAST_DUE_PATH;
  const pwdPastDue =
    user?.pwdPastDue === true ||
    (userQuery.error instanceof RequestError && userQuery.error.reason === 'pwdPastDue');
  if (pwdPastDue && !onExpiredPage) return <Navigate to={`${PWD_PAST_DUE_PATH}?pwdPastDue=1`} replace />;

  if (!user) {
    // The server refuses the user record until an expired password is changed: only that form shows.
    if (pwdPastDue) return <ExpiredPasswordFrame />;
    return <UserLoadFailed onRetry={() => void userQuery.refetch()} />;
  }

  // Wait until the stores hold this user, so menus, guards and preferences agree from the first paint.
  if (!ready) return <PageLoading />;
  return (
    <ShellTheme>
      <ShellFrame user={user} brand={brand} rootMessage={rootMessage} />
    </ShellTheme>
  );
}
