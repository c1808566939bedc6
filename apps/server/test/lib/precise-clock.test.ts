import { afterEach, describe, expect, it, vi } from 'vitest';
import { preciseNow } from '../../src/lib/precise-clock.js';

describe('preciseNow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the wall clock with sub-millisecond steps', () => {
    const samples = Array.from({ length: 50 }, () => preciseNow());
    for (const t of samples) expect(Math.abs(t - Date.now())).toBeLessThanOrEqual(3);
    expect(samples.some((t) => !Number.isInteger(t))).toBe(true);
  });

  it('follows the wall clock when it is stepped, forward or back (NTP, a VM resumed)', () => {
    const real = Date.now.bind(Date);
    const step = vi.spyOn(Date, 'now').mockImplementation(() => real() + 153);
    expect(Math.abs(preciseNow() - (real() + 153))).toBeLessThanOrEqual(3);
    step.mockImplementation(() => real() - 400);
    expect(Math.abs(preciseNow() - (real() - 400))).toBeLessThanOrEqual(3);
    step.mockRestore();
    expect(Math.abs(preciseNow() - Date.now())).toBeLessThanOrEqual(3);
  });
});
