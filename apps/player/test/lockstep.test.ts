import type { Manifest, ManifestSync } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { lockstepKey, lockstepOptions, lockstepProgram, LockstepStats } from '../src/lockstep.js';

const SYNC: ManifestSync = {
  groupId: 7,
  name: 'Lobby wall',
  mode: 'wall',
  epochMs: 1_000_000,
  programId: 3,
  wall: { columns: 2, rows: 1, column: 1, row: 0 },
};

const manifest = (sync: ManifestSync | null | undefined, ids = [3, 4]) =>
  ({
    programs: ids.map((id) => ({ id, name: `p${id}`, revision: 1, sort: id, document: {}, materials: [] })),
    plans: [],
    sync,
  }) as unknown as Manifest;

describe('lockstep on the terminal', () => {
  it("finds the group's program in the manifest, none without a group or without the program", () => {
    expect(lockstepProgram(manifest(SYNC))).toMatchObject({ sync: SYNC, program: { id: 3 } });
    expect(lockstepProgram(manifest(null))).toBeNull();
    expect(lockstepProgram(manifest(undefined))).toBeNull();
    expect(lockstepProgram(manifest(SYNC, [4]))).toBeNull();
    expect(lockstepProgram(null)).toBeNull();
  });

  it('restarts for another group, start or tile, not for the same run', () => {
    expect(lockstepKey(SYNC)).toBe(lockstepKey({ ...SYNC, name: 'renamed' }));
    expect(lockstepKey(SYNC)).not.toBe(lockstepKey({ ...SYNC, epochMs: 2 }));
    expect(lockstepKey(SYNC)).not.toBe(lockstepKey({ ...SYNC, wall: { ...SYNC.wall!, column: 0 } }));
    expect(lockstepKey(SYNC)).not.toBe(lockstepKey({ ...SYNC, groupId: 8 }));
  });

  it("reads the loop's position off the server's clock as estimated, else the terminal's own", () => {
    let estimate: number | null = null;
    const clock = { serverTime: (local: number) => (estimate === null ? null : local + estimate) };
    const options = lockstepOptions(SYNC, clock, new LockstepStats(), 1_000_000);
    expect(options.positionAt(2_500)).toBe(2_500);
    estimate = -400;
    expect(options.positionAt(2_500)).toBe(2_100);
    expect(options.tile).toEqual(SYNC.wall);
    expect(lockstepOptions({ ...SYNC, mode: 'mirror' }, clock, new LockstepStats()).tile).toBeUndefined();
  });

  it("reports the median and 95th percentile of the frames' errors, for the group played", () => {
    const stats = new LockstepStats();
    expect(stats.summary()).toBeUndefined();
    stats.reset(7);
    expect(stats.summary()).toEqual({ groupId: 7, errorP50Ms: 0, errorP95Ms: 0, frames: 0 });
    for (let i = 1; i <= 100; i++)
      stats.add({ widgetId: 'v', errorMs: i % 2 ? i / 10 : -i / 10, mediaTimeS: 0, at: 0, rate: 1 });
    expect(stats.summary()).toEqual({ groupId: 7, errorP50Ms: 5.1, errorP95Ms: 9.6, frames: 100 });
    stats.reset(null);
    expect(stats.summary()).toBeUndefined();
  });
});
