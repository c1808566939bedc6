import type { DataFeed } from '@apm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataFeedFor } from '../src/data-feeds.js';
import type { DeviceApi } from '../src/device-api.js';

/** A localStorage in memory (Node has none). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const feed = (title: string): DataFeed => ({
  sourceId: 3,
  items: [{ title }],
  fetchedAt: '2026-11-29T10:00:00.000Z',
});

describe('dataFeedFor', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers the server’s items, and keeps the last ones for a day while the server is away', async () => {
    let answer: () => Promise<DataFeed> = async () => feed('Fresh');
    const api = {
      widgetData: (id: number) => (id === 3 ? answer() : Promise.reject(new Error('no'))),
    } as unknown as DeviceApi;
    expect((await dataFeedFor(api, 3)).items).toEqual([{ title: 'Fresh' }]);
    answer = () => Promise.reject(new Error('server away'));
    vi.advanceTimersByTime(23 * 3600_000);
    expect((await dataFeedFor(api, 3)).items).toEqual([{ title: 'Fresh' }]);
    vi.advanceTimersByTime(2 * 3600_000);
    await expect(dataFeedFor(api, 3)).rejects.toThrow('server away');
    // Another source never had items: nothing to fall back on.
    await expect(dataFeedFor(api, 4)).rejects.toThrow('no');
  });
});
