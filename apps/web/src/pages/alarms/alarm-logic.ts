import {
  formatBytes,
  SCREEN_MISMATCH_REASONS,
  type AlarmHandling,
  type AlarmType,
  type AlarmView,
  type ScreenMismatchReason,
} from '@apm/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { AlarmFilters } from '../../services/alarm';

/** Values of the alarm filter bar. */
export interface AlarmFilterValues extends Omit<AlarmFilters, 'from' | 'to'> {
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The server filters of the filter bar's values: trimmed text, empty dropped, the range as ISO 8601. */
export function toAlarmFilters(values: AlarmFilterValues): AlarmFilters {
  const { range, keyword, ...rest } = values;
  const filters: AlarmFilters = {};
  for (const [key, value] of Object.entries(rest) as [string, unknown][]) {
    if (value !== undefined && value !== null && value !== '')
      (filters as Record<string, unknown>)[key] = value;
  }
  const text = keyword?.trim();
  if (text) filters.keyword = text;
  const [from, to] = range ?? [];
  if (from) filters.from = from.toISOString();
  if (to) filters.to = to.toISOString();
  return filters;
}

/** Where an alarm stands in its handling. */
export function handlingOf(alarm: Pick<AlarmView, 'acknowledgedAt' | 'clearedAt'>): AlarmHandling {
  if (alarm.clearedAt) return 'resolved';
  return alarm.acknowledgedAt ? 'acknowledged' : 'new';
}

/** One line of an alarm's detail: a label key (`detail.*`) and its value, formatted. */
export interface DetailLine {
  key: string;
  value: string;
}

const SHOWN_AS_ID = new Set(['materialId', 'screenshotId', 'sameAsScreenshotId']);
const isReason = (raw: unknown): raw is ScreenMismatchReason =>
  SCREEN_MISMATCH_REASONS.some((r) => r === raw);

/** A clock offset (its clock minus ours) as seconds and a direction. */
export const skewParts = (ms: number) => ({
  seconds: Math.round(Math.abs(ms) / 1000),
  direction: ms >= 0 ? ('ahead' as const) : ('behind' as const),
});

/**
 * The detail of an alarm as labelled lines: bytes as sizes, times in local time, the clock offset
 * in seconds, a screen mismatch's reason in words and its screenshots as `#id`; unknown fields as
 * they are (a terminal's own words), so nothing reported is hidden.
 */
export function detailLines(
  type: AlarmType,
  detail: Record<string, unknown> | null,
  describeSkew: (ms: number) => string,
  describeReason: (reason: ScreenMismatchReason) => string = (reason) => reason,
): DetailLine[] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, raw]) => {
    let value: string;
    if ((key === 'free' || key === 'total') && typeof raw === 'number') value = formatBytes(raw);
    else if (key === 'lastSeenAt' && typeof raw === 'string')
      value = dayjs(raw).format('YYYY-MM-DD HH:mm:ss');
    else if (key === 'skewMs' && typeof raw === 'number') value = describeSkew(raw);
    else if (SHOWN_AS_ID.has(key) && typeof raw === 'number') value = `#${raw}`;
    else if (key === 'reason' && type === 'screenMismatch' && isReason(raw)) value = describeReason(raw);
    else value = typeof raw === 'string' ? raw : JSON.stringify(raw);
    return { key: type === 'offline' && key === 'lastSeenAt' ? 'lastSeenAt' : key, value };
  });
}

/** How long an alarm lasted (or has lasted so far), as `1 h 5 min` / `3 min` / `20 s`. */
export function durationText(raisedAt: string, endedAt: string | null, now = Date.now()): string {
  const ms = Math.max(0, (endedAt ? Date.parse(endedAt) : now) - Date.parse(raisedAt));
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
