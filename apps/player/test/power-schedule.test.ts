import { describe, expect, it } from 'vitest';
import { isScreenOn, type PowerEntry } from '../src/power-schedule.js';

// 2026-11-23 is a Monday (weekday 1); dates are built in local time like the terminal's clock.
const at = (day: number, hh: number, mm: number) => new Date(2026, 10, 22 + day, hh, mm);
const weekdays: PowerEntry = { weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '18:30' };

describe('isScreenOn', () => {
  it('is always on without a schedule', () => {
    expect(isScreenOn([], at(0, 3, 0))).toBe(true);
  });

  it('is on between on and off of a listed day only', () => {
    expect(isScreenOn([weekdays], at(1, 8, 0))).toBe(true);
    expect(isScreenOn([weekdays], at(1, 18, 29))).toBe(true);
    expect(isScreenOn([weekdays], at(1, 18, 30))).toBe(false);
    expect(isScreenOn([weekdays], at(1, 7, 59))).toBe(false);
    expect(isScreenOn([weekdays], at(0, 12, 0))).toBe(false); // Sunday
    expect(isScreenOn([weekdays], at(6, 12, 0))).toBe(false); // Saturday
  });

  it('runs an entry whose off is before its on past midnight into the next day', () => {
    const night: PowerEntry = { weekdays: [5], on: '22:00', off: '02:00' }; // Friday night
    expect(isScreenOn([night], at(5, 23, 0))).toBe(true);
    expect(isScreenOn([night], at(6, 1, 59))).toBe(true); // Saturday early
    expect(isScreenOn([night], at(6, 2, 0))).toBe(false);
    expect(isScreenOn([night], at(5, 1, 0))).toBe(false); // Friday early: Thursday is not listed
    expect(isScreenOn([night], at(6, 23, 0))).toBe(false);
  });

  it('wraps from Saturday to Sunday', () => {
    const saturday: PowerEntry = { weekdays: [6], on: '20:00', off: '04:00' };
    expect(isScreenOn([saturday], at(7, 3, 0))).toBe(true); // next Sunday
  });

  it('treats on equal to off as the whole day', () => {
    const allDay: PowerEntry = { weekdays: [0], on: '00:00', off: '00:00' };
    expect(isScreenOn([allDay], at(0, 23, 59))).toBe(true);
    expect(isScreenOn([allDay], at(1, 0, 0))).toBe(false);
  });

  it('is on when any entry says so', () => {
    const weekend: PowerEntry = { weekdays: [0, 6], on: '10:00', off: '16:00' };
    expect(isScreenOn([weekdays, weekend], at(0, 11, 0))).toBe(true);
    expect(isScreenOn([weekdays, weekend], at(0, 17, 0))).toBe(false);
  });
});
