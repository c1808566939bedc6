import { describe, expect, it } from 'vitest';
import {
  crossesMidnight,
  moveWindow,
  resizeWindow,
  spanWindow,
  windowIndexAt,
  windowSpan,
} from '../../src/pages/plan-make/state/window-time';

describe('plan windows as minutes', () => {
  it('reads an end at or before the start as the next day', () => {
    expect(windowSpan({ start: '22:00', end: '02:00' })).toEqual({ start: 1320, end: 1560 });
    expect(windowSpan({ start: '08:00', end: '24:00' })).toEqual({ start: 480, end: 1440 });
    expect(crossesMidnight({ start: '22:00', end: '02:00' })).toBe(true);
    expect(crossesMidnight({ start: '08:00', end: '24:00' })).toBe(false);
  });

  it('writes spans back, wrapping and ending at 24:00', () => {
    expect(spanWindow(-60, 60)).toEqual({ start: '23:00', end: '01:00' });
    expect(spanWindow(1380, 1440)).toEqual({ start: '23:00', end: '24:00' });
    expect(spanWindow(0, 1440)).toEqual({ start: '00:00', end: '24:00' });
  });

  it('moves a window keeping its length, snapped to the step', () => {
    expect(moveWindow({ start: '08:00', end: '10:00' }, 62, 15)).toEqual({ start: '09:00', end: '11:00' });
    expect(moveWindow({ start: '08:00', end: '10:00' }, 68, 15)).toEqual({ start: '09:15', end: '11:15' });
    expect(moveWindow({ start: '08:00', end: '10:00' }, 3, 5)).toEqual({ start: '08:05', end: '10:05' });
    // Past midnight it crosses it.
    expect(moveWindow({ start: '22:00', end: '23:30' }, 60, 15)).toEqual({ start: '23:00', end: '00:30' });
    expect(moveWindow({ start: '23:00', end: '01:00' }, -120, 5)).toEqual({ start: '21:00', end: '23:00' });
  });

  it('resizes by either edge, at least one step long and at most a day', () => {
    expect(resizeWindow({ start: '08:00', end: '10:00' }, 'end', 31, 15)).toEqual({
      start: '08:00',
      end: '10:30',
    });
    expect(resizeWindow({ start: '08:00', end: '10:00' }, 'start', -60, 5)).toEqual({
      start: '07:00',
      end: '10:00',
    });
    expect(resizeWindow({ start: '08:00', end: '10:00' }, 'end', -500, 15)).toEqual({
      start: '08:00',
      end: '08:15',
    });
    expect(resizeWindow({ start: '08:00', end: '10:00' }, 'start', 500, 5)).toEqual({
      start: '09:55',
      end: '10:00',
    });
    expect(resizeWindow({ start: '22:00', end: '23:00' }, 'end', 120, 15)).toEqual({
      start: '22:00',
      end: '01:00',
    });
    expect(resizeWindow({ start: '08:00', end: '10:00' }, 'end', 5000, 15)).toEqual({
      start: '08:00',
      end: '08:00',
    });
  });

  it('finds the window playing at a minute, counting one begun the day before', () => {
    const windows = [
      { start: '08:00', end: '10:00' },
      { start: '22:00', end: '02:00' },
    ];
    expect(windowIndexAt(windows, 540)).toBe(0);
    expect(windowIndexAt(windows, 1400)).toBe(1);
    expect(windowIndexAt(windows, 60)).toBe(1);
    expect(windowIndexAt(windows, 600)).toBe(-1);
  });
});
