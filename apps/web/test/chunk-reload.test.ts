import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadFailure } from '../src/utils/chunk-reload';
import { ChunkLoadError } from '../src/utils/with-timeout';

/** An in-memory stand-in for sessionStorage. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('automatic reload after a chunk failure', () => {
  it('reloads once per path within the window, then again once the window has passed', () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(claimChunkReload(storage, '/sys/dict', t0)).toBe(true);
    expect(claimChunkReload(storage, '/sys/dict', t0 + 1_000)).toBe(false);
    expect(claimChunkReload(storage, '/sys/faq', t0 + 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/sys/dict', t0 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(claimChunkReload(storage, '/sys/dict', t0 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('never reloads without storage, or when the storage refuses', () => {
    expect(claimChunkReload(undefined, '/home')).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(claimChunkReload(refusing, '/home')).toBe(false);
  });

  it('survives a stored value it did not write', () => {
    const storage = memoryStorage();
    storage.setItem('apm:chunk-reload', 'not json');
    expect(claimChunkReload(storage, '/home', 5)).toBe(false);
    storage.setItem('apm:chunk-reload', '{"/home":"yesterday"}');
    expect(claimChunkReload(storage, '/home', 5)).toBe(true);
  });

  it('recognises failed and timed-out chunks, not other errors', () => {
    expect(
      isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadFailure(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadFailure(new Error('Request failed with status 500'))).toBe(false);
    expect(isChunkLoadFailure('dynamically imported module')).toBe(false);
  });
});
