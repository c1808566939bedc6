/** Route `handle` metadata. */
import type { UIMatch } from 'react-router';
import type { Messages } from '../locales/en-US';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** Key of its page name under `route.*`, used in the document title. */
  titleKey?: keyof Messages['route'];
  /** Key of its MENU_PAGES entry: the page name comes from the menu names (server's, else MENU_NAMES). */
  menuKey?: string;
}

/** The handle of the deepest matched route that names its page. */
export function pageHandleOf(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.titleKey || handle?.menuKey) return handle;
  }
  return undefined;
}

/** Title key of the deepest matched route that declares one. */
export function titleKeyOf(matches: readonly UIMatch[]): RouteHandle['titleKey'] {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const key = (matches[i]?.handle as RouteHandle | undefined)?.titleKey;
    if (key) return key;
  }
  return undefined;
}
