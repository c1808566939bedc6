/** Maps a failed sign-in to the translated message the login page shows (never the raw server text). */
import type { Messages } from '../../../locales/en-US';
import { RequestError } from '../../../services/request';

/** Key under `login.errors.*`. */
export type LoginErrorKey = keyof Messages['login']['errors'];

const REASONS: readonly LoginErrorKey[] = [
  'badCredentials',
  'captchaRequired',
  'captchaWrong',
  'verificationRequired',
  'verificationWrong',
  'accountDisabled',
  'rateLimited',
  'decryptFailed',
];

/** The message key for a sign-in (or send-code) failure: by `jsonObject.reason`, then by HTTP status. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (!(error instanceof RequestError)) return 'unknown';
  if (error.kind === 'network' || error.kind === 'timeout') return 'network';
  const reason = REASONS.find((r) => r === error.reason);
  if (reason) return reason;
  if (error.status === 401) return 'badCredentials';
  if (error.status === 403) return 'accountDisabled';
  if (error.status === 429) return 'rateLimited';
  return 'unknown';
}

/** Whether the failure says the image captcha is needed from now on. */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const flag = (error.jsonObject as { needCaptcha?: unknown } | undefined)?.needCaptcha;
  return flag === true || error.reason === 'captchaRequired' || error.reason === 'captchaWrong';
}
