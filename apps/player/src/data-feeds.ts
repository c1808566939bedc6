import type { DataFeed } from '@apm/contract';
import type { DeviceApi } from './device-api.js';

/** How long a kept feed still shows while the server is away. */
const KEEP_MS = 24 * 3600_000;

function readKept(key: string): { at: number; feed: DataFeed } | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; feed: DataFeed } | null;
  } catch {
    return null;
  }
}

/**
 * A data source's items for a data widget, through the server (which fetches and caches the feed);
 * while the server is away, the items last received if at most a day old.
 */
export async function dataFeedFor(api: DeviceApi, sourceId: number): Promise<DataFeed> {
  const key = `apm.player.dataFeed.${sourceId}`;
  try {
    const feed = await api.widgetData(sourceId);
    try {
      localStorage.setItem(key, JSON.stringify({ at: Date.now(), feed }));
    } catch {
      // A full storage only costs the offline copy.
    }
    return feed;
  } catch (err) {
    const kept = readKept(key);
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.feed;
    throw err;
  }
}
