import { isStrongPassword, meetsPasswordRule, type PasswordRule } from '@apm/contract';
import { AppError } from '../../lib/errors.js';
import type { SettingsService } from '../settings/service.js';

/**
 * A 4xx naming one field: `jsonObject.fields[field]` holds a short code the console maps to a text
 * (`weak`, `wrong`, `same`, `taken`, `invalid`, `required`), the message says it in English.
 */
export const fieldFault = (status: number, field: string, code: string, msg: string, reason = 'validation') =>
  new AppError(status, msg, reason, { fields: { [field]: code } });

/** The password policy from the settings `passwordMinLength` and `passwordStrength`. */
export async function passwordRule(settings: SettingsService): Promise<PasswordRule> {
  return {
    minLength: await settings.get('passwordMinLength'),
    strength: await settings.get('passwordStrength'),
  };
}

const STRENGTH_TEXT: Record<number, string> = {
  1: 'a letter and a digit',
  2: 'upper- and lower-case letters and a digit',
  3: 'upper- and lower-case letters, a digit and a symbol',
};

/**
 * Checks a new password against the policy; 400 naming `field` (`weak`) when it does not meet it.
 * Answers the `userPwdType` it earns ('2' strong, '1' ordinary).
 */
export async function checkPasswordPolicy(
  settings: SettingsService,
  field: string,
  password: string,
): Promise<'1' | '2'> {
  const rule = await passwordRule(settings);
  if (!meetsPasswordRule(password, rule)) {
    const what = STRENGTH_TEXT[rule.strength] ?? STRENGTH_TEXT[1];
    throw fieldFault(
      400,
      field,
      'weak',
      `${field} must be ${rule.minLength}–64 characters with ${what}`,
      'weakPassword',
    );
  }
  return isStrongPassword(password) ? '2' : '1';
}
