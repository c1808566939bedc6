import { describe, expect, it } from 'vitest';
import {
  brightnessFilter,
  DisplayKeeper,
  displaySettingsFrom,
  rotationStyle,
  unsupportedSettings,
} from '../src/display-settings.js';

/** A stand-in for the screen's root: the style and dataset the keeper writes. */
function fakeRoot() {
  return {
    style: {} as Record<string, string>,
    dataset: {} as Record<string, string>,
  } as unknown as HTMLElement;
}

function memoryStore(initial: string | null = null) {
  let value = initial;
  return { read: () => value, write: (v: string) => void (value = v), get: () => value };
}

describe('displaySettingsFrom', () => {
  it('takes the valid settings and leaves out the others', () => {
    expect(
      displaySettingsFrom({
        brightness: 60,
        rotation: 90,
        downloadWindow: { start: '01:00', end: '05:00' },
        screenshotIntervalMinutes: 30,
        volume: 20,
      }),
    ).toEqual({
      brightness: 60,
      rotation: 90,
      downloadWindow: { start: '01:00', end: '05:00' },
      screenshotIntervalMinutes: 30,
    });
    expect(
      displaySettingsFrom({ brightness: 5, rotation: 45, downloadWindow: { start: '25:00', end: '01:00' } }),
    ).toEqual({});
    expect(displaySettingsFrom({ brightness: 100, rotation: 45 })).toEqual({ brightness: 100 });
    expect(displaySettingsFrom({ downloadWindow: null })).toEqual({ downloadWindow: null });
    expect(displaySettingsFrom(null)).toEqual({});
  });
});

describe('unsupportedSettings', () => {
  it('names a download window and screenshot interval, not their clearing', () => {
    expect(
      unsupportedSettings({ downloadWindow: { start: '01:00', end: '02:00' }, screenshotIntervalMinutes: 5 }),
    ).toEqual(['downloadWindow']);
    expect(
      unsupportedSettings({ downloadWindow: null, screenshotIntervalMinutes: 0, brightness: 50 }),
    ).toEqual([]);
  });
});

describe('rotationStyle and brightnessFilter', () => {
  it('swaps width and height for quarter turns', () => {
    expect(rotationStyle(90)).toEqual({
      transform: 'translateX(100vw) rotate(90deg)',
      width: '100vh',
      height: '100vw',
    });
    expect(rotationStyle(270).width).toBe('100vh');
    expect(rotationStyle(180)).toEqual({
      transform: 'translate(100vw, 100vh) rotate(180deg)',
      width: '100vw',
      height: '100vh',
    });
    expect(rotationStyle(0)).toEqual({ transform: '', width: '', height: '' });
  });
  it('dims below 100 %', () => {
    expect(brightnessFilter(40)).toBe('brightness(40%)');
    expect(brightnessFilter(100)).toBe('');
  });
});

describe('DisplayKeeper', () => {
  it('applies, keeps and answers what it applied and what it cannot', () => {
    const root = fakeRoot();
    const store = memoryStore();
    const keeper = new DisplayKeeper(root, store);
    expect(root.style.transform).toBe('');
    const outcome = keeper.apply({
      brightness: 50,
      rotation: 90,
      downloadWindow: { start: '01:00', end: '02:00' },
    });
    expect(outcome).toEqual({ applied: ['brightness', 'rotation'], unsupported: ['downloadWindow'] });
    expect(root.style.filter).toBe('brightness(50%)');
    expect(root.style.transform).toBe('translateX(100vw) rotate(90deg)');
    expect(root.dataset.rotation).toBe('90');
    expect(root.dataset.displayBrightness).toBe('50');
    // A reload starts from what was kept.
    const again = fakeRoot();
    new DisplayKeeper(again, memoryStore(store.get()));
    expect(again.style.transform).toBe('translateX(100vw) rotate(90deg)');
    // Clearing the window and turning back.
    expect(keeper.apply({ downloadWindow: null, rotation: 0 })).toEqual({
      applied: ['rotation', 'downloadWindow'],
      unsupported: [],
    });
    expect(keeper.settings).toEqual({ brightness: 50, rotation: 0 });
    expect(root.style.transform).toBe('');
  });

  it('survives an unreadable store', () => {
    const root = fakeRoot();
    const keeper = new DisplayKeeper(root, memoryStore('{oops'));
    expect(keeper.settings).toEqual({});
  });
});
