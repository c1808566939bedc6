/**
 * Chunk-load failures (a deploy replaced the files the open page refers to): the page reloads
 * itself once, which fetches the new files; should the chunk still fail, the error stays.
 */
import { ChunkLoadError } from './with-timeout';

/** Messages browsers give when a dynamically imported chunk fails to load. */
const CHUNK_FAILURE =
  /dynamically imported module|module script failed|Importing a module script|error loading dynamically/i;

/** Whether an error is a failed or timed-out script chunk. */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** After an automatic reload for a path, further failures there within this time show the error. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

const STORAGE_KEY = 'apm:chunk-reload';

/**
 * Whether a chunk failure on `path` should reload the page now: not when it already did so
 * within {@link CHUNK_RELOAD_WINDOW_MS}, nor without storage to remember it (a reload loop
 * could not be stopped). Records the reload when it answers true.
 */
export function claimChunkReload(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  path: string,
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    const reloads = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
    const last = reloads[path];
    if (typeof last === 'number' && now - last >= 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    const kept = Object.entries(reloads).filter(
      ([, at]) => typeof at === 'number' && now - at >= 0 && now - at < CHUNK_RELOAD_WINDOW_MS,
    );
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...kept, [path, now]])));
    return true;
  } catch {
    return false;
  }
}

/** The session's storage, if the browser lets the page have it. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads the page for a chunk failure, at most once per path and time window; answers whether it did. */
export function reloadOnceForChunkFailure(error: unknown): boolean {
  if (!isChunkLoadFailure(error) || !claimChunkReload(sessionStore(), window.location.pathname)) return false;
  window.location.reload();
  return true;
}
