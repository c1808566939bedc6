/** The signed-in user of a layout: asked from the server, put into the account and preferences stores. */
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSuperAdmin } from '../access/authority';
import { userInfoQuery } from '../services/queries';
import { useAccountStore } from '../stores/account';
import { usePreferencesStore } from '../stores/preferences';

/**
 * Loads the signed-in user and hands them to the account store (permission checks) and the preferences
 * store (their display settings). `ready` once both stores hold this user, so that menus, guards and
 * preferences agree from the first paint.
 */
export function useSignedInUser() {
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

  const ready = user !== undefined && storedUser?.id === user.id && preferencesOwner === String(user.id);
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
