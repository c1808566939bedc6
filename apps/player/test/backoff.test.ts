import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay, DEFAULT_BACKOFF } from '../src/backoff.js';

const opts = { baseMs: 1000, capMs: 30_000, stableMs: 20_000 };

describe('backoffDelay (full jitter)', () => {
  it('stays below base * 2^attempt', () => {
    expect(backoffDelay(0, opts, 0.999)).toBeLessThan(1000);
    expect(backoffDelay(1, opts, 0.999)).toBeLessThan(2000);
    expect(backoffDelay(3, opts, 0.999)).toBeLessThan(8000);
    expect(backoffDelay(3, opts, 0.999)).toBeGreaterThan(7900);
  });

  it('never exceeds the cap, however many attempts', () => {
    for (const attempt of [5, 6, 10, 50, 1000, Number.MAX_SAFE_INTEGER]) {
      expect(backoffDelay(attempt, opts, 0.9999)).toBeLessThan(30_000);
      expect(backoffDelay(attempt, opts, 0.9999)).toBeGreaterThan(29_000);
    }
  });

  it('spreads the delays from zero up (random 0 waits nothing)', () => {
    expect(backoffDelay(4, opts, 0)).toBe(0);
    expect(backoffDelay(4, opts, 0.5)).toBe(8000);
  });

  it('clamps odd inputs instead of answering negative or infinite delays', () => {
    expect(backoffDelay(-3, opts, 0.5)).toBe(500);
    expect(backoffDelay(2, opts, 1)).toBeLessThan(4000);
    expect(backoffDelay(2, opts, -1)).toBe(0);
  });

  it('has a cap of about 30 s by default', () => {
    expect(DEFAULT_BACKOFF.capMs).toBe(30_000);
  });
});

describe('Backoff', () => {
  it('grows with failed attempts', () => {
    const backoff = new Backoff(
      opts,
      () => 0.5,
      () => 0,
    );
    expect([1, 2, 3, 4, 5, 6, 7].map(() => backoff.closed())).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
    expect(backoff.attempts).toBe(7);
  });

  it('starts over after a connection that stayed up long enough', () => {
    let now = 0;
    const backoff = new Backoff(
      opts,
      () => 0.5,
      () => now,
    );
    for (let i = 0; i < 5; i++) backoff.closed();
    backoff.opened();
    now += 20_000;
    expect(backoff.closed()).toBe(500);
  });

  it('keeps growing when connections drop right after opening (a flapping server)', () => {
    let now = 0;
    const backoff = new Backoff(
      opts,
      () => 0.5,
      () => now,
    );
    backoff.closed();
    backoff.closed();
    backoff.opened();
    now += 5000;
    expect(backoff.closed()).toBe(2000);
  });

  it('counts no attempt for a drain, yet starts over after a stable connection as after a loss', () => {
    let now = 0;
    const backoff = new Backoff(
      opts,
      () => 0.5,
      () => now,
    );
    backoff.closed();
    backoff.closed();
    backoff.opened();
    now += 5000;
    backoff.drained();
    expect(backoff.attempts).toBe(2);
    expect(backoff.closed()).toBe(2000);
    backoff.opened();
    now += 20_000;
    backoff.drained();
    expect(backoff.attempts).toBe(0);
    expect(backoff.closed()).toBe(500);
  });
});
