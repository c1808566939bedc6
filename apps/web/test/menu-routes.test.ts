import { MENU_PAGES, type ServerRoute } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { Authorities } from '../src/access/authority';
import {
  STATIC_ROUTES,
  ancestorKeys,
  buildMenu,
  findRouteByPath,
  firstLeafPath,
  indexByKey,
  menuLeaves,
  mergeRoutes,
  normalizePath,
  routeName,
} from '../src/router/menu-routes';

const server = (r: Partial<ServerRoute> & { key: string }): ServerRoute => ({
  name: {},
  permission: '*',
  hidden: false,
  sort: 0,
  ...r,
});

const all: Authorities = {
  permissions: [...new Set(MENU_PAGES.map((p) => p.permission).filter((p) => p !== '*'))].map((p) => {
    const at = p.lastIndexOf(':');
    return { id: p.slice(0, at), operation: [p.slice(at + 1)] };
  }),
  roles: [],
};

describe('menu routes', () => {
  it('normalises paths', () => {
    expect(normalizePath('sys/user/')).toBe('/sys/user');
    expect(normalizePath('/home')).toBe('/home');
    expect(normalizePath('')).toBeUndefined();
    expect(normalizePath('/')).toBeUndefined();
  });

  it('builds the static routes from MENU_PAGES', () => {
    expect(STATIC_ROUTES).toHaveLength(MENU_PAGES.length);
    const user = findRouteByPath(STATIC_ROUTES, '/sys/user/');
    expect(user?.key).toBe('user');
    expect(routeName(user!, 'CN')).toBe('用户管理');
    expect(routeName(user!, 'FR')).toBe('Gestion des utilisateurs');
  });

  it('merges server routes by path with the server winning, and adds server-only ones', () => {
    const merged = mergeRoutes(STATIC_ROUTES, [
      server({
        key: 'users2',
        path: '/sys/user',
        parent: 'system',
        permission: 'sys:user:edit',
        name: { US: 'People' },
        sort: 1,
      }),
      server({ key: 'system', permission: 'sys:view', name: { US: 'Admin area' }, sort: 5 }),
      server({ key: 'extra', path: 'extra/page', permission: '*', name: { US: 'Extra' }, sort: 9999 }),
    ]);
    expect(merged.filter((r) => r.path === '/sys/user')).toHaveLength(1);
    const user = findRouteByPath(merged, '/sys/user')!;
    expect(user).toMatchObject({ key: 'users2', permission: 'sys:user:edit', fromServer: true });
    expect(routeName(user, 'US')).toBe('People');
    // Languages the server leaves out keep the static names.
    expect(routeName(user, 'CN')).toBe('用户管理');
    expect(merged[0]?.key).toBe('users2');
    expect(merged.find((r) => r.key === 'system')?.names.US).toBe('Admin area');
    expect(merged.filter((r) => r.key === 'system')).toHaveLength(1);
    expect(merged.at(-1)?.key).toBe('extra');
    expect(mergeRoutes(STATIC_ROUTES, null)).toEqual(STATIC_ROUTES);
  });

  it('hides static entries the server no longer serves, keeping them routable', () => {
    const merged = mergeRoutes(STATIC_ROUTES, [
      server({ key: 'system', permission: 'sys:view', name: { US: 'System' }, sort: 1 }),
      server({ key: 'user', path: 'sys/user', parent: 'system', permission: 'sys:user:view', sort: 2 }),
    ]);
    const log = findRouteByPath(merged, '/sys/log');
    expect(log).toMatchObject({ key: 'log', hidden: true, fromServer: false });
    const menu = buildMenu(merged, all);
    expect(menu.map((n) => n.route.key)).toEqual(['system']);
    expect(menuLeaves(menu).map((r) => r.key)).toEqual(['user']);
    // Without an answer from the server the static menu stands.
    expect(menuLeaves(buildMenu(mergeRoutes(STATIC_ROUTES, []), all)).length).toBeGreaterThan(20);
  });

  it('filters the menu: permission, hidden entries, parents, empty groups', () => {
    const user: Authorities = {
      permissions: [
        { id: 'home', operation: ['view'] },
        { id: 'sys', operation: ['view'] },
        { id: 'sys:user', operation: ['view'] },
        { id: 'sys:log', operation: ['view'] },
        { id: 'res:material', operation: ['view'] },
        { id: 'content', operation: ['view'] },
      ],
      roles: [],
    };
    const menu = buildMenu(STATIC_ROUTES, user);
    expect(menu.map((n) => n.route.key)).toEqual(['home', 'system']);
    expect(menu[1]?.children.map((n) => n.route.key)).toEqual(['user', 'log']);
    expect(firstLeafPath(menu[1]!)).toBe('/sys/user');
    expect(menuLeaves(menu).map((r) => r.key)).toEqual(['home', 'user', 'log']);
  });

  it('shows everything but hidden entries to a user holding every permission', () => {
    const leaves = menuLeaves(buildMenu(STATIC_ROUTES, all)).map((r) => r.key);
    expect(leaves).toContain('terminalMap');
    expect(leaves).not.toContain('personalCenter');
    expect(leaves).not.toContain('planMake');
    expect(leaves).not.toContain('apm');
  });

  it('answers the ancestor chain', () => {
    const byKey = indexByKey(STATIC_ROUTES);
    expect(ancestorKeys(byKey.get('user'), byKey)).toEqual(['system', 'user']);
    expect(ancestorKeys(undefined, byKey)).toEqual([]);
  });
});
