/** Translated texts of failed terminal calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = ['groupNotEmpty', 'duplicateName', 'notFound'] as const;

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function terminalErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  if (error.reason === 'notFound' && 'pairingCode' in serverFieldErrors(error)) {
    return i18n.t('terminalMonitor:errors.pairingCodeUnknown');
  }
  if (error.reason === 'terminalQuotaExceeded') {
    const name = (error.jsonObject as { officeName?: unknown } | undefined)?.officeName;
    if (typeof name === 'string') return i18n.t('terminalMonitor:errors.quotaExceeded', { name });
  }
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason) return i18n.t(`terminalMonitor:errors.${reason}`);
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401) return error.envelope.msg;
  return describeError(error);
}
