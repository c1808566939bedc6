import type { PlanWindow } from '@apm/contract';

/**
 * Time-of-day windows as minutes: a window is read as `[start, end)` with `end` "unrolled" past
 * midnight (an end at or before the start is on the next day, 24:00 is midnight at the end of the
 * day). Moving and resizing work on those minutes, then write the window back in the contract's form.
 */

/** Minutes in a day. */
export const DAY_MINUTES = 1440;

/** Snap steps the week grid offers (minutes). */
export const SNAP_STEPS = [5, 15] as const;
export type SnapStep = (typeof SNAP_STEPS)[number];

/** `HH:MM` → minutes after midnight (24:00 → 1440). */
export function toMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Minutes (0–1440) → `HH:MM`; 1440 is `24:00`. */
export function fromMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A window as `[start, end)` minutes of its day, `end` past 1440 when it crosses midnight. */
export function windowSpan(window: PlanWindow): { start: number; end: number } {
  const start = toMinutes(window.start);
  let end = toMinutes(window.end);
  if (end <= start) end += DAY_MINUTES;
  return { start, end };
}

/** Whether the window ends on the next day. */
export const crossesMidnight = (window: PlanWindow): boolean => windowSpan(window).end > DAY_MINUTES;

/** `value` rounded to the nearest multiple of `step`. */
export const snap = (value: number, step: number): number => Math.round(value / step) * step;

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The window of `[start, end)` minutes (start may be outside the day: it wraps); its length is kept
 * between `minLength` and a whole day.
 */
export function spanWindow(start: number, end: number, minLength = 1): PlanWindow {
  const length = Math.min(DAY_MINUTES, Math.max(minLength, end - start));
  const s = mod(start, DAY_MINUTES);
  const e = s + length;
  if (e === DAY_MINUTES) return { start: fromMinutes(s), end: '24:00' };
  return { start: fromMinutes(s), end: fromMinutes(mod(e, DAY_MINUTES)) };
}

/** The window moved by `delta` minutes, its start snapped to `step`, its length kept. */
export function moveWindow(window: PlanWindow, delta: number, step: number): PlanWindow {
  const { start, end } = windowSpan(window);
  const moved = snap(start + delta, step);
  return spanWindow(moved, moved + (end - start));
}

/**
 * The window with one edge dragged by `delta` minutes and snapped to `step`; it stays at least `step`
 * long and at most a day.
 */
export function resizeWindow(
  window: PlanWindow,
  edge: 'start' | 'end',
  delta: number,
  step: number,
): PlanWindow {
  const { start, end } = windowSpan(window);
  if (edge === 'start') {
    const s = Math.min(end - step, Math.max(end - DAY_MINUTES, snap(start + delta, step)));
    return spanWindow(s, end, step);
  }
  const e = Math.max(start + step, Math.min(start + DAY_MINUTES, snap(end + delta, step)));
  return spanWindow(start, e, step);
}

/** Index of the entry's window that plays at `minute` of a day (counting a window begun the day before), or -1. */
export function windowIndexAt(windows: readonly PlanWindow[], minute: number): number {
  return windows.findIndex((w) => {
    const { start, end } = windowSpan(w);
    return (minute >= start && minute < end) || minute + DAY_MINUTES < end;
  });
}
