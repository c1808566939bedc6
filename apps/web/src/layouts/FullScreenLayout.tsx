import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { ShellTheme } from './shell/ShellTheme';
import { UserLoadFailed, useSignedInUser } from './use-signed-in-user';

/**
 * Layout of the signed-in full-screen pages outside the shell (program editor, publish settings, terminal
 * selection, the preview frame): the user in the account store (so permission checks agree with the
 * server) and the user's display preferences, without the header, menu and tabs.
 */
export default function FullScreenLayout() {
  const { userQuery, user, ready } = useSignedInUser();
  if (userQuery.isPending) return <PageLoading />;
  if (!user) return <UserLoadFailed onRetry={() => void userQuery.refetch()} />;
  if (!ready) return <PageLoading />;
  return (
    <ShellTheme>
      <Outlet />
    </ShellTheme>
  );
}
