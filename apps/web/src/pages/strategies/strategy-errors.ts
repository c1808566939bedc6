/** Translated texts of failed strategy calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = ['nameTaken', 'strategyConflict', 'notFound'] as const;

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function strategyErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  const reason = KNOWN.find((r) => r === error.reason);
  // A 404 naming terminals is about them, not the strategy: the server's message says which.
  if (reason && !(reason === 'notFound' && /terminalIds/.test(error.envelope?.msg ?? ''))) {
    return i18n.t(`strategies:errors.${reason}`);
  }
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}
