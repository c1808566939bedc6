/** Pure helpers of {@link TimeZoneSelect}: the zone list, UTC offsets and search matching. */

/** One zone of the picker. */
export interface TimeZoneOption {
  /** IANA name, e.g. `Europe/Berlin`. */
  value: string;
  /** Name with its current offset, e.g. `Europe/Berlin (UTC+01:00)`. */
  label: string;
  /** The offset at the instant the list was built, in minutes east of UTC. */
  offsetMinutes: number;
}

/** The zones this browser knows (`Intl.supportedValuesOf`) plus `UTC`, sorted and without duplicates. */
export function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC'])].sort((a, b) => a.localeCompare(b, 'en'));
}

/**
 * The UTC offset of `zone` at `at` as `UTC±HH:MM` (`UTC+00:00` for UTC), read from
 * `Intl.DateTimeFormat`'s `longOffset` name; null for a zone the browser does not know.
 */
export function utcOffset(zone: string, at: Date): { text: string; minutes: number } | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  // "GMT" alone is UTC; otherwise "GMT+01:00", "GMT-09:30" (some engines drop ":00" minutes).
  const match = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(name ?? '');
  if (!match) return null;
  const [, sign = '+', hours = '0', mins = '0'] = match;
  const minutes = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(mins));
  const text = `UTC${sign}${hours.padStart(2, '0')}:${mins.padStart(2, '0')}`;
  return { text, minutes };
}

/** `Europe/Berlin (UTC+01:00)`: a zone with its offset at `at` (the bare name when unknown). */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const offset = utcOffset(zone, at);
  return offset ? `${zone} (${offset.text})` : zone;
}

/**
 * The picker's options at `at`: every zone of `zones` with its offset, by name. `extra` (the current
 * value, say) is kept even when the browser does not list it, so a stored alias still shows.
 */
export function timeZoneOptions(
  at: Date = new Date(),
  zones: readonly string[] = timeZoneNames(),
  extra?: string | null,
): TimeZoneOption[] {
  const names = extra && !zones.includes(extra) ? [...zones, extra] : zones;
  return names.map((value) => {
    const offset = utcOffset(value, at);
    return {
      value,
      label: offset ? `${value} (${offset.text})` : value,
      offsetMinutes: offset?.minutes ?? 0,
    };
  });
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();

/**
 * Whether a search matches an option: case-insensitive, spaces and underscores alike
 * ("new york" finds America/New_York); offsets match as shown ("+05:30").
 */
export function matchesTimeZone(search: string, option: { label?: unknown } | undefined): boolean {
  return typeof option?.label === 'string' && fold(option.label).includes(fold(search));
}
