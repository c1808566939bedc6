import { Tooltip } from 'antd';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from './use-access';

/** Props of {@link Authorized}. */
export interface AuthorizedProps {
  /** Permission string the control needs, e.g. `sys:user:edit`. */
  permission: string;
  /** One control (antd Button, Switch, …) that accepts `disabled`. */
  children: ReactElement<{ disabled?: boolean }>;
  /** `hide` renders nothing instead of a disabled control. */
  mode?: 'disable' | 'hide';
  /** Rendered instead when hidden. */
  fallback?: ReactNode;
  /**
   * Anything else (event handlers, refs, aria props that a wrapping Popconfirm, Tooltip or
   * Dropdown passes to its child) goes on to the control.
   */
  [passThrough: string]: unknown;
}

/**
 * Renders its control as is when the user holds `permission`; otherwise disabled, with the
 * tooltip 'no permission' (translated), or not at all with `mode="hide"`.
 */
export function Authorized({
  permission,
  children,
  mode = 'disable',
  fallback = null,
  ...passThrough
}: AuthorizedProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (can(permission)) {
    return Object.keys(passThrough).length && isValidElement(children)
      ? cloneElement(children, passThrough)
      : children;
  }
  if (mode === 'hide' || !isValidElement(children)) return <>{fallback}</>;
  return (
    <Tooltip title={t('access.noPermission')}>
      {/* A disabled button swallows pointer events, so the tooltip needs a wrapper. */}
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="no-permission">
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}
