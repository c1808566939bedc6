/** Translated texts of failed role-management calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = [
  'grantNotHeld',
  'roleInUse',
  'systemRole',
  'roleNotEditable',
  'roleNotAssignable',
  'codeTaken',
  'notFound',
  'userOutranksCaller',
] as const;

/**
 * The message for a failure: the translated reason when the server named one, the server's
 * message for other answers, the generic text (time-out, network) otherwise.
 * `permissionName` turns a permission string into its translated name.
 */
export function roleErrorText(error: unknown, permissionName: (permission: string) => string): string {
  if (!(error instanceof RequestError)) return String(error);
  const json = (error.jsonObject ?? {}) as { permission?: string; userCount?: number };
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason === 'grantNotHeld') {
    return i18n.t('roles:errors.grantNotHeld', { name: permissionName(json.permission ?? '') });
  }
  if (reason === 'roleInUse') return i18n.t('roles:errors.roleInUse', { count: json.userCount ?? 0 });
  if (reason) return i18n.t(`roles:errors.${reason}`);
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401) return error.envelope.msg;
  return describeError(error);
}
