import { Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';

/** Props of {@link GuardedConfirm}. */
export interface GuardedConfirmProps {
  /** Permission the action needs; without it the control shows disabled with 'no permission'. */
  permission: string;
  /** The question asked before acting. */
  title: ReactNode;
  onConfirm(): unknown;
  /** No confirmation opens (the control should be disabled too). */
  disabled?: boolean;
  /** One control (a Button) that accepts `disabled`. */
  children: ReactElement<{ disabled?: boolean }>;
}

/**
 * A control that asks for confirmation (Popconfirm, Yes/No) before a guarded action; without the
 * permission it is disabled with the 'no permission' tooltip like {@link Authorized}.
 */
export function GuardedConfirm({ permission, title, onConfirm, disabled, children }: GuardedConfirmProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (!can(permission)) return <Authorized permission={permission}>{children}</Authorized>;
  return (
    <Popconfirm
      title={title}
      onConfirm={onConfirm}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      disabled={disabled}
    >
      {children}
    </Popconfirm>
  );
}
