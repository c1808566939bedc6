/** Form values ⇄ command params of the command dialogs. Pure: no React, no requests. */
import type { CommandParams } from '@apm/contract';
import type { PowerScheduleEntry } from '../../services/terminal';

/** `HH:mm`, 00:00–23:59 (the protocol's pattern). */
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** Most entries a power schedule holds (contract `COMMAND_PARAMS.powerSchedule`). */
export const POWER_SCHEDULE_MAX = 50;
/** Longest address, app URL and app version the protocol takes. */
export const ADDRESS_MAX = 300;
export const APP_URL_MAX = 2048;
export const APP_VERSION_MAX = 50;
/** Weekdays in the order the form lists them (Monday first; 0 = Sunday as in the protocol). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** One row of the power schedule form, as typed. */
export interface PowerScheduleRow {
  weekdays?: number[];
  on?: string;
  off?: string;
}

/** Whether a text is a time of day as `HH:mm`, after trimming. */
export function isTimeOfDay(value: string | undefined): boolean {
  return TIME.test(value?.trim() ?? '');
}

/**
 * The schedule entries of validated form rows: times trimmed, weekdays distinct and in
 * protocol order (0 = Sunday). Throws on a row the form should have refused.
 */
export function scheduleEntriesOf(rows: readonly PowerScheduleRow[] | undefined): PowerScheduleEntry[] {
  return (rows ?? []).map((row, index) => {
    const on = row.on?.trim() ?? '';
    const off = row.off?.trim() ?? '';
    const weekdays = [...new Set(row.weekdays ?? [])].sort((a, b) => a - b);
    if (!weekdays.length || !TIME.test(on) || !TIME.test(off)) {
      throw new Error(`power schedule row ${index + 1} is incomplete`);
    }
    return { weekdays, on, off };
  });
}

/**
 * Form rows of a schedule stored in a terminal's settings, or null when there is none or it does
 * not have the protocol's shape (the form then starts empty rather than from a guess).
 */
export function scheduleRowsOf(settings: Record<string, unknown> | undefined): PowerScheduleRow[] | null {
  const stored = settings?.powerSchedule;
  if (!Array.isArray(stored)) return null;
  const rows: PowerScheduleRow[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { weekdays, on, off } = entry as Record<string, unknown>;
    if (
      !Array.isArray(weekdays) ||
      !weekdays.every((d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6) ||
      typeof on !== 'string' ||
      typeof off !== 'string' ||
      !TIME.test(on) ||
      !TIME.test(off)
    ) {
      return null;
    }
    rows.push({ weekdays: [...(weekdays as number[])], on, off });
  }
  return rows;
}

/** What the location form holds. */
export interface LocationValues {
  latitude?: number | null;
  longitude?: number | null;
  address?: string;
}

/** The `setLocation` params of validated form values; an empty address is left out. */
export function locationParamsOf(values: LocationValues): CommandParams<'setLocation'> {
  const { latitude, longitude } = values;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    throw new Error('latitude and longitude are required');
  }
  const address = values.address?.trim();
  return { latitude, longitude, ...(address ? { address } : {}) };
}

/** Whether a text is an absolute http(s) URL, as an app update must come from. */
export function isAppUrl(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (!text || text.length > APP_URL_MAX) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The `updateApp` params of validated form values, trimmed. */
export function appUpdateParamsOf(values: { url?: string; version?: string }): CommandParams<'updateApp'> {
  const url = values.url?.trim() ?? '';
  const version = values.version?.trim() ?? '';
  if (!isAppUrl(url) || !version) throw new Error('url and version are required');
  return { url, version };
}
