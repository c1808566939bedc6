import { describe, expect, it } from 'vitest';
import { durationText, healthOf, idFromQuery, moved } from '../src/pages/terminal-info/terminal-info-logic';

const status = (free: number, total: number) =>
  ({
    playing: { kind: 'idle' },
    volume: 1,
    appVersion: '1',
    clock: '',
    resolution: '1x1',
    disk: { free, total },
  }) as const;

describe('terminal info logic', () => {
  it('grades health', () => {
    expect(healthOf({ online: false, status: null, clockSkewMs: null, failedDownloads: 0 }).health).toBe(
      'critical',
    );
    expect(
      healthOf({ online: true, status: status(50, 100), clockSkewMs: 1000, failedDownloads: 0 }),
    ).toEqual({
      health: 'good',
      reasons: [],
    });
    expect(
      healthOf({ online: true, status: status(5, 100), clockSkewMs: -120_000, failedDownloads: 1 }),
    ).toEqual({
      health: 'warning',
      reasons: [{ kind: 'disk', percent: 95 }, { kind: 'clock', seconds: -120 }, { kind: 'downloads' }],
    });
  });
  it('reads the id of the URL', () => {
    expect(idFromQuery('12')).toBe(12);
    expect(idFromQuery('0')).toBeNull();
    expect(idFromQuery('x')).toBeNull();
    expect(idFromQuery(null)).toBeNull();
    expect(idFromQuery('9999999999')).toBeNull();
  });
  it('moves items and writes durations', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(durationText(90_061_000)).toBe('1 d 1 h 1 min');
    expect(durationText(30_000)).toBe('1 min');
  });
});
