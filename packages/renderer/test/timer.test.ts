import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableTimeout, Stopwatch } from '../src/timer.js';
import { formatTemperature, weatherSymbol } from '../src/weather-symbol.js';

describe('PausableTimeout', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('counts only while running and keeps the time left across a pause', () => {
    const fired = vi.fn();
    const t = new PausableTimeout(fired, 1000);
    expect(t.running).toBe(false);
    t.resume();
    vi.advanceTimersByTime(600);
    t.pause();
    expect(t.left).toBe(400);
    vi.advanceTimersByTime(5000);
    expect(fired).not.toHaveBeenCalled();
    t.resume();
    vi.advanceTimersByTime(399);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(t.left).toBe(0);
    t.resume();
    vi.advanceTimersByTime(5000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const fired = vi.fn();
    const t = new PausableTimeout(fired, 100);
    t.resume();
    t.cancel();
    t.resume();
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });
});

describe('weather display', () => {
  it('maps WMO codes to symbols and unknown codes to nothing', () => {
    expect(weatherSymbol(0)).toBe('☀️');
    expect(weatherSymbol(0, false)).toBe('🌙');
    expect(weatherSymbol(3)).toBe('☁️');
    expect(weatherSymbol(63)).toBe('🌧️');
    expect(weatherSymbol(75)).toBe('❄️');
    expect(weatherSymbol(96)).toBe('⛈️');
    expect(weatherSymbol(42)).toBe('');
    expect(weatherSymbol(null)).toBe('');
  });

  it('rounds the temperature and names the unit', () => {
    expect(formatTemperature(21.6, 'metric')).toBe('22°C');
    expect(formatTemperature(-0.4, 'metric')).toBe('0°C');
    expect(formatTemperature(70.2, 'imperial')).toBe('70°F');
    expect(formatTemperature(Number.NaN, 'metric')).toBe('--');
  });
});

describe('Stopwatch', () => {
  it('counts only running time and remembers when it first ran', () => {
    let now = 1000;
    const watch = new Stopwatch(() => now);
    expect(watch.startedAt).toBeNull();
    now = 2000;
    expect(watch.elapsed).toBe(0);
    watch.start();
    now = 2500;
    watch.start();
    expect(watch.elapsed).toBe(500);
    watch.pause();
    now = 9000;
    expect(watch.elapsed).toBe(500);
    watch.start();
    now = 9250;
    expect(watch.elapsed).toBe(750);
    expect(watch.startedAt).toBe(2000);
  });
});
