/** Translated texts of failed sync group calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = ['nameTaken', 'notSyncable', 'notApproved'] as const;

/**
 * The message for a failure: the translated reason (a terminal in another group named from
 * `nameOf`), else the server's message, else the generic text.
 */
export function syncErrorText(error: unknown, nameOf: (id: number) => string | undefined = () => undefined) {
  if (!(error instanceof RequestError)) return String(error);
  if (error.reason === 'inAnotherGroup') {
    const id = (error.jsonObject as { terminalId?: number } | undefined)?.terminalId;
    if (id !== undefined)
      return i18n.t('terminalSync:errors.inAnotherGroup', { name: nameOf(id) ?? `#${id}` });
  }
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason) return i18n.t(`terminalSync:errors.${reason}`);
  // A 404 naming the group itself (not a program or a terminal of the form).
  if (error.reason === 'notFound' && /^(id|ids):/.test(error.envelope?.msg ?? ''))
    return i18n.t('terminalSync:errors.notFound');
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}
