import type { OnlineMapPoint } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { bandColour, bandOf, bandOfState, RATE_BANDS, toMapPoints } from '../src/pages/statistics/online-map';
import { STATE_COLOURS } from '../src/pages/terminal-map/map-clusters';

const point = (terminalId: number, onlineRate: number): OnlineMapPoint => ({
  terminalId,
  name: `Screen ${terminalId}`,
  officeName: 'HQ',
  latitude: 52.5,
  longitude: 13.4,
  online: true,
  onlineSeconds: onlineRate * 3600,
  onlineRate,
});

describe('online-rate map', () => {
  it('puts a rate in its band; a rate at a limit belongs to the better band', () => {
    expect([1, 0.9, 0.8999, 0.5, 0.4999, 0, -0.1].map(bandOf)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
      'low',
    ]);
  });

  it('colours bands green, orange, red (the terminal map’s states, so clusters show the worst band)', () => {
    expect(RATE_BANDS.map(bandColour)).toEqual([
      STATE_COLOURS.online,
      STATE_COLOURS.abnormal,
      STATE_COLOURS.offline,
    ]);
    expect(bandOfState('online')).toBe('high');
    expect(bandOfState('abnormal')).toBe('medium');
    expect(bandOfState('offline')).toBe('low');
  });

  it('makes map points named with their rate (not told by colour alone)', () => {
    const text = (rate: number) => `${Math.round(rate * 100)} %`;
    expect(toMapPoints([point(1, 0.95), point(2, 0.6), point(3, 0.1)], text)).toEqual([
      [1, 52.5, 13.4, 'online', 'Screen 1 · 95 %'],
      [2, 52.5, 13.4, 'abnormal', 'Screen 2 · 60 %'],
      [3, 52.5, 13.4, 'offline', 'Screen 3 · 10 %'],
    ]);
  });
});
