/** Translated texts of failed widget calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Reasons with a message of their own. */
const SIMPLE = [
  'packageTaken',
  'nameTaken',
  'platformOnly',
  'published',
  'added',
  'ownItem',
  'notFound',
] as const;

/** The server's detail after `field: ` (its messages name the field first). */
const detailOf = (msg: string | undefined) => (msg ?? '').replace(/^[\w.]+: /, '');

/** The message for a failed widget call: the translated reason, else the server's message, else the generic text. */
export function widgetErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  const reason = error.reason;
  if (reason === 'widgetInUse' || reason === 'dataSourceInUse') {
    const programs = (error.jsonObject as { programs?: { name: string }[] } | undefined)?.programs ?? [];
    return i18n.t(`widgets:errors.${reason}`, { names: programs.map((p) => p.name).join(', ') });
  }
  if (reason === 'badWidgetPackage' || reason === 'unsafeUrl')
    return i18n.t(`widgets:errors.${reason}`, { detail: detailOf(error.envelope?.msg) });
  const simple = SIMPLE.find((r) => r === reason);
  if (simple) return i18n.t(`widgets:errors.${simple}`);
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403)
    return error.envelope.msg;
  return describeError(error);
}
