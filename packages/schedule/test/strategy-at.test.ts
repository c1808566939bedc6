import fc from 'fast-check';
import { emptyStrategyDocument, type StrategyDocument } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { powerOnAt, strategyAt, strategyAtDate, windowCovers } from '../src/index.js';

const doc = (fields: Partial<StrategyDocument> = {}): StrategyDocument => ({
  ...emptyStrategyDocument(),
  ...fields,
});

describe('strategyAt: what a strategy asks at a wall-clock time of the terminal', () => {
  it('an empty strategy asks nothing: own volume, full brightness, screen on, downloads any time', () => {
    expect(strategyAt(doc(), '03:00', 2)).toEqual({
      volume: null,
      brightness: null,
      powerOn: true,
      downloadAllowed: true,
    });
  });

  it('volume and brightness follow the rule covering the time, start inclusive and end exclusive', () => {
    const d = doc({
      volume: [
        { from: '08:00', to: '12:00', volume: 40 },
        { from: '12:00', to: '18:00', volume: 70 },
      ],
      brightness: [{ from: '07:30', to: '19:00', brightness: 80 }],
    });
    expect(strategyAt(d, '07:59', 1)).toMatchObject({ volume: null, brightness: 80 });
    expect(strategyAt(d, '08:00', 1)).toMatchObject({ volume: 40 });
    expect(strategyAt(d, '11:59', 1)).toMatchObject({ volume: 40 });
    expect(strategyAt(d, '12:00', 1)).toMatchObject({ volume: 70 });
    expect(strategyAt(d, '18:00', 1)).toMatchObject({ volume: null });
    expect(strategyAt(d, '19:00', 1)).toMatchObject({ brightness: null });
  });

  it('a window whose end is before its start runs past midnight; equal ends mean all day', () => {
    const night = doc({ volume: [{ from: '22:00', to: '06:00', volume: 5 }] });
    expect(strategyAt(night, '23:30', 0).volume).toBe(5);
    expect(strategyAt(night, '00:00', 0).volume).toBe(5);
    expect(strategyAt(night, '05:59', 0).volume).toBe(5);
    expect(strategyAt(night, '06:00', 0).volume).toBeNull();
    expect(strategyAt(night, '21:59', 0).volume).toBeNull();
    const allDay = doc({ brightness: [{ from: '09:00', to: '09:00', brightness: 30 }] });
    for (const time of ['00:00', '09:00', '08:59', '23:59'])
      expect(strategyAt(allDay, time, 4).brightness).toBe(30);
  });

  it('volume 0 and brightness 0 are levels, not "no rule"', () => {
    const d = doc({
      volume: [{ from: '00:00', to: '00:00', volume: 0 }],
      brightness: [{ from: '00:00', to: '00:00', brightness: 0 }],
    });
    expect(strategyAt(d, '12:00', 3)).toMatchObject({ volume: 0, brightness: 0 });
  });

  it('power rules hold per weekday; an overnight rule ends on the next day', () => {
    const d = doc({
      power: [
        { weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '20:00' },
        { weekdays: [5], on: '22:00', off: '02:00' },
      ],
    });
    expect(strategyAt(d, '07:59', 1).powerOn).toBe(false);
    expect(strategyAt(d, '08:00', 1).powerOn).toBe(true);
    expect(strategyAt(d, '20:00', 1).powerOn).toBe(false);
    expect(strategyAt(d, '12:00', 0).powerOn).toBe(false);
    expect(strategyAt(d, '23:00', 5).powerOn).toBe(true);
    // Friday's 22:00–02:00 reaches into Saturday morning, not into Friday morning.
    expect(strategyAt(d, '01:00', 6).powerOn).toBe(true);
    expect(strategyAt(d, '02:00', 6).powerOn).toBe(false);
    expect(strategyAt(d, '01:00', 5).powerOn).toBe(false);
  });

  it('a power rule with on = off keeps its weekdays on all day', () => {
    expect(powerOnAt([{ weekdays: [0, 6], on: '00:00', off: '00:00' }], 600, 6)).toBe(true);
    expect(powerOnAt([{ weekdays: [0, 6], on: '00:00', off: '00:00' }], 600, 1)).toBe(false);
  });

  it('downloads run only inside download windows when there are any', () => {
    const d = doc({
      downloadWindows: [
        { from: '01:00', to: '05:00' },
        { from: '23:00', to: '00:30' },
      ],
    });
    expect(strategyAt(d, '03:00', 2).downloadAllowed).toBe(true);
    expect(strategyAt(d, '23:15', 2).downloadAllowed).toBe(true);
    expect(strategyAt(d, '00:15', 2).downloadAllowed).toBe(true);
    expect(strategyAt(d, '00:30', 2).downloadAllowed).toBe(false);
    expect(strategyAt(d, '12:00', 2).downloadAllowed).toBe(false);
  });

  it('takes minutes since midnight (fractions and whole days folded) as well as HH:MM', () => {
    const d = doc({ volume: [{ from: '10:00', to: '11:00', volume: 50 }] });
    expect(strategyAt(d, 600.5, 1).volume).toBe(50);
    expect(strategyAt(d, 600 + 1440, 1).volume).toBe(50);
    expect(strategyAt(d, -840, 1).volume).toBe(50);
  });

  it('refuses a bad time or weekday instead of guessing', () => {
    expect(() => strategyAt(doc(), '24:00', 1)).toThrow(RangeError);
    expect(() => strategyAt(doc(), '9:00', 1)).toThrow(RangeError);
    expect(() => strategyAt(doc(), '09:00', 7)).toThrow(RangeError);
  });

  it('strategyAtDate reads a Date in local time', () => {
    const d = doc({ power: [{ weekdays: [3], on: '09:00', off: '10:00' }] });
    expect(strategyAtDate(d, new Date(2026, 10, 25, 9, 30)).powerOn).toBe(true); // a Wednesday
    expect(strategyAtDate(d, new Date(2026, 10, 26, 9, 30)).powerOn).toBe(false);
  });

  it('a window covers exactly its length of minutes in a day (property)', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, (from, to) => {
        let covered = 0;
        for (let m = 0; m < 1440; m += 1) if (windowCovers({ from, to }, m)) covered += 1;
        const [fh, fm] = from.split(':').map(Number);
        const [th, tm] = to.split(':').map(Number);
        const length = (th! * 60 + tm! - (fh! * 60 + fm!) + 1440) % 1440 || 1440;
        expect(covered).toBe(length);
        expect(windowCovers({ from, to }, fh! * 60 + fm!)).toBe(true);
      }),
    );
  });
});
