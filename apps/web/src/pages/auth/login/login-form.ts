/** The sign-in form's values and which of them are missing. Pure. */

/** Values of the sign-in form. */
export interface LoginFields {
  username: string;
  password: string;
  validateCode: string;
  verificationCode: string;
}

/**
 * The fields a submit would send empty, in form order: user name and captcha must have more than
 * blanks, the password anything; the captcha and the second factor only when asked for.
 */
export function missingFields(
  fields: LoginFields,
  needs: { captcha: boolean; verification: boolean },
): (keyof LoginFields)[] {
  const missing: (keyof LoginFields)[] = [];
  if (!fields.username.trim()) missing.push('username');
  if (!fields.password) missing.push('password');
  if (needs.captcha && !fields.validateCode.trim()) missing.push('validateCode');
  if (needs.verification && !fields.verificationCode.trim()) missing.push('verificationCode');
  return missing;
}
