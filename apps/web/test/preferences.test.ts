import { describe, expect, it } from 'vitest';
import {
  ANIMATIONS,
  PALETTE,
  animationClass,
  clearPreferences,
  defaultPreferences,
  diffPreferences,
  parsePreferences,
  preferencesKey,
  savePreferences,
  withEffect,
} from '../src/layouts/settings/preferences';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('preferences', () => {
  it('has the documented defaults', () => {
    expect(Object.keys(PALETTE)).toHaveLength(8);
    expect(defaultPreferences(true)).toEqual({
      color: 'blue',
      mode: 'dark',
      layout: 'side',
      contentWidth: 'fluid',
      fixedHeader: true,
      fixedSidebar: true,
      colorWeak: false,
      multiTab: true,
      hideSettings: false,
      animation: { effect: 'lightSpeed', direction: 'Left' },
    });
    // "Configured default layout: hide": other users do not see the settings entry by default.
    expect(defaultPreferences(false).hideSettings).toBe(true);
  });

  it('resets the direction when the effect changes', () => {
    const p = withEffect(defaultPreferences(), 'flip');
    expect(p.animation).toEqual({ effect: 'flip', direction: 'X' });
    expect(withEffect(p, 'roll').animation.direction).toBe('');
    expect(animationClass(defaultPreferences().animation)).toBe(
      'animate__animated animate__lightSpeedInLeft',
    );
    for (const [effect, dirs] of Object.entries(ANIMATIONS)) expect(dirs.length, effect).toBeGreaterThan(0);
  });

  it('saves only the values that differ from the defaults', () => {
    const defaults = defaultPreferences(true);
    const storage = memoryStorage();
    expect(savePreferences(storage, 'u1', defaults, defaults)).toEqual({});
    expect(storage.map.size).toBe(0);
    const changed = {
      ...defaults,
      layout: 'mix' as const,
      colorWeak: true,
      animation: { ...defaults.animation, direction: 'Right' },
    };
    const diff = savePreferences(storage, 'u1', changed, defaults);
    expect(diff).toEqual({
      layout: 'mix',
      colorWeak: true,
      animation: { effect: 'lightSpeed', direction: 'Right' },
    });
    expect(JSON.parse(storage.map.get(preferencesKey('u1'))!)).toEqual(diff);
    expect(diffPreferences(changed, defaults)).toEqual(diff);
    expect(parsePreferences(storage.map.get(preferencesKey('u1')), defaults)).toEqual(changed);
    clearPreferences(storage, 'u1');
    expect(storage.map.size).toBe(0);
  });

  it('ignores invalid stored values and lets a saved choice override the role default', () => {
    const defaults = defaultPreferences(false);
    const raw = JSON.stringify({
      color: 'pink',
      mode: 'night',
      layout: 42,
      hideSettings: false,
      animation: { effect: 'flip', direction: 'Left' },
    });
    const p = parsePreferences(raw, defaults);
    expect(p).toEqual({ ...defaults, mode: 'night', hideSettings: false });
    expect(parsePreferences('{oops', defaults)).toEqual(defaults);
    expect(parsePreferences('null', defaults)).toEqual(defaults);
  });
});
