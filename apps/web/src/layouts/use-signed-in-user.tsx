/** The signed-in user of a layout: asked from the server, put into the account and preferences stores. */
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '@apm/contract';
import { isSuperAdmin } from '../access/authority';
import { queryKeys, userInfoQuery } from '../services/queries';
import { queryClient } from '../services/query-client';
import { useAccountStore } from '../stores/account';
import { usePreferencesStore } from '../stores/preferences';

/** Puts a user record into the account store and loads their preferences, unless both hold them already. */
function adoptUser(user: UserInfo): void {
  const account = useAccountStore.getState();
  if (account.user !== user) account.setUser(user);
  usePreferencesStore.getState().load(String(user.id), isSuperAdmin(user));
}

/**
 * The user record reaches the stores as soon as it is in the cache, before a layout draws: the
 * layout's first render then finds them `ready` and draws the shell and page in one interruptible
 * render. Filled by the layout's effects instead, the stores' change re-rendered the whole shell and
 * page synchronously (≈ 200 ms in one task at start-up).
 */
function followUserRecord(): void {
  const adoptCached = () => {
    const user = queryClient.getQueryData<UserInfo>(queryKeys.userInfo);
    if (user) adoptUser(user);
  };
  adoptCached();
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === queryKeys.userInfo[0]) adoptCached();
  });
}
followUserRecord();

/**
 * Loads the signed-in user and hands them to the account store (permission checks) and the preferences
 * store (their display settings). `ready` once both stores hold this user, so that menus, guards and
 * preferences agree from the first paint (turned in a deferred render).
 */
export function useSignedInUser() {
  const userQuery = useQuery(userInfoQuery());
  const storedUser = useAccountStore((s) => s.user);
  const preferencesOwner = usePreferencesStore((s) => s.owner);
  const user = userQuery.data;

  // The cache subscription above adopts every update; this covers stores emptied since (signing out).
  useEffect(() => {
    if (user) adoptUser(user);
  }, [user]);

  const storesHoldUser =
    user !== undefined && storedUser?.id === user.id && preferencesOwner === String(user.id);
  // The stores and the query cache change in synchronous renders; turning `ready` there would draw the
  // whole shell and page in one task. Deferred, the layout draws them in a render React can interrupt.
  const ready = useDeferredValue(storesHoldUser);
  return { userQuery, user, ready };
}

/** Shown when the user record could not be loaded: try again, or back to signing in. */
export function UserLoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('home.loadFailed')}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('home.retry')}
        </Button>,
        <Link key="login" to="/login">
          <Button>{t('common.backToLogin')}</Button>
        </Link>,
      ]}
    />
  );
}
