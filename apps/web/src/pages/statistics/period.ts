import { STATS_HOURLY_MAX_DAYS, STATS_MAX_DAYS, type StatsGranularity } from '@apm/contract';
import type { Dayjs } from 'dayjs';

/** Period presets the filters offer, in menu order. */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'last30Days',
  'thisMonth',
  'lastMonth',
  'last90Days',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A period `[from, to)` of local time. */
export type Period = [Dayjs, Dayjs];

/** The period of a preset relative to `now` (local midnights; `to` is the start of the day after the last). */
export function presetPeriod(preset: PeriodPreset, now: Dayjs): Period {
  const today = now.startOf('day');
  const tomorrow = today.add(1, 'day');
  switch (preset) {
    case 'today':
      return [today, tomorrow];
    case 'yesterday':
      return [today.subtract(1, 'day'), today];
    case 'last7Days':
      return [today.subtract(6, 'day'), tomorrow];
    case 'last30Days':
      return [today.subtract(29, 'day'), tomorrow];
    case 'thisMonth':
      return [today.startOf('month'), tomorrow];
    case 'lastMonth':
      return [today.startOf('month').subtract(1, 'month'), today.startOf('month')];
    case 'last90Days':
      return [today.subtract(89, 'day'), tomorrow];
  }
}

const DAY_MS = 86_400_000;

/** Days a period spans. */
export const periodDays = ([from, to]: Period) => (to.valueOf() - from.valueOf()) / DAY_MS;

/** The bucket size the server picks when none is given (hours up to 2 days, days up to 62, else months). */
export function defaultGranularity(period: Period): StatsGranularity {
  const days = periodDays(period);
  return days > 62 ? 'month' : days > 2 ? 'day' : 'hour';
}

/** The bucket sizes a period allows (hourly buckets up to {@link STATS_HOURLY_MAX_DAYS} days). */
export function allowedGranularities(period: Period): StatsGranularity[] {
  return periodDays(period) > STATS_HOURLY_MAX_DAYS ? ['day', 'month'] : ['hour', 'day', 'month'];
}

/** Why a period cannot be asked for (the message key), or null when it can. */
export function periodProblem(
  period: Period,
  maxDays = STATS_MAX_DAYS,
): 'periodEmpty' | 'periodTooLong' | null {
  if (!period[1].isAfter(period[0])) return 'periodEmpty';
  return periodDays(period) > maxDays ? 'periodTooLong' : null;
}

/** The browser's IANA zone: days and hours are counted as the reader sees them. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A range picker's inclusive days as a period `[first day 00:00, day after the last 00:00)`. */
export const daysToPeriod = (first: Dayjs, last: Dayjs): Period => [
  first.startOf('day'),
  last.startOf('day').add(1, 'day'),
];
