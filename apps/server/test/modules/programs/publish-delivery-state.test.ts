import { describe, expect, it } from 'vitest';
import { deliveryOf } from '../../../src/modules/programs/publish-delivery-state.js';

const status = (id?: number) => ({
  playing: id ? { kind: 'program' as const, id } : { kind: 'idle' as const },
  volume: 50,
  appVersion: '1',
  clock: '',
  resolution: '1x1',
});

describe('deliveryOf', () => {
  const base = { programId: 7, materialIds: [1, 2], played: false };

  it('is offline (queued) while the terminal is not connected, whatever it reported', () => {
    const live = { online: false, status: status(7), downloads: [] };
    expect(deliveryOf({ ...base, live }).state).toBe('offline');
  });

  it('fails with the terminal’s reason before anything else; only the program’s files count', () => {
    const downloads = [
      { materialId: 1, received: 5, total: 10 },
      { materialId: 2, received: 0, total: 10, error: 'disk full' },
      { materialId: 9, received: 0, total: 10, error: 'not ours' },
    ];
    const facts = deliveryOf({ ...base, live: { online: true, status: status(), downloads } });
    expect(facts).toEqual({
      state: 'failed',
      reason: 'disk full',
      doneFiles: 0,
      totalFiles: 2,
      receivedBytes: 5,
      totalBytes: 20,
    });
  });

  it('is downloading while a file is partly in, playing when shown now or since publishing, else waiting', () => {
    const partial = [
      { materialId: 1, received: 10, total: 10 },
      { materialId: 2, received: 3, total: 10 },
    ];
    const live = (id: number | undefined, downloads = partial) => ({
      online: true,
      status: status(id),
      downloads,
    });
    expect(deliveryOf({ ...base, live: live(undefined) })).toMatchObject({
      state: 'downloading',
      doneFiles: 1,
    });
    expect(deliveryOf({ ...base, live: live(7, []) })).toMatchObject({ state: 'playing', doneFiles: 2 });
    expect(deliveryOf({ ...base, played: true, live: live(3, []) }).state).toBe('playing');
    expect(deliveryOf({ ...base, live: live(3, []) }).state).toBe('waiting');
    expect(deliveryOf({ ...base, live: { online: true, status: null, downloads: [] } }).state).toBe(
      'waiting',
    );
  });
});
