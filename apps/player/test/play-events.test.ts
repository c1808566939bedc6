import type { PlayEvent } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { MemoryPlayStore, newEventId, normalisePlayEvent, type StoredPlayEvent } from '../src/play-events.js';

const event = (n: number): StoredPlayEvent => ({
  id: `e${n}`,
  kind: 'scene',
  programId: 1,
  sceneId: `s${n}`,
  startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  durationMs: 1000,
});

describe('MemoryPlayStore', () => {
  it('answers the oldest first, leaving out the ids to skip', async () => {
    const store = new MemoryPlayStore();
    await store.append([event(0), event(1), event(2), event(3)]);
    expect((await store.oldest(2, new Set(['e0']))).map((e) => e.id)).toEqual(['e1', 'e2']);
    await store.remove(['e1', 'unknown']);
    expect((await store.oldest(10, new Set())).map((e) => e.id)).toEqual(['e0', 'e2', 'e3']);
  });

  it('drops the oldest beyond a capacity and says how many', async () => {
    const store = new MemoryPlayStore();
    await store.append([event(0), event(1), event(2)]);
    expect(await store.trim(2)).toBe(1);
    expect(await store.trim(5)).toBe(0);
    expect((await store.oldest(10, new Set())).map((e) => e.id)).toEqual(['e1', 'e2']);
  });
});

describe('newEventId', () => {
  it('makes distinct ids the channel accepts', () => {
    const ids = new Set(Array.from({ length: 1000 }, newEventId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
  });
});

describe('normalisePlayEvent', () => {
  const plain: PlayEvent = event(1);
  it('rounds and clamps durations and writes the instant in ISO form', () => {
    expect(normalisePlayEvent({ ...plain, durationMs: 1234.6 })!.durationMs).toBe(1235);
    expect(normalisePlayEvent({ ...plain, durationMs: -5 })!.durationMs).toBe(0);
    expect(normalisePlayEvent({ ...plain, durationMs: 9e9 })!.durationMs).toBe(86_400_000);
    expect(normalisePlayEvent({ ...plain, startedAt: '2026-01-01T08:00:00+08:00' })!.startedAt).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  it('refuses what the channel would refuse', () => {
    expect(normalisePlayEvent({ ...plain, startedAt: 'yesterday' })).toBeNull();
    expect(normalisePlayEvent({ ...plain, durationMs: Number.NaN })).toBeNull();
    expect(normalisePlayEvent({ ...plain, sceneId: 'x'.repeat(65) })).toBeNull();
    expect(normalisePlayEvent({ ...plain, programId: 0 })).toBeNull();
    expect(normalisePlayEvent({ ...plain, id: 'x'.repeat(65) })).toBeNull();
    expect(normalisePlayEvent({ ...plain, kind: 'widget', widgetType: '' })).toBeNull();
  });

  it('accepts material, widget and click events', () => {
    const at = plain.startedAt;
    expect(
      normalisePlayEvent({ kind: 'material', materialId: 4, startedAt: at, durationMs: 5 }),
    ).not.toBeNull();
    expect(
      normalisePlayEvent({ kind: 'widget', widgetType: 'clock', startedAt: at, durationMs: 5 }),
    ).not.toBeNull();
    expect(
      normalisePlayEvent({
        kind: 'click',
        widgetType: 'button',
        widgetId: 'w1',
        startedAt: at,
        durationMs: 0,
      }),
    ).not.toBeNull();
  });
});
