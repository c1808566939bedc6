/** Intervals of the week grid: merging the short gaps of a rotation. */

/** Gaps shorter than this (ms) inside an entry's playing time are drawn as playing (a rotation's other turns). */
export const PLAY_MERGE_GAP_MS = 3 * 60_000;

/** Merges sorted `[start, end)` intervals whose gap is at most `gap`. */
export function mergeIntervals(intervals: [number, number][], gap: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && start - last[1] <= gap) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
