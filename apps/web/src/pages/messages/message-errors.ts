/** Translated texts of failed message calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = ['messageConflict', 'notFound', 'notApproved'] as const;

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function messageErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason) return i18n.t(`messages:errors.${reason}`);
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}
