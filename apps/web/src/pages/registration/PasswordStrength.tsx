import { Progress, Typography } from 'antd';
import { strengthOf, type StrengthLevel } from './password-rule';

/** Props of {@link PasswordStrength}. */
export interface PasswordStrengthProps {
  password: string | undefined;
  /** The text for a level, e.g. "Strength: weak". */
  label: (level: StrengthLevel) => string;
}

const LOOK: Record<StrengthLevel, { percent: number; color: string }> = {
  weak: { percent: 33, color: '#ff4d4f' },
  medium: { percent: 66, color: '#faad14' },
  strong: { percent: 100, color: '#52c41a' },
};

/** A small bar with a word saying how strong the password being typed looks. */
export function PasswordStrength({ password, label }: PasswordStrengthProps) {
  if (!password) return null;
  const level = strengthOf(password);
  return (
    <div data-testid="password-strength" data-level={level} aria-live="polite">
      <Progress
        percent={LOOK[level].percent}
        strokeColor={LOOK[level].color}
        showInfo={false}
        size="small"
        style={{ marginBottom: 0 }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label(level)}
      </Typography.Text>
    </div>
  );
}
