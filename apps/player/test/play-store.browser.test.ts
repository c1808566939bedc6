import type { PlayEvent } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { PlayStore, StoredPlayEvent } from '../src/play-events.js';
import { usePlayerPage } from './browser/page.js';

// The IndexedDB store of proof-of-play events in real Chromium: kept across reloads until removed.
declare const player: { playStore: PlayStore };
const p = usePlayerPage();

const events = (from: number, n: number): StoredPlayEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `id-${from + i}`,
    kind: 'material',
    materialId: 7,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, from + i)).toISOString(),
    durationMs: 1000,
  }));

const oldestIds = (limit: number, skip: string[] = []) =>
  p.page.evaluate(async ([l, s]) => (await player.playStore.oldest(l, new Set(s))).map((e) => e.id), [
    limit,
    skip,
  ] as const);

describe('IndexedDB play store', () => {
  it('keeps events across a reload, oldest first, until they are removed', async () => {
    await p.open();
    await p.page.evaluate((e) => player.playStore.append(e), events(0, 5));
    // An event appended twice (saved, then saved again) is kept once, where it was.
    await p.page.evaluate((e) => player.playStore.append(e), events(2, 1));
    await p.open();
    expect(await p.page.evaluate(() => player.playStore.count())).toBe(5);
    expect(await oldestIds(3, ['id-1'])).toEqual(['id-0', 'id-2', 'id-3']);
    await p.page.evaluate(() => player.playStore.remove(['id-0', 'id-3', 'never-kept']));
    await p.open();
    expect(await oldestIds(10)).toEqual(['id-1', 'id-2', 'id-4']);
  });

  it('drops the oldest beyond its capacity', async () => {
    await p.open();
    await p.page.evaluate((e) => player.playStore.append(e), events(0, 1000));
    expect(await p.page.evaluate(() => player.playStore.trim(600))).toBe(400);
    expect(await p.page.evaluate(() => player.playStore.count())).toBe(600);
    expect(await oldestIds(1)).toEqual(['id-400']);
  });

  it('moves the events an older player kept as one array into the store, with ids', async () => {
    await p.open();
    const legacy: PlayEvent[] = events(0, 3).map(({ id: _id, ...e }) => e);
    await p.page.evaluate(
      (kept) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('apm-player', 1);
          request.onupgradeneeded = () => request.result.createObjectStore('kv').put(kept, 'playEvents');
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
          request.onerror = () => reject(request.error);
        }),
      legacy,
    );
    const kept = await p.page.evaluate(async () => player.playStore.oldest(10, new Set()));
    expect(kept.map((e) => e.startedAt)).toEqual(legacy.map((e) => e.startedAt));
    expect(new Set(kept.map((e) => e.id)).size).toBe(3);
  });
});
