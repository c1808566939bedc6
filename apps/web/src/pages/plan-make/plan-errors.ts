/** Translated texts of failed plan calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function planErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  if (error.status === 404) return i18n.t('planMake:errors.notFound');
  if (error.reason === 'planConflict') return i18n.t('planMake:errors.planConflict');
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}
