/** Lazily loaded route modules. */
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT, ChunkLoadError, withTimeout } from '../utils/with-timeout';

/**
 * Route `lazy` for a module whose default export is the page component. A chunk that does
 * not arrive within 120 s is reported as an error (spec section 8).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT, () => new ChunkLoadError());
    return { Component: module.default };
  };
}
