import { minutesOfDay, type StrategyDocument, type StrategyPowerRule } from '@apm/contract';

/** What a strategy asks of a terminal at one wall-clock moment. */
export interface StrategyState {
  /** The media volume of the rule covering now; null: no rule (the terminal's own volume applies). */
  volume: number | null;
  /** The screen brightness (percent) of the rule covering now; null: no rule (full brightness). */
  brightness: number | null;
  /** Whether the screen is on: inside a power rule, or no power rules at all. */
  powerOn: boolean;
  /** Whether content may be downloaded: inside a download window, or no windows at all. */
  downloadAllowed: boolean;
}

const DAY_MINUTES = 1440;

/** A wall-clock time as minutes since midnight: `HH:MM`, or a number of minutes (fractions allowed). */
function minuteOf(localTime: string | number): number {
  if (typeof localTime === 'number') return ((localTime % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(localTime)) throw new RangeError(`not HH:MM: ${localTime}`);
  return minutesOfDay(localTime);
}

/**
 * Whether a daily window covers `minute`: `[from, to)`; past midnight when `to` is before `from`;
 * all day when they are equal.
 */
export function windowCovers(window: { from: string; to: string }, minute: number): boolean {
  const from = minutesOfDay(window.from);
  const to = minutesOfDay(window.to);
  if (from === to) return true;
  if (from < to) return minute >= from && minute < to;
  return minute >= from || minute < to;
}

/**
 * Whether power rules have the screen on at `minute` of `weekday` (0 = Sunday): a rule covers
 * `[on, off)` of its weekdays; one whose `off` is before its `on` runs past midnight into the next
 * day (its weekdays name the day it starts); `on` equal to `off` is the whole day. No rules: on.
 */
export function powerOnAt(rules: readonly StrategyPowerRule[], minute: number, weekday: number): boolean {
  if (rules.length === 0) return true;
  const yesterday = (weekday + 6) % 7;
  return rules.some((rule) => {
    const on = minutesOfDay(rule.on);
    const off = minutesOfDay(rule.off);
    if (on === off) return rule.weekdays.includes(weekday);
    if (on < off) return rule.weekdays.includes(weekday) && minute >= on && minute < off;
    return (
      (rule.weekdays.includes(weekday) && minute >= on) || (rule.weekdays.includes(yesterday) && minute < off)
    );
  });
}

/**
 * What a strategy asks at a wall-clock time of the terminal (`HH:MM`, or minutes since midnight)
 * on a weekday (0 = Sunday): the volume and brightness of the rules covering it (the first one,
 * should rules overlap), whether the screen is on, and whether downloads may run.
 */
export function strategyAt(
  doc: StrategyDocument,
  localTime: string | number,
  weekday: number,
): StrategyState {
  if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw new RangeError(`weekday ${weekday}`);
  const minute = minuteOf(localTime);
  return {
    volume: doc.volume.find((r) => windowCovers(r, minute))?.volume ?? null,
    brightness: doc.brightness.find((r) => windowCovers(r, minute))?.brightness ?? null,
    powerOn: powerOnAt(doc.power, minute, weekday),
    downloadAllowed:
      doc.downloadWindows.length === 0 || doc.downloadWindows.some((w) => windowCovers(w, minute)),
  };
}

/** {@link strategyAt} for a `Date` read in the local time of the machine running it (the player's). */
export function strategyAtDate(doc: StrategyDocument, at: Date): StrategyState {
  return strategyAt(doc, at.getHours() * 60 + at.getMinutes(), at.getDay());
}
