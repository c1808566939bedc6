/** Translated texts of failed program calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';
import type { ProgramPublishedWhere } from '../../services/program';

/** Reasons the server gives that have their own message. */
const KNOWN = ['programConflict', 'notFound'] as const;

/** The message for a failure: the translated reason, else the server's message, else the generic text. */
export function programErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason) return i18n.t(`programs:errors.${reason}`);
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401 && error.status !== 403) {
    return error.envelope.msg;
  }
  return describeError(error);
}

/** Where the programs of a refused deletion are published (409 programPublished), else null. */
export function publishedWhere(error: unknown): ProgramPublishedWhere[] | null {
  if (!(error instanceof RequestError) || error.reason !== 'programPublished') return null;
  const published = (error.jsonObject as { published?: unknown } | undefined)?.published;
  return Array.isArray(published) ? (published as ProgramPublishedWhere[]) : null;
}
