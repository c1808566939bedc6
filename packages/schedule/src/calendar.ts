import { Temporal } from 'temporal-polyfill';

/**
 * Calendar days as integers (days since 1970-01-01 in the proleptic Gregorian calendar) and the
 * conversion of a terminal's wall-clock times to instants.
 *
 * Daylight saving, one rule everywhere: a wall time that does not exist (the spring-forward gap)
 * means the first instant after the gap, so a window starting at 02:30 on that day starts at 03:00;
 * a wall time that happens twice (the repeated autumn hour) means its first occurrence, so a
 * window inside that hour plays once, in its first pass.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A day number from `YYYY-MM-DD` (validated by the contract's pattern); NaN when it is not a real date. */
export function dayFromIso(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return NaN;
  return Math.round(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Minutes after midnight of `HH:MM` (24:00 → 1440). */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const knownZones = new Map<string, boolean>();

/** Whether the IANA time zone exists (in this runtime's time zone database). */
export function isTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    // Callers pass user input: keep the cache bounded.
    if (knownZones.size > 1000) knownZones.clear();
    try {
      Temporal.Now.zonedDateTimeISO(timeZone);
      known = timeZone.length > 0;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** Converts wall times of one time zone to instants and back; caches each day's offsets. */
export class ZoneClock {
  /** day → offset at its start and its end, in ms (equal on days without a change). */
  private readonly offsets = new Map<number, [number, number]>();

  constructor(readonly timeZone: string) {}

  /** The calendar day (in the zone) an instant falls on. */
  dayOf(epochMs: number): number {
    const local = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(this.timeZone);
    return Math.round(Date.UTC(local.year, local.month - 1, local.day) / DAY_MS);
  }

  /** The instant of a wall time (`minutes` after midnight, 0–1440) on a day, by the rule above. */
  toInstant(day: number, minutes: number): number {
    if (minutes >= 1440) return this.toInstant(day + 1, minutes - 1440);
    const [start, end] = this.dayOffsets(day);
    const naive = day * DAY_MS + minutes * MINUTE_MS;
    if (start === end) return naive - start;
    return this.slowInstant(day, minutes);
  }

  private dayOffsets(day: number): [number, number] {
    let offsets = this.offsets.get(day);
    if (!offsets) {
      const start = this.offsetAt(day * DAY_MS);
      const end = this.offsetAt((day + 1) * DAY_MS - 1);
      offsets = [start, end];
      this.offsets.set(day, offsets);
    }
    return offsets;
  }

  /** The offset (ms) in force at the wall time `naiveMs` (read as UTC), taking the earlier of a fold. */
  private offsetAt(naiveMs: number): number {
    const wall = Temporal.Instant.fromEpochMilliseconds(naiveMs).toZonedDateTimeISO('UTC').toPlainDateTime();
    const zoned = wall.toZonedDateTime(this.timeZone, { disambiguation: 'earlier' });
    return zoned.offsetNanoseconds / 1e6;
  }

  private slowInstant(day: number, minutes: number): number {
    const date = Temporal.PlainDate.from(isoFromDay(day));
    const wall = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
    const earlier = wall.toZonedDateTime(this.timeZone, { disambiguation: 'earlier' });
    if (Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), wall) === 0)
      return earlier.epochMilliseconds;
    // In the gap: the first instant after it.
    const transition = earlier.getTimeZoneTransition('next');
    return transition ? transition.epochMilliseconds : earlier.epochMilliseconds;
  }
}

export { DAY_MS, MINUTE_MS };
