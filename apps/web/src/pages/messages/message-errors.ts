/** Translated texts of failed message calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';

/** Reasons the server gives that have their own message. */
const KNOWN = ['messageConflict', 'notFound', 'notApproved', 'expired'] as const;

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function messageErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  const fields = serverFieldErrors(error);
  // Approval refused for what the message shows rather than for the message itself.
  if (error.reason === 'notApproved' && 'document.notice.imageMaterialId' in fields)
    return i18n.t('messages:errors.imageNotApproved');
  if (error.reason === 'notApproved' && 'document.takeover.programId' in fields)
    return i18n.t('messages:errors.programNotApproved');
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason) return i18n.t(`messages:errors.${reason}`);
  // Sending a message whose targets resolve to no claimed terminal.
  if (error.status === 400 && 'targets' in fields) return i18n.t('messages:errors.noTerminals');
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}
