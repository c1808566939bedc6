/** Translated texts of failed institution and customer calls. Pure apart from i18next. */
import i18n from 'i18next';
import { describeError, RequestError } from '../../services/request';

/** Things that block deleting an office, with their own words. */
const BLOCKERS = ['childOffices', 'users', 'roles', 'notificationBatches'] as const;

/** Reasons the server gives that have their own message. */
const KNOWN = [
  'moveCycle',
  'officeProtected',
  'badParentKind',
  'capacityExceeded',
  'capacityBelowAllocated',
  'notEligible',
  'notAgentOwner',
  'notFound',
  'ownTenant',
] as const;

/** The message for a failed call: translated when the server named a known reason, else its message. */
export function officeErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return String(error);
  if (error.reason === 'officeNotEmpty') {
    const blockers =
      (error.jsonObject as { blockers?: { key: string; label: string; count: number }[] } | undefined)
        ?.blockers ?? [];
    const what = blockers
      .map((b) =>
        (BLOCKERS as readonly string[]).includes(b.key)
          ? i18n.t(`offices:blockers.${b.key as (typeof BLOCKERS)[number]}`, { count: b.count })
          : `${b.count} ${b.label}`,
      )
      .join(i18n.t('offices:listSeparator'));
    return i18n.t('offices:errors.officeNotEmpty', { what });
  }
  const reason = KNOWN.find((r) => r === error.reason);
  if (reason && reason !== 'capacityExceeded' && reason !== 'capacityBelowAllocated') {
    return i18n.t(`offices:errors.${reason}`);
  }
  if (error.kind === 'http' && error.envelope?.msg && error.status !== 401) return error.envelope.msg;
  return describeError(error);
}
