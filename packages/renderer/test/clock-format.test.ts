import { describe, expect, it } from 'vitest';
import { clockParts, formatClock, isValidTimeZone, msToNextSecond } from '../src/clock-format.js';

// 2026-03-08T21:05:09.042Z: a Sunday evening in UTC, Monday morning in Shanghai.
const instant = new Date(Date.UTC(2026, 2, 8, 21, 5, 9, 42));

describe('formatClock', () => {
  it('formats hh:mm:ss on the 12-hour clock and HH:mm:ss on the 24-hour one, as dayjs does', () => {
    expect(formatClock(instant, 'hh:mm:ss', 'UTC')).toBe('09:05:09');
    expect(formatClock(instant, 'HH:mm:ss', 'UTC')).toBe('21:05:09');
    expect(formatClock(instant, 'h:m:s A', 'UTC')).toBe('9:5:9 PM');
    expect(formatClock(instant, 'H a SSS', 'UTC')).toBe('21 pm 042');
  });

  it('moves the wall clock and the date to the time zone', () => {
    expect(formatClock(instant, 'YYYY-MM-DD HH:mm d', 'Asia/Shanghai')).toBe('2026-03-09 05:05 1');
    expect(formatClock(instant, 'YYYY-MM-DD HH:mm d', 'America/New_York')).toBe('2026-03-08 17:05 0');
    expect(formatClock(instant, 'HH:mm', 'Asia/Kolkata')).toBe('02:35');
  });

  it('names months and weekdays in the locale and the zone', () => {
    expect(formatClock(instant, 'dddd, MMMM D YY', 'UTC', 'en-US')).toBe('Sunday, March 8 26');
    expect(formatClock(instant, 'ddd MMM', 'Asia/Shanghai', 'en-US')).toBe('Mon Mar');
    expect(formatClock(instant, 'dddd', 'UTC', 'fr-FR')).toBe('dimanche');
  });

  it('keeps bracketed text literally', () => {
    expect(formatClock(instant, '[Today is] dddd [at] HH[h]', 'UTC')).toBe('Today is Sunday at 21h');
  });

  it('shows 12 for noon and midnight on the 12-hour clock', () => {
    expect(formatClock(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)), 'hh A', 'UTC')).toBe('12 AM');
    expect(formatClock(new Date(Date.UTC(2026, 0, 1, 12, 0, 0)), 'hh A', 'UTC')).toBe('12 PM');
  });

  it('falls back to local time for a null or unknown zone', () => {
    const local = formatClock(instant, 'YYYY-MM-DD HH:mm:ss', null);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())} ${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}`;
    expect(local).toBe(expected);
    expect(formatClock(instant, 'YYYY-MM-DD HH:mm:ss', 'Mars/Olympus')).toBe(expected);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Europe/Rome')).toBe(true);
  });

  it('reads zone parts including midnight as hour 0', () => {
    const midnight = new Date(Date.UTC(2026, 5, 1, 22, 0, 0));
    expect(clockParts(midnight, 'Europe/Rome')).toMatchObject({
      year: 2026,
      month: 6,
      day: 2,
      hour: 0,
      weekday: 2,
    });
  });
});

describe('msToNextSecond', () => {
  it('waits until the next whole second', () => {
    expect(msToNextSecond(1_000)).toBe(1000);
    expect(msToNextSecond(1_250)).toBe(750);
    expect(msToNextSecond(1_999)).toBe(1);
  });
});
