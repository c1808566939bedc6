import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link IconButton}. */
export interface IconButtonProps {
  /** The tooltip, also the button's accessible name. */
  title: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  /** antd's size; small in lists, default in toolbars. */
  size?: 'small' | 'middle';
  testId?: string;
}

/** A text-style icon-only button whose tooltip names it (see GuardedIconButton for one that needs a permission). */
export function IconButton({ title, icon, onClick, disabled, size, testId }: IconButtonProps) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size={size}
        icon={icon}
        aria-label={title}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
