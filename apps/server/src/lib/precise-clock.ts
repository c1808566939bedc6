/**
 * The server's wall clock in ms since the epoch, with sub-millisecond steps (clock round trips).
 *
 * `performance.timeOrigin + performance.now()` alone is monotonic time from process start: it
 * drifts from the wall clock when the system clock is stepped or slewed (NTP, a VM resumed), and
 * terminals must sync to the wall clock schedules run on. So the fine clock is anchored to
 * `Date.now()` and re-anchored whenever the two part by more than `MAX_DRIFT_MS`.
 */
const MAX_DRIFT_MS = 2;

let anchor = Date.now() - performance.now();

/** Ms since the epoch on the wall clock, to the microsecond, within 2 ms of `Date.now()`. */
export function preciseNow(): number {
  const fine = performance.now();
  const wall = Date.now();
  const t = anchor + fine;
  if (Math.abs(t - wall) <= MAX_DRIFT_MS) return t;
  anchor = wall - fine;
  return wall;
}
