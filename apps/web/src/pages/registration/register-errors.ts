/** Maps server answers of the sign-up and recovery calls to the form's messages. */
import { RequestError, serverFieldErrors } from '../../services/request';

/** Message keys (namespace `registration`) for field codes in `jsonObject.fields`. */
const FIELD_KEYS: Record<string, Record<string, string>> = {
  officeName: { required: 'officeNameRequired' },
  loginName: { invalid: 'loginNamePattern', taken: 'loginNameTaken' },
  username: { required: 'forgot.usernameRequired' },
  password: { weak: 'ruleFailed' },
  newPassword: { weak: 'ruleFailed' },
  email: { taken: 'emailTaken' },
  phone: { taken: 'phoneTaken' },
  verificationCode: { wrong: 'codeWrong' },
  way: { off: 'wayOff' },
};

/** Which form field shows a server field. */
const FORM_FIELD: Record<string, string> = { email: 'target', phone: 'target' };

/** Field errors to set on the form: `[formField, messageKey]`. */
export function fieldMessages(failure: unknown, targetIsPhone: boolean): [string, string][] {
  const out: [string, string][] = [];
  for (const [field, code] of Object.entries(serverFieldErrors(failure))) {
    if (field === 'target') {
      out.push(['target', targetIsPhone ? 'phoneInvalid' : 'emailInvalid']);
      continue;
    }
    const key = FIELD_KEYS[field]?.[code];
    if (key) out.push([FORM_FIELD[field] ?? field, key]);
  }
  return out;
}

/** A message key for failures that are not about one field, or null. */
export function generalMessage(failure: unknown): string | null {
  if (!(failure instanceof RequestError)) return null;
  if (failure.status === 429) return 'tooSoon';
  if (failure.status === 403) return 'closed';
  return null;
}

/** `t` for keys chosen at run time (from the tables above). */
export const looseT = (t: unknown) => t as (key: string, options?: Record<string, unknown>) => string;
