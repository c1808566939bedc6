import { emptyStrategyDocument, type StrategyDocument, type TerminalStrategy } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { StrategyKeeper, rebootDue, strategyEffects, unsupportedPolicies } from '../src/strategy.js';

// 2026-11-23 is a Monday (weekday 1); dates are built in local time like the terminal's clock.
const at = (day: number, hh: number, mm: number, ss = 0) => new Date(2026, 10, 22 + day, hh, mm, ss);
const own = { volume: 80, powerSchedule: [] };

function strategy(fields: Partial<StrategyDocument> = {}, revision = 1): TerminalStrategy {
  return { id: 5, name: 'Shop hours', revision, document: { ...emptyStrategyDocument(), ...fields } };
}

describe('strategyEffects: volume, brightness and screen of the web player', () => {
  it('without a strategy: own volume, full brightness, own power schedule', () => {
    expect(strategyEffects(null, own, at(1, 12, 0))).toEqual({ volume: 80, brightness: 100, screenOn: true });
    const offAtNight = { volume: 50, powerSchedule: [{ weekdays: [1], on: '08:00', off: '20:00' }] };
    expect(strategyEffects(null, offAtNight, at(1, 21, 0)).screenOn).toBe(false);
  });

  it('the strategy’s rules where they cover the time, the own settings elsewhere', () => {
    const s = strategy({
      volume: [{ from: '09:00', to: '18:00', volume: 30 }],
      brightness: [{ from: '20:00', to: '06:00', brightness: 40 }],
    });
    expect(strategyEffects(s, own, at(1, 10, 0))).toEqual({ volume: 30, brightness: 100, screenOn: true });
    expect(strategyEffects(s, own, at(1, 23, 0))).toEqual({ volume: 80, brightness: 40, screenOn: true });
  });

  it('the strategy’s power rules replace the own schedule; without any the own one holds', () => {
    const ownOff = { volume: 50, powerSchedule: [{ weekdays: [1], on: '08:00', off: '09:00' }] };
    const s = strategy({ power: [{ weekdays: [1], on: '10:00', off: '12:00' }] });
    expect(strategyEffects(s, ownOff, at(1, 8, 30)).screenOn).toBe(false);
    expect(strategyEffects(s, ownOff, at(1, 11, 0)).screenOn).toBe(true);
    expect(strategyEffects(strategy(), ownOff, at(1, 8, 30)).screenOn).toBe(true);
  });
});

describe('unsupportedPolicies', () => {
  it('names the set policies a browser cannot apply, and only those', () => {
    expect(unsupportedPolicies(strategy().document)).toEqual([]);
    expect(
      unsupportedPolicies(
        strategy({
          screenshotIntervalMinutes: 10,
          downloadWindows: [{ from: '01:00', to: '02:00' }],
          volume: [{ from: '01:00', to: '02:00', volume: 1 }],
          rebootTime: '03:00',
        }).document,
      ),
    ).toEqual(['downloadWindows']);
  });
});

describe('rebootDue', () => {
  it('is due once when the time passes between two ticks', () => {
    expect(rebootDue('04:00', at(1, 3, 59, 50), at(1, 4, 0, 5))).toBe(true);
    expect(rebootDue('04:00', at(1, 4, 0, 5), at(1, 4, 0, 20))).toBe(false);
    expect(rebootDue('04:00', at(1, 3, 0), at(1, 3, 59))).toBe(false);
  });

  it('handles midnight and long gaps; never without a time', () => {
    expect(rebootDue('00:00', at(1, 23, 59, 50), at(2, 0, 0, 5))).toBe(true);
    expect(rebootDue('12:00', at(1, 13, 0), at(3, 11, 0))).toBe(true);
    expect(rebootDue(null, at(1, 0, 0), at(3, 0, 0))).toBe(false);
    expect(rebootDue('04:00', at(1, 5, 0), at(1, 5, 0))).toBe(false);
  });
});

describe('StrategyKeeper', () => {
  function keeper(stored: string | null = null, started = at(1, 8, 0)) {
    const store = { value: stored };
    const out = { volumes: [] as number[], brightness: [] as number[], reloads: 0 };
    const k = new StrategyKeeper(
      { read: () => store.value, write: (v) => (store.value = v) },
      {
        setVolume: (v) => out.volumes.push(v),
        setBrightness: (b) => out.brightness.push(b),
        reload: () => (out.reloads += 1),
      },
      started,
    );
    return { k, store, out };
  }

  it('keeps a strategy across reloads, forgets it on null, and ignores a damaged store', () => {
    const s = strategy({ rebootTime: '04:00' }, 3);
    const first = keeper();
    expect(first.k.apply(s)).toEqual({ revision: 3, unsupported: [] });
    expect(keeper(first.store.value).k.current).toEqual(s);
    expect(first.k.apply(null)).toEqual({ revision: null, unsupported: [] });
    expect(first.store.value).toBeNull();
    expect(keeper('{not json').k.current).toBeNull();
    expect(keeper(JSON.stringify({ id: 1 })).k.current).toBeNull();
  });

  it('sets volume and brightness when what the strategy asks changes, and reloads at the reboot time', () => {
    const { k, out } = keeper(null, at(1, 8, 59, 50));
    k.apply(
      strategy({
        volume: [{ from: '09:00', to: '10:00', volume: 20 }],
        brightness: [{ from: '09:00', to: '10:00', brightness: 50 }],
        rebootTime: '09:30',
      }),
    );
    expect(k.tick(own, at(1, 8, 59, 55))).toBe(true);
    expect(out).toEqual({ volumes: [80], brightness: [100], reloads: 0 });
    k.tick(own, at(1, 9, 0, 10));
    k.tick(own, at(1, 9, 0, 25));
    expect(out).toEqual({ volumes: [80, 20], brightness: [100, 50], reloads: 0 });
    expect(k.volume).toBe(20);
    k.tick(own, at(1, 9, 30, 5));
    expect(out.reloads).toBe(1);
    k.tick(own, at(1, 10, 0, 1));
    expect(out).toEqual({ volumes: [80, 20, 80], brightness: [100, 50, 100], reloads: 1 });
  });

  it('answers the screen state of the strategy’s power rules', () => {
    const { k } = keeper();
    k.apply(strategy({ power: [{ weekdays: [1], on: '09:00', off: '17:00' }] }));
    expect(k.tick(own, at(1, 8, 0))).toBe(false);
    expect(k.tick(own, at(1, 9, 0))).toBe(true);
  });
});
