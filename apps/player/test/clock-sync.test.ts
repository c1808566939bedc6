import { describe, expect, it } from 'vitest';
import { ClockEstimator, sampleOffset, type ClockSample } from '../src/clock-sync.js';

/**
 * A round trip between a player whose clock is `offset` ms behind the server's and drifts by
 * `ppm`, sent at server time `at`, with `up`/`down` ms on the wire and 0.2 ms in the server.
 */
function trip(at: number, offset: number, up: number, down: number, ppm = 0): ClockSample {
  const playerClock = (server: number) => server - offset - (server * ppm) / 1e6;
  const t1 = at + up;
  const t2 = t1 + 0.2;
  return { t0: playerClock(at), t1, t2, t3: playerClock(t2 + down) };
}

describe('clock discipline', () => {
  it('reads offset and delay from one round trip', () => {
    const s = sampleOffset(trip(1_000_000, 250, 10, 10));
    expect(s.offset).toBeCloseTo(250, 6);
    expect(s.delay).toBeCloseTo(20, 6);
    // An asymmetric path errs by half the difference: why the quickest trips are preferred.
    expect(sampleOffset(trip(1_000_000, 250, 30, 10)).offset).toBeCloseTo(260, 6);
  });

  it('takes the offset from the least delayed recent round trip', () => {
    const clock = new ClockEstimator();
    expect(clock.serverTime(0)).toBeNull();
    expect(clock.summary()).toBeNull();
    const delays = [40, 90, 3, 60, 25];
    delays.forEach((d, i) => clock.add(trip(1_000_000 + i * 1000, -120, d + (i % 2) * 7, d)));
    const summary = clock.summary()!;
    expect(summary.delayMs).toBe(6);
    expect(Math.abs(summary.offsetMs - -120)).toBeLessThanOrEqual(0.5);
    expect(summary.samples).toBe(5);
    // A trip with a negative delay (the player's clock stepped mid-way) is dropped.
    clock.add({ t0: 10, t1: 5, t2: 5, t3: 0 });
    expect(clock.size).toBe(5);
  });

  it('estimates the drift of the player’s clock and predicts the server’s time with it', () => {
    const clock = new ClockEstimator();
    // 50 ppm: the player's clock loses 50 µs a second; trips every 2 s over a minute, jittery delays.
    for (let i = 0; i < 30; i++) {
      const jitter = [2, 9, 4, 30, 3, 12][i % 6]!;
      clock.add(trip(10_000_000 + i * 2000, 80, jitter, 2, 50));
    }
    const { driftPpm } = clock.summary()!;
    expect(driftPpm).toBeGreaterThan(40);
    expect(driftPpm).toBeLessThan(60);
    // A minute after the last sample, the prediction is within a millisecond.
    const later = 10_000_000 + 29 * 2000 + 60_000;
    const local = later - 80 - (later * 50) / 1e6;
    expect(Math.abs(clock.serverTime(local)! - later)).toBeLessThan(1);
  });

  it('is settled only with enough round trips and a quick one among the recent ones', () => {
    const clock = new ClockEstimator();
    for (let i = 0; i < 20; i++) clock.add(trip(2_000_000 + i * 1000, 30, 40, 40));
    // A busy page: every answer came late, so it keeps probing often.
    expect(clock.settled()).toBe(false);
    clock.add(trip(2_030_000, 30, 4, 4));
    expect(clock.settled()).toBe(true);
    const fresh = new ClockEstimator();
    for (let i = 0; i < 5; i++) fresh.add(trip(2_000_000 + i * 300, 30, 2, 2));
    expect(fresh.settled()).toBe(false);
  });

  it('bounds the drift it fits: an outlier among few trips is not a clock running fast', () => {
    const clock = new ClockEstimator();
    // Quick trips over 20 s, one of them 60 ms off (a stalled answer with an unlucky split).
    for (let i = 0; i < 6; i++) clock.add(trip(3_000_000 + i * 4000, 0, 1, 1));
    clock.add({ ...trip(3_024_000, 0, 1, 1), t1: 3_024_000 + 121, t2: 3_024_000 + 121.2 });
    expect(Math.abs(clock.summary()!.driftPpm)).toBeLessThanOrEqual(200);
  });
});
