import { describe, expect, it } from 'vitest';
import { settingsFromServer } from '../src/server-settings.js';

describe('settingsFromServer', () => {
  it('takes a valid volume and power schedule', () => {
    const entries = [{ weekdays: [1, 2], on: '08:00', off: '20:00' }];
    expect(settingsFromServer({ volume: 35, powerSchedule: entries, other: 'x' })).toEqual({
      volume: 35,
      powerSchedule: entries,
    });
    expect(settingsFromServer({ powerSchedule: [] })).toEqual({ powerSchedule: [] });
  });

  it('leaves out what a command would refuse', () => {
    expect(settingsFromServer({ volume: 101 })).toEqual({});
    expect(settingsFromServer({ volume: '50' })).toEqual({});
    expect(settingsFromServer({ powerSchedule: [{ weekdays: [9], on: '08:00', off: '20:00' }] })).toEqual({});
    expect(settingsFromServer({ powerSchedule: 'always' })).toEqual({});
    expect(settingsFromServer(null)).toEqual({});
    expect(settingsFromServer({})).toEqual({});
  });
});
