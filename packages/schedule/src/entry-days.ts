import { WEEKDAY_CODES, type PlanEntry } from '@apm/contract';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { DAY_MS, dayFromIso, isoFromDay, weekdayOf } from './calendar.js';

/**
 * The days an entry plays on: its date range, its days of the week, its RFC 5545 recurrence (expanded
 * by `rrule-temporal` on the plain calendar, starting on `startDate`), minus EXDATE, plus RDATE —
 * the recurrence set as RFC 5545 defines it (COUNT counts the rule's own days only).
 */

/** Frequencies of day-level recurrence (a plan's windows give the times of day). */
const DAY_FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/** Why an RRULE value cannot be used, or null when it can. */
export function rruleProblem(rrule: string, startDate: string): string | null {
  const value = normaliseRrule(rrule);
  if (/[\r\n]/.test(value) || /(^|;)(DTSTART|RRULE)\b/i.test(value))
    return 'only the RRULE value, on one line';
  const freq = /(?:^|;)FREQ=([A-Z]+)/i.exec(value)?.[1]?.toUpperCase();
  if (!freq) return 'FREQ is missing';
  if (!DAY_FREQUENCIES.has(freq))
    return 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (windows give the times)';
  try {
    const rule = buildRule(value, startDate);
    rule.all((_, index) => index < 1);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The RRULE value without a leading `RRULE:` and surrounding blanks, upper-cased. */
export function normaliseRrule(rrule: string): string {
  return rrule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
}

function buildRule(value: string, startDate: string): RRuleTemporal {
  const start = startDate.replaceAll('-', '');
  return new RRuleTemporal({
    rruleString: `DTSTART;TZID=UTC:${start}T000000\nRRULE:${value}`,
    temporal: Temporal,
  });
}

const rules = new Map<string, RRuleTemporal | null>();

function cachedRule(rrule: string, startDate: string): RRuleTemporal | null {
  const key = `${startDate}|${rrule}`;
  let rule = rules.get(key);
  if (rule === undefined) {
    if (rules.size > 2000) rules.clear();
    rule = rruleProblem(rrule, startDate) === null ? buildRule(normaliseRrule(rrule), startDate) : null;
    rules.set(key, rule);
  }
  return rule;
}

/** The sorted days in `[firstDay, lastDay]` the entry plays on; an unusable RRULE plays on none. */
export function entryDays(entry: PlanEntry, firstDay: number, lastDay: number): number[] {
  const start = dayFromIso(entry.startDate);
  const end = entry.endDate ? dayFromIso(entry.endDate) : Infinity;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const from = Math.max(firstDay, start);
  const to = Math.min(lastDay, end);
  const days = new Set<number>();
  if (from <= to) {
    const weekdays = entry.weekdays.length
      ? new Set(entry.weekdays.map((w) => WEEKDAY_CODES.indexOf(w)))
      : null;
    const onWeekday = (day: number) => !weekdays || weekdays.has(weekdayOf(day));
    if (entry.rrule) {
      const rule = cachedRule(entry.rrule, entry.startDate);
      const hits = rule ? rule.between(new Date(from * DAY_MS), new Date(to * DAY_MS), true) : [];
      for (const hit of hits) {
        const day = Math.floor(hit.epochMilliseconds / DAY_MS);
        if (day >= from && day <= to && onWeekday(day)) days.add(day);
      }
    } else {
      for (let day = from; day <= to; day++) if (onWeekday(day)) days.add(day);
    }
  }
  for (const iso of entry.rdates) {
    const day = dayFromIso(iso);
    if (day >= Math.max(firstDay, start) && day <= Math.min(lastDay, end)) days.add(day);
  }
  for (const iso of entry.exdates) days.delete(dayFromIso(iso));
  return [...days].sort((a, b) => a - b);
}

/** The first day (from `startDate`, looking at most `horizonDays` ahead) the entry plays on, or null. */
export function firstEntryDay(entry: PlanEntry, horizonDays = 366 * 4): number | null {
  const start = dayFromIso(entry.startDate);
  if (Number.isNaN(start)) return null;
  for (let from = start; from < start + horizonDays; from += 366) {
    const days = entryDays(entry, from, from + 365);
    if (days.length) return days[0] ?? null;
    if (entry.endDate && dayFromIso(entry.endDate) <= from + 365) break;
  }
  return null;
}

export { isoFromDay };
