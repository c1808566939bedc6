import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenshotInterval, ScreenshotTimer } from '../src/screenshot-timer.js';

describe('screenshots on an interval', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("takes a strategy's interval over the terminal's own, and none when neither sets one", () => {
    expect(screenshotInterval(10, 30)).toBe(10);
    expect(screenshotInterval(0, 30)).toBe(30);
    expect(screenshotInterval(null, 30)).toBe(30);
    expect(screenshotInterval(undefined, undefined)).toBe(0);
    expect(screenshotInterval(0, 0)).toBe(0);
  });

  it('shoots every interval from the last shot, keeps time through a failure, and stops at 0', async () => {
    const shots: number[] = [];
    let fail = false;
    const timer = new ScreenshotTimer(async () => {
      shots.push(Date.now());
      if (fail) throw new Error('upload refused');
    });
    timer.set(2);
    timer.set(2);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(shots).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shots).toEqual([120_000]);
    fail = true;
    await vi.advanceTimersByTimeAsync(120_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(shots).toEqual([120_000, 240_000, 360_000]);
    // A longer interval counts from the last shot, not from now.
    await vi.advanceTimersByTimeAsync(60_000);
    timer.set(5);
    await vi.advanceTimersByTimeAsync(239_999);
    expect(shots).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(shots.at(-1)).toBe(660_000);
    timer.set(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(shots).toHaveLength(4);
    expect(timer.interval).toBe(0);
  });
});
