/** Permission helpers for pages: `useAccess()` with `can()` and `guardedAction()`. */
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountStore } from '../stores/account';
import { useLocaleStore } from '../stores/locale';
import { hasPermission, type Authorities } from './authority';
import { permissionNameParts } from './permission-name';

const NOBODY: Authorities = { permissions: [], roles: [] };

/** What {@link useAccess} answers. */
export interface Access {
  /** Whether the signed-in user holds a permission string (`sys:user:edit`); `*` is always held. */
  can(permission: string): boolean;
  /** The permission's name in the current language (`User management – Edit`). */
  permissionName(permission: string): string;
  /**
   * Wraps an action: with the permission it runs `fn`; without it shows
   * '对不起，您没有操作权限：<permission name>' (translated) and does nothing else.
   */
  guardedAction<A extends unknown[], R>(
    permission: string,
    fn: (...args: A) => R,
  ): (...args: A) => R | undefined;
}

/** The signed-in user's permission checks for controls and actions. */
export function useAccess(): Access {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useAccountStore((s) => s.user);
  const language = useLocaleStore((s) => s.language);
  const authorities = user ?? NOBODY;

  const can = useCallback((permission: string) => hasPermission(authorities, permission), [authorities]);
  const permissionName = useCallback(
    (permission: string) => t('access.permissionName', permissionNameParts(permission, language)),
    [t, language],
  );
  const guardedAction = useCallback(
    <A extends unknown[], R>(permission: string, fn: (...args: A) => R) =>
      (...args: A): R | undefined => {
        if (can(permission)) return fn(...args);
        void message.warning(t('access.noOperation', { name: permissionName(permission) }));
        return undefined;
      },
    [can, message, permissionName, t],
  );
  return useMemo(() => ({ can, permissionName, guardedAction }), [can, permissionName, guardedAction]);
}
