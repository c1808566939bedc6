import { describe, expect, it } from 'vitest';
import {
  matchesTimeZone,
  timeZoneLabel,
  timeZoneNames,
  timeZoneOptions,
  utcOffset,
} from '../src/components/time-zone-options';

const WINTER = new Date('2030-01-15T12:00:00Z');
const SUMMER = new Date('2030-07-15T12:00:00Z');

describe('time zone options', () => {
  it('lists the zones the engine knows plus UTC, sorted, once each', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/Berlin');
    expect(names).toContain('America/New_York');
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('reads offsets through DST, half hours and negative zones', () => {
    expect(utcOffset('Europe/Berlin', WINTER)).toEqual({ text: 'UTC+01:00', minutes: 60 });
    expect(utcOffset('Europe/Berlin', SUMMER)).toEqual({ text: 'UTC+02:00', minutes: 120 });
    expect(utcOffset('America/New_York', WINTER)).toEqual({ text: 'UTC-05:00', minutes: -300 });
    expect(utcOffset('Asia/Kolkata', WINTER)).toEqual({ text: 'UTC+05:30', minutes: 330 });
    expect(utcOffset('America/St_Johns', WINTER)).toEqual({ text: 'UTC-03:30', minutes: -210 });
    expect(utcOffset('UTC', WINTER)).toEqual({ text: 'UTC+00:00', minutes: 0 });
    expect(utcOffset('Mars/Olympus', WINTER)).toBeNull();
  });

  it('labels each option with its offset and keeps an unlisted current value', () => {
    const options = timeZoneOptions(WINTER, ['Europe/Berlin', 'UTC'], 'Mars/Olympus');
    expect(options).toEqual([
      { value: 'Europe/Berlin', label: 'Europe/Berlin (UTC+01:00)', offsetMinutes: 60 },
      { value: 'UTC', label: 'UTC (UTC+00:00)', offsetMinutes: 0 },
      { value: 'Mars/Olympus', label: 'Mars/Olympus', offsetMinutes: 0 },
    ]);
    expect(timeZoneOptions(WINTER, ['UTC'], 'UTC')).toHaveLength(1);
    expect(timeZoneLabel('Australia/Lord_Howe', WINTER)).toBe('Australia/Lord_Howe (UTC+11:00)');
  });

  it('matches searches case-insensitively, with spaces for underscores, and by offset', () => {
    const [ny] = timeZoneOptions(WINTER, ['America/New_York']);
    expect(matchesTimeZone('new york', ny)).toBe(true);
    expect(matchesTimeZone('NEW_YORK', ny)).toBe(true);
    expect(matchesTimeZone('-05:00', ny)).toBe(true);
    expect(matchesTimeZone('berlin', ny)).toBe(false);
    expect(matchesTimeZone('x', undefined)).toBe(false);
  });
});
