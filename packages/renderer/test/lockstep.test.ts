import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  correction,
  DEAD_BAND_MS,
  ErrorWindow,
  LoopDriver,
  loopCycleMs,
  loopPoint,
  MAX_NUDGE,
  mediaErrorMs,
  mediaTarget,
} from '../src/lockstep.js';

const SCENES = [
  { id: 'a', durationMs: 5000 },
  { id: 'b', durationMs: 3000 },
  { id: 'c', durationMs: 2000 },
];

describe('loopPoint', () => {
  it('finds the scene, the time into it and the cycle from the position since the agreed start', () => {
    expect(loopCycleMs(SCENES)).toBe(10_000);
    expect(loopPoint(SCENES, 1)).toEqual({ index: 0, sceneId: 'a', offsetMs: 1, sceneStartMs: 0, cycle: 0 });
    expect(loopPoint(SCENES, 5000)).toMatchObject({ sceneId: 'b', offsetMs: 0, sceneStartMs: 5000 });
    expect(loopPoint(SCENES, 9999)).toMatchObject({ sceneId: 'c', offsetMs: 1999, sceneStartMs: 8000 });
    expect(loopPoint(SCENES, 10_000)).toMatchObject({
      sceneId: 'a',
      offsetMs: 0,
      sceneStartMs: 10_000,
      cycle: 1,
    });
    // A day on, to the millisecond: every screen that agrees on the clock agrees on the frame.
    expect(loopPoint(SCENES, 86_400_000 + 7_250)).toMatchObject({
      sceneId: 'b',
      offsetMs: 2_250,
      sceneStartMs: 86_405_000,
      cycle: 8640,
    });
  });

  it('shows the first scene from its start before the agreed start, or for a loop of no length', () => {
    expect(loopPoint(SCENES, -300)).toMatchObject({ sceneId: 'a', offsetMs: 0, sceneStartMs: 0 });
    expect(loopPoint([{ id: 'z', durationMs: 0 }], 5000)).toMatchObject({ sceneId: 'z', offsetMs: 0 });
    expect(() => loopPoint([], 5)).toThrow();
  });
});

describe('media targets and errors', () => {
  it('wraps a looping file and holds the last frame of one that does not loop', () => {
    expect(mediaTarget(12_500, 10, true)).toBeCloseTo(2.5);
    expect(mediaTarget(12_500, 10, false)).toBe(10);
    expect(mediaTarget(-50, 10, true)).toBe(0);
    expect(mediaTarget(1000, Number.NaN, true)).toBeNull();
    expect(mediaTarget(1000, 0, true)).toBeNull();
  });

  it('measures the error across the wrap of a looping file', () => {
    expect(mediaErrorMs(2.02, 2, 10, true)).toBeCloseTo(20);
    expect(mediaErrorMs(0.1, 9.9, 10, true)).toBeCloseTo(200);
    expect(mediaErrorMs(9.9, 0.1, 10, true)).toBeCloseTo(-200);
    expect(mediaErrorMs(0.1, 9.9, 10, false)).toBeCloseTo(-9800);
  });
});

describe('correction', () => {
  it('leaves refresh jitter alone, nudges the rate against an error in proportion, and seeks when far off', () => {
    expect(correction(2, 1)).toEqual({ rate: 1 });
    expect(correction(-2.9, 1)).toEqual({ rate: 1 });
    expect(correction(20, 1)).toEqual({ rate: 0.98 });
    expect(correction(-40, 1)).toEqual({ rate: 1.04 });
    expect(correction(300, 1)).toEqual({ rate: 1 - MAX_NUDGE });
    expect(correction(-499, 1)).toEqual({ rate: 1 + MAX_NUDGE });
    expect(correction(500, 4.2)).toEqual({ seekTo: 4.2 });
    expect(correction(-2500, 4.2)).toEqual({ seekTo: 4.2 });
    expect(correction(Number.NaN, 4.2)).toEqual({ rate: 1 });
    // Before the file is first in step, anything beyond a frame or so is a seek.
    expect(correction(45, 4.2, false)).toEqual({ seekTo: 4.2 });
    expect(correction(30, 4.2, false)).toEqual({ rate: 0.97 });
  });

  it('closes an error by rate alone, a decision a quarter second, without overshooting', () => {
    // A file 60 ms ahead; each quarter second the mean of its readings sets the rate for the next one.
    let error = 60;
    for (let run = 0; run < 40; run++) {
      const step = correction(error, 0);
      if (!('rate' in step)) throw new Error('seeked');
      error += (step.rate - 1) * 250;
      expect(error).toBeGreaterThanOrEqual(-DEAD_BAND_MS);
    }
    expect(Math.abs(error)).toBeLessThan(DEAD_BAND_MS);
  });

  it('averages a run of errors and decides only once it spans its time with three readings', () => {
    const run = new ErrorWindow(250);
    expect(run.add(-6, 1000)).toBeNull();
    expect(run.add(0, 1100)).toBeNull();
    expect(run.add(-6, 1200)).toBeNull();
    expect(run.add(0, 1250)).toBe(-3);
    run.reset();
    expect(run.add(40, 2000)).toBeNull();
    expect(run.add(40, 2300)).toBeNull();
    expect(run.add(40, 2301)).toBe(40);
  });
});

describe('LoopDriver', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('shows each scene when the clock reaches it, a cycle on too, and says how far into it a moment is', () => {
    // The loop's position is the fake clock plus `offset`, once the clock is known.
    let offset: number | null = null;
    const shown: string[] = [];
    const driver = new LoopDriver(
      SCENES,
      (perf) => (offset === null ? null : perf + offset),
      (point) => shown.push(`${point.sceneId}@${point.cycle}`),
      () => Date.now(),
    );
    driver.start();
    expect(shown).toEqual([]);
    expect(driver.sceneOffsetAt(0)).toBeNull();
    // Known from now on: at the next look (t = 500) the loop is 4.5 s in, half a second before a ends.
    offset = 4_000;
    vi.advanceTimersByTime(500);
    expect(shown).toEqual(['a@0']);
    expect(driver.sceneOffsetAt(500)).toBe(4_500);
    vi.advanceTimersByTime(499);
    expect(shown).toEqual(['a@0']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['a@0', 'b@0']);
    expect(driver.sceneOffsetAt(1_250)).toBe(250);
    vi.advanceTimersByTime(5_000);
    expect(shown).toEqual(['a@0', 'b@0', 'c@0', 'a@1']);
    driver.stop();
    vi.advanceTimersByTime(60_000);
    expect(shown).toHaveLength(4);
  });
});
