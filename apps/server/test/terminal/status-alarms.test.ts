import type { TerminalStatus } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  blankStatusAlarms,
  DISK_FULL_BYTES,
  DISK_RECOVERED_BYTES,
  heartbeatAlarms,
  isDiskFull,
  isDiskRecovered,
  progressAlarms,
} from '../../src/terminal/status-alarms.js';

const GiB = 1024 ** 3;
const status = (extra: Partial<TerminalStatus> = {}): TerminalStatus => ({
  playing: { kind: 'idle' },
  volume: 50,
  appVersion: '1.0.0',
  clock: new Date().toISOString(),
  resolution: '1920x1080',
  ...extra,
});
const disk = (free: number, total = 100 * GiB) => status({ disk: { free, total } });

describe('status alarm rules', () => {
  it('calls a disk full below 5% or below 256 MiB, and recovered only clear of both by a margin', () => {
    expect(isDiskFull(4 * GiB, 100 * GiB)).toBe(true);
    expect(isDiskFull(6 * GiB, 100 * GiB)).toBe(false);
    expect(isDiskFull(DISK_FULL_BYTES - 1, 2 * GiB)).toBe(true);
    expect(isDiskFull(DISK_FULL_BYTES + 1, 2 * GiB)).toBe(false);
    expect(isDiskFull(0, 0)).toBe(false);
    expect(isDiskRecovered(6 * GiB, 100 * GiB)).toBe(false);
    expect(isDiskRecovered(9 * GiB, 100 * GiB)).toBe(true);
    expect(isDiskRecovered(DISK_RECOVERED_BYTES - 1, 2 * GiB)).toBe(false);
    expect(isDiskRecovered(DISK_RECOVERED_BYTES, 2 * GiB)).toBe(true);
  });

  it('raises diskFull once, keeps it in the hysteresis band, ends it once recovered', () => {
    const state = blankStatusAlarms();
    expect(heartbeatAlarms(state, disk(3 * GiB))).toEqual([
      { action: 'raise', type: 'diskFull', detail: { free: 3 * GiB, total: 100 * GiB } },
    ]);
    expect(heartbeatAlarms(state, disk(2 * GiB))).toEqual([]);
    // Above 5% but under the 8% recovery line: still full, nothing changes.
    expect(heartbeatAlarms(state, disk(6 * GiB))).toEqual([]);
    expect(heartbeatAlarms(state, disk(4 * GiB))).toEqual([]);
    expect(heartbeatAlarms(state, disk(20 * GiB))).toEqual([{ action: 'end', type: 'diskFull' }]);
    expect(heartbeatAlarms(state, disk(30 * GiB))).toEqual([]);
    expect(heartbeatAlarms(state, disk(1 * GiB))).toHaveLength(1);
  });

  it('ignores reports without a disk, decides nothing in the band, and ends an alarm known to be open', () => {
    const state = blankStatusAlarms();
    expect(heartbeatAlarms(state, status())).toEqual([]);
    expect(heartbeatAlarms(state, disk(6 * GiB))).toEqual([]);
    expect(heartbeatAlarms(state, disk(50 * GiB))).toEqual([]);
    // As loaded from an alarm left open when the server stopped.
    const open = { ...blankStatusAlarms(), diskFull: true };
    expect(heartbeatAlarms(open, disk(6 * GiB))).toEqual([]);
    expect(heartbeatAlarms(open, disk(50 * GiB))).toEqual([{ action: 'end', type: 'diskFull' }]);
  });

  it('raises downloadFailed once per material and ends it when that material completes', () => {
    const state = blankStatusAlarms();
    const failed = progressAlarms(state, [
      { materialId: 7, received: 0, total: 100, error: 'HTTP 500' },
      { materialId: 8, received: 50, total: 100 },
    ]);
    expect(failed).toEqual([
      {
        action: 'raise',
        type: 'downloadFailed',
        materialId: 7,
        detail: { materialId: 7, error: 'HTTP 500' },
      },
    ]);
    expect(progressAlarms(state, [{ materialId: 7, received: 0, total: 100, error: 'again' }])).toEqual([]);
    // Still downloading: not an end.
    expect(progressAlarms(state, [{ materialId: 7, received: 60, total: 100 }])).toEqual([]);
    expect(progressAlarms(state, [{ materialId: 8, received: 100, total: 100 }])).toEqual([]);
    expect(progressAlarms(state, [{ materialId: 7, received: 100, total: 100 }])).toEqual([
      { action: 'end', type: 'downloadFailed', materialId: 7 },
    ]);
    expect(progressAlarms(state, [{ materialId: 7, received: 0, total: 100, error: 'x' }])).toHaveLength(1);
  });

  it('ends every downloadFailed alarm when a heartbeat says all the manifest is in the cache', () => {
    const state = blankStatusAlarms();
    // Nothing failed: a complete cache changes nothing.
    expect(heartbeatAlarms(state, status({ downloads: { done: 3, total: 3 } }))).toEqual([]);
    progressAlarms(state, [{ materialId: 9, received: 0, total: 10, error: 'disk' }]);
    expect(heartbeatAlarms(state, status({ downloads: { done: 2, total: 3 } }))).toEqual([]);
    // The manifest changed and no longer needs material 9.
    expect(heartbeatAlarms(state, status({ downloads: { done: 2, total: 2 } }))).toEqual([
      { action: 'end', type: 'downloadFailed' },
    ]);
    expect(state.failed.size).toBe(0);
  });

  it('raises playError while the terminal reports one and ends it when a heartbeat comes without', () => {
    const state = blankStatusAlarms();
    const failing = status({
      playError: 'video 12: decode failed',
      playing: { kind: 'program', id: 4, name: 'Lobby' },
    });
    expect(heartbeatAlarms(state, failing)).toEqual([
      { action: 'raise', type: 'playError', detail: { error: 'video 12: decode failed', playing: 'Lobby' } },
    ]);
    // Still failing: raised once.
    expect(heartbeatAlarms(state, failing)).toEqual([]);
    expect(heartbeatAlarms(state, status())).toEqual([{ action: 'end', type: 'playError' }]);
    expect(heartbeatAlarms(state, status())).toEqual([]);
  });

  it('raises clockDrift past a minute either way and ends it only back within half a minute', () => {
    const state = blankStatusAlarms();
    expect(heartbeatAlarms(state, status(), 59_000)).toEqual([]);
    expect(heartbeatAlarms(state, status(), null)).toEqual([]);
    expect(heartbeatAlarms(state, status(), -61_000)).toEqual([
      { action: 'raise', type: 'clockDrift', detail: { skewMs: -61_000 } },
    ]);
    expect(heartbeatAlarms(state, status(), 90_000)).toEqual([]);
    // Between the thresholds: still drifting (no flapping at the edge).
    expect(heartbeatAlarms(state, status(), 45_000)).toEqual([]);
    expect(heartbeatAlarms(state, status(), 2_000)).toEqual([{ action: 'end', type: 'clockDrift' }]);
  });
});
