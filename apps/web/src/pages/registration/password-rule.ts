/** Password rule and strength helpers shared by the sign-up, recovery and personal center forms. */
import { meetsPasswordRule, type PasswordRule } from '@apm/contract';

/** How strong a password looks. */
export type StrengthLevel = 'weak' | 'medium' | 'strong';

/** Rough strength: character classes and length. */
export function strengthOf(password: string): StrengthLevel {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (password.length >= 12 && classes >= 3) return 'strong';
  if (password.length >= 10 && classes === 4) return 'strong';
  if (password.length >= 8 && classes >= 2) return 'medium';
  return 'weak';
}

/** The rule when the server has not said: 8 characters with a letter and a digit. */
export const DEFAULT_RULE: PasswordRule = { minLength: 8, strength: 1 };

/** Which `what<n>` text describes the rule's strength (1–3). */
export const ruleWhatKey = (rule: PasswordRule) =>
  `what${Math.min(3, Math.max(1, rule.strength))}` as 'what1' | 'what2' | 'what3';

export { meetsPasswordRule };
