import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Authorized } from '../../access/Authorized';

/** Props of {@link GuardedIconButton}. */
export interface GuardedIconButtonProps {
  /** The tooltip, also the button's accessible name. */
  title: string;
  /** Permission the action needs; without it the button shows disabled (see {@link Authorized}). */
  permission: string;
  icon: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId: string;
}

/** A small icon-only toolbar button with a tooltip, for an action that needs a permission. */
export function GuardedIconButton(props: GuardedIconButtonProps) {
  const { title, permission, icon, danger, disabled, onClick, testId } = props;
  return (
    <Tooltip title={title}>
      <Authorized permission={permission}>
        <Button
          size="small"
          danger={danger}
          icon={icon}
          aria-label={title}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
        />
      </Authorized>
    </Tooltip>
  );
}
