import { WEEKDAY_CODES, type WeekdayCode } from '@apm/contract';

/**
 * The recurrence builder's model and its RFC 5545 RRULE value, both ways. The builder covers the
 * common rules (none, daily, weekly on days, monthly by day of month or n-th weekday, yearly; an
 * interval; an end by date or count); any other RRULE is kept as typed in the raw field.
 */

/** How often the days repeat; `none`: every day of the date range (no RRULE). */
export type RecurrenceFreq = 'none' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** Which week of the month: 1st–4th, or the last (-1). */
export type NthWeek = 1 | 2 | 3 | 4 | -1;

/** Monthly rules: by a day of the month, or by the n-th weekday. */
export type MonthlyRule = { mode: 'day'; day: number } | { mode: 'nth'; nth: NthWeek; weekday: WeekdayCode };

/** When a rule stops: never (the date range decides), on a date (inclusive), or after a count of days. */
export type RecurrenceEnd =
  { mode: 'never' } | { mode: 'until'; date: string } | { mode: 'count'; count: number };

/** The builder's fields. */
export interface Recurrence {
  freq: RecurrenceFreq;
  /** Every this many days/weeks/months/years (1 or more). */
  interval: number;
  /** Weekly: the days of the week (empty: the start date's day). */
  byDay: WeekdayCode[];
  monthly: MonthlyRule;
  end: RecurrenceEnd;
}

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOfDate(date: string): WeekdayCode {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAY_CODES[(day + 6) % 7] ?? 'MO';
}

/** The builder on `none`, its other fields ready for an entry starting on `startDate`. */
export function defaultRecurrence(startDate: string): Recurrence {
  return {
    freq: 'none',
    interval: 1,
    byDay: [],
    monthly: { mode: 'day', day: Number(startDate.slice(8, 10)) || 1 },
    end: { mode: 'never' },
  };
}

/** The RRULE value of the builder's fields, or null for `none`. */
export function toRrule(r: Recurrence): string | null {
  if (r.freq === 'none') return null;
  const parts = [`FREQ=${r.freq}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.freq === 'WEEKLY' && r.byDay.length)
    parts.push(`BYDAY=${WEEKDAY_CODES.filter((d) => r.byDay.includes(d)).join(',')}`);
  if (r.freq === 'MONTHLY') {
    if (r.monthly.mode === 'day') parts.push(`BYMONTHDAY=${r.monthly.day}`);
    else parts.push(`BYDAY=${r.monthly.nth}${r.monthly.weekday}`);
  }
  if (r.end.mode === 'until') parts.push(`UNTIL=${r.end.date.replaceAll('-', '')}`);
  if (r.end.mode === 'count') parts.push(`COUNT=${r.end.count}`);
  return parts.join(';');
}

const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/**
 * The builder's fields of an RRULE value, or null when the builder cannot show it (other parts, or
 * values it does not offer): the raw field then edits it. `null` rrule is `none`.
 */
export function parseRrule(rrule: string | null, startDate: string): Recurrence | null {
  const r = defaultRecurrence(startDate);
  if (rrule === null) return r;
  const value = rrule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const seen = new Set<string>();
  for (const part of value.split(';')) {
    const [key, val, extra] = part.split('=');
    if (!key || val === undefined || extra !== undefined || seen.has(key)) return null;
    seen.add(key);
    if (key === 'FREQ') {
      if (!FREQS.has(val)) return null;
      r.freq = val as RecurrenceFreq;
    } else if (key === 'INTERVAL') {
      if (!/^[1-9]\d{0,2}$/.test(val)) return null;
      r.interval = Number(val);
    } else if (key === 'UNTIL') {
      const m = /^(\d{4})(\d{2})(\d{2})$/.exec(val);
      if (!m) return null;
      r.end = { mode: 'until', date: `${m[1]}-${m[2]}-${m[3]}` };
    } else if (key === 'COUNT') {
      if (!/^[1-9]\d{0,3}$/.test(val)) return null;
      r.end = { mode: 'count', count: Number(val) };
    } else if (key === 'BYMONTHDAY') {
      if (!/^([1-9]|[12]\d|3[01])$/.test(val)) return null;
      r.monthly = { mode: 'day', day: Number(val) };
    } else if (key === 'BYDAY') {
      const nth = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(val);
      if (nth) r.monthly = { mode: 'nth', nth: Number(nth[1]) as NthWeek, weekday: nth[2] as WeekdayCode };
      else {
        const days = val.split(',');
        if (!days.every((d) => (WEEKDAY_CODES as readonly string[]).includes(d))) return null;
        r.byDay = days as WeekdayCode[];
      }
    } else return null;
  }
  if (seen.has('UNTIL') && seen.has('COUNT')) return null;
  // Each part must belong to the frequency the builder shows it under.
  const byDay = seen.has('BYDAY');
  if (r.freq === 'WEEKLY' && (seen.has('BYMONTHDAY') || (byDay && r.byDay.length === 0))) return null;
  if (r.freq === 'MONTHLY' && (r.byDay.length > 0 || (seen.has('BYMONTHDAY') && byDay))) return null;
  if ((r.freq === 'DAILY' || r.freq === 'YEARLY') && (byDay || seen.has('BYMONTHDAY'))) return null;
  if (r.freq === 'none') return null;
  return r;
}
