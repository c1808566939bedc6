/** Statistics of the figures: median, quantile, rounding. */

/** The median of `xs` (NaN when empty). */
export const median = (xs: number[]) => quantile(xs, 0.5);

/** The `q` quantile (0..1) of `xs`, interpolated between the nearest ranks (NaN when empty). */
export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/** `x` rounded to `digits` decimals. */
export const round = (x: number, digits = 1) => +x.toFixed(digits);
