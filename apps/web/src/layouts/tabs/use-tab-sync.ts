/** Keeps the tab store in step with the router, and hands the open tabs over across a page reload. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTabsStore } from '../../stores/tabs';
import { SAVED_TABS_KEY, serializeTabs, takeSavedTabs } from './tab-logic';

let restoredFor: string | undefined;

/**
 * Restores the tabs saved on the last unload (once per page load, only the same user's),
 * opens a tab for every location visited, and saves the tabs on unload.
 */
export function useTabSync(owner: string): void {
  const { pathname, search } = useLocation();
  const open = useTabsStore((s) => s.open);

  useEffect(() => {
    if (restoredFor === owner) return;
    restoredFor = owner;
    const saved = (() => {
      try {
        return takeSavedTabs(localStorage, owner);
      } catch {
        return null;
      }
    })();
    const store = useTabsStore.getState();
    if (saved) store.replace(saved);
    else store.reset();
    store.open(window.location.pathname + window.location.search);
  }, [owner]);

  useEffect(() => {
    open(pathname + search);
  }, [open, pathname, search]);

  useEffect(() => {
    const save = () => {
      try {
        localStorage.setItem(SAVED_TABS_KEY, serializeTabs(useTabsStore.getState(), owner));
      } catch {
        // Storage full or blocked: the tabs are simply not restored.
      }
    };
    window.addEventListener('pagehide', save);
    window.addEventListener('beforeunload', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('beforeunload', save);
    };
  }, [owner]);
}

/** Lets a later sign-in (same page load) restore again, e.g. after sign-out. */
export function forgetTabRestore(): void {
  restoredFor = undefined;
}
