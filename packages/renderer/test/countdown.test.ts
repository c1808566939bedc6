import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown } from '../src/countdown.js';

const t0 = Date.UTC(2026, 0, 1);
const left = (days: number, h: number, m: number, s: number, ms = 0) =>
  t0 + (((days * 24 + h) * 60 + m) * 60 + s) * 1000 + ms;

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes, seconds', () => {
    expect(countdownParts(left(2, 3, 4, 5), t0)).toEqual({
      done: false,
      totalSeconds: 2 * 86400 + 3 * 3600 + 4 * 60 + 5,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('rounds a part second up, so the last second shows 1 and not 0', () => {
    expect(countdownParts(t0 + 1, t0)).toMatchObject({ done: false, totalSeconds: 1, seconds: 1 });
    expect(countdownParts(left(0, 0, 0, 59, 500), t0).seconds).toBe(0);
    expect(countdownParts(left(0, 0, 0, 59, 500), t0).minutes).toBe(1);
  });

  it('is done at and after the target', () => {
    expect(countdownParts(t0, t0)).toMatchObject({ done: true, totalSeconds: 0 });
    expect(countdownParts(t0 - 5000, t0)).toMatchObject({
      done: true,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
});

describe('formatCountdown', () => {
  const parts = countdownParts(left(2, 1, 4, 5), t0);

  it('fills the tokens with padding where doubled', () => {
    expect(formatCountdown('D [days] HH:mm:ss', parts)).toBe('2 days 01:04:05');
    expect(formatCountdown('DD H:m:s', parts)).toBe('02 1:4:5');
  });

  it('lets the largest unit present carry what the format leaves out', () => {
    expect(formatCountdown('HH:mm:ss', parts)).toBe('49:04:05');
    expect(formatCountdown('mm:ss', parts)).toBe(`${49 * 60 + 4}:05`);
    expect(formatCountdown('ss', parts)).toBe(String(parts.totalSeconds));
  });

  it('does not read letters inside brackets as tokens', () => {
    expect(formatCountdown('[Days:] D [Hours, mins, secs]', parts)).toBe('Days: 2 Hours, mins, secs');
  });
});
