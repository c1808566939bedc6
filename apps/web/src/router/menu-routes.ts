/**
 * The shell's route list: static routes from MENU_PAGES merged with the server's route
 * config (by path, the server wins), filtered for a user, shaped into a menu tree. Pure.
 */
import { MENU_NAMES, MENU_PAGES, type Language, type MenuPage, type ServerRoute } from '@apm/contract';
import { allowsWithAncestors, type Authorities } from '../access/authority';

/** One route of the shell, static or from the server. */
export interface AppRoute {
  key: string;
  /** Absolute path without a trailing slash (`/sys/user`); groups have none. */
  path?: string;
  parent?: string;
  permission: string;
  roles?: string[];
  icon?: string;
  hidden: boolean;
  sort: number;
  /** Names by console language; missing languages fall back to MENU_NAMES, then English. */
  names: Partial<Record<Language, string>>;
  /** Whether the server supplied (or overrode) the entry. */
  fromServer: boolean;
}

/** A node of the menu tree. */
export interface MenuNode {
  route: AppRoute;
  children: MenuNode[];
}

/** `sys/user/` → `/sys/user`; `''` and `undefined` → `undefined`. */
export function normalizePath(path: string | undefined | null): string | undefined {
  if (!path) return undefined;
  const trimmed = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '/' ? undefined : trimmed;
}

function fromMenuPage(page: MenuPage, index: number): AppRoute {
  return {
    key: page.key,
    path: normalizePath(page.path),
    parent: page.parent,
    permission: page.permission,
    roles: page.roles,
    icon: page.icon,
    hidden: page.hidden === true,
    sort: (index + 1) * 10,
    names: { ...MENU_NAMES[page.key], US: MENU_NAMES[page.key]?.US ?? page.name },
    fromServer: false,
  };
}

/** The static routes of spec section 2, in menu order (sort 10, 20, … like the server's seed). */
export const STATIC_ROUTES: readonly AppRoute[] = MENU_PAGES.map(fromMenuPage);

function fromServerRoute(route: ServerRoute): AppRoute {
  return {
    key: route.key,
    path: normalizePath(route.path),
    parent: route.parent || undefined,
    permission: route.permission || '*',
    roles: route.roles && route.roles.length > 0 ? route.roles : undefined,
    icon: route.icon || undefined,
    hidden: route.hidden === true,
    sort: Number.isFinite(route.sort) ? route.sort : 0,
    names: (route.name ?? {}) as Partial<Record<Language, string>>,
    fromServer: true,
  };
}

/**
 * Merges server routes over the static ones: entries with the same path (groups, which have
 * no path: the same key) are replaced by the server's; server-only entries are added. When
 * the server answers any routes, its menu is the menu: static entries it leaves out (an
 * administrator deleted them in menu management) stay routable but are hidden from the menu.
 * Answers the list sorted by `sort`, static order breaking ties.
 */
export function mergeRoutes(
  staticRoutes: readonly AppRoute[],
  serverRoutes: readonly ServerRoute[] | null | undefined,
): AppRoute[] {
  const merged = staticRoutes.slice();
  for (const server of serverRoutes ?? []) {
    if (!server || typeof server.key !== 'string') continue;
    const route = fromServerRoute(server);
    const at = merged.findIndex((r) =>
      route.path ? r.path === route.path : !r.path && !r.fromServer && r.key === route.key,
    );
    if (at >= 0) {
      const base = merged[at]!;
      // Names the server leaves out still come from the static table.
      merged[at] = { ...route, names: { ...base.names, ...nonEmpty(route.names) } };
    } else merged.push(route);
  }
  const serverAnswered = merged.some((r) => r.fromServer);
  return merged
    .map((route) => (serverAnswered && !route.fromServer ? { ...route, hidden: true } : route))
    .map((route, index) => ({ route, index }))
    .sort((a, b) => a.route.sort - b.route.sort || a.index - b.index)
    .map(({ route }) => route);
}

function nonEmpty(names: Partial<Record<Language, string>>): Partial<Record<Language, string>> {
  return Object.fromEntries(Object.entries(names).filter(([, v]) => typeof v === 'string' && v.trim()));
}

/** The route's name in `language`: its own, else MENU_NAMES by key, else English, else the key. */
export function routeName(route: Pick<AppRoute, 'key' | 'names'>, language: Language): string {
  return route.names[language] || MENU_NAMES[route.key]?.[language] || route.names.US || route.key;
}

/** Index of routes by key. */
export function indexByKey(routes: readonly AppRoute[]): Map<string, AppRoute> {
  return new Map(routes.map((r) => [r.key, r]));
}

/** The route whose path is `pathname` (trailing slashes ignored). */
export function findRouteByPath(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const path = normalizePath(pathname);
  return path ? routes.find((r) => r.path === path) : undefined;
}

/** Whether the user may visit `route`: it and all its parents must allow the user. */
export function canVisit(user: Authorities, route: AppRoute, byKey: ReadonlyMap<string, AppRoute>): boolean {
  return allowsWithAncestors(user, route, byKey);
}

/**
 * The menu for a user: entries not hidden, allowed with all their parents, in a tree; groups
 * (no path) left without visible children are dropped.
 */
export function buildMenu(routes: readonly AppRoute[], user: Authorities): MenuNode[] {
  const byKey = indexByKey(routes);
  const nodes = new Map<string, MenuNode>();
  for (const route of routes) {
    if (!route.hidden && canVisit(user, route, byKey)) nodes.set(route.key, { route, children: [] });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parentKey = node.route.parent;
    const parent = parentKey ? nodes.get(parentKey) : undefined;
    if (parent) parent.children.push(node);
    // A visible entry whose parent is hidden or unknown has no place in the tree.
    else if (!parentKey || !byKey.has(parentKey)) roots.push(node);
  }
  return prune(roots);
}

function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .map((n) => ({ ...n, children: prune(n.children) }))
    .filter((n) => n.route.path || n.children.length > 0);
}

/** Path of the first page (depth first) under a node, the node's own path if it has no children. */
export function firstLeafPath(node: MenuNode): string | undefined {
  for (const child of node.children) {
    const path = firstLeafPath(child);
    if (path) return path;
  }
  return node.route.path;
}

/** Keys from the root down to the route (inclusive), for opening and highlighting the menu. */
export function ancestorKeys(route: AppRoute | undefined, byKey: ReadonlyMap<string, AppRoute>): string[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  let current = route;
  while (current && !seen.has(current.key)) {
    seen.add(current.key);
    keys.unshift(current.key);
    current = current.parent ? byKey.get(current.parent) : undefined;
  }
  return keys;
}

/** Every page (entry with a path) of a menu tree, depth first. */
export function menuLeaves(nodes: readonly MenuNode[]): AppRoute[] {
  return nodes.flatMap((n) => [...(n.route.path ? [n.route] : []), ...menuLeaves(n.children)]);
}
