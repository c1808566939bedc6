/** Lazily loaded route modules. */
import type { ComponentType } from 'react';
import { loadPageNamespaces, type PageNamespace } from '../locales/page-messages';
import { CHUNK_LOAD_TIMEOUT, ChunkLoadError, withTimeout } from '../utils/with-timeout';

/** A component that fails as the module behind it did: the route's error boundary shows it. */
function failedComponent(error: unknown): ComponentType {
  return function ChunkFailed() {
    throw error;
  };
}

/**
 * Route `lazy` for a module whose default export is the page component, together with the
 * page's message namespaces. A chunk that does not arrive within 120 s is reported as an
 * error (spec section 8).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: readonly PageNamespace[] = [],
) {
  // Object form: the router runs the route's loader (the session check) while the chunk loads;
  // with a lazy function it would wait for the chunk first, since that could bring a loader.
  return {
    Component: async () => {
      try {
        const [module] = await withTimeout(
          Promise.all([load(), loadPageNamespaces(namespaces)]),
          CHUNK_LOAD_TIMEOUT,
          () => new ChunkLoadError(),
        );
        return module.default;
      } catch (error) {
        // The router drops a failed lazy `Component` of a route without a loader and renders the
        // route empty (a blank page); failing at render time reaches the route's error boundary.
        return failedComponent(error);
      }
    },
  };
}
