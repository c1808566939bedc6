import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Languages, MENU_PAGES } from '@apm/contract';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';

type Route = {
  key: string;
  path?: string;
  parent?: string;
  name: Record<string, string>;
  permission: string;
};
type Node = Route & { id: number; children: Node[] };

describe('menus: GET /routes and GET /a/sys/menu/lists', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'oscar', password: 'Oscar#2026pass', roleCodes: ['operator'] });
    admin = await login(t.app);
    operator = await login(t.app, 'oscar', 'Oscar#2026pass');
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web${url}`, headers: cookie ? { cookie } : {} });

  it('GET /routes needs a session', async () => {
    const res = await get('/routes');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: 'logout' });
    const tampered = await get('/routes', 'Authorization=Bearer%20garbage');
    expect(tampered.statusCode).toBe(401);
  });

  it('GET /routes answers every menu entry with key, path, names in 7 languages, permission, hidden', async () => {
    const res = await get('/routes', operator);
    expect(res.statusCode).toBe(200);
    const routes = res.json().data as (Route & { hidden: boolean })[];
    expect(routes.map((r) => r.key)).toEqual(MENU_PAGES.map((p) => p.key));
    for (const r of routes) {
      expect(Object.keys(r.name).sort()).toEqual([...Languages].sort());
      for (const name of Object.values(r.name)) expect(name).toBeTruthy();
      expect(typeof r.permission).toBe('string');
      expect(typeof r.hidden).toBe('boolean');
      expect(r).not.toHaveProperty('id');
    }
    const user = routes.find((r) => r.key === 'user')!;
    expect(user).toMatchObject({
      path: 'sys/user/',
      parent: 'system',
      permission: 'sys:user:view',
      hidden: false,
    });
    expect(routes.find((r) => r.key === 'apm')!.hidden).toBe(true);
  });

  it('GET /a/sys/menu/lists answers the menu tree to the administrator', async () => {
    const res = await get('/a/sys/menu/lists', admin);
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Node[];
    const system = tree.find((n) => n.key === 'system')!;
    expect(system).toBeDefined();
    expect(system.children.map((c) => c.key)).toEqual(expect.arrayContaining(['user', 'role', 'office']));
    expect(system.children.find((c) => c.key === 'user')).toMatchObject({
      path: 'sys/user/',
      permission: 'sys:user:view',
      children: [],
    });
    // Every page appears exactly once in the tree, and only groups sit at the root.
    const keys: string[] = [];
    const walk = (nodes: Node[]) => nodes.forEach((n) => (keys.push(n.key), walk(n.children)));
    walk(tree);
    expect(keys.sort()).toEqual(MENU_PAGES.map((p) => p.key).sort());
    for (const root of tree) expect(root.parent).toBeUndefined();
  });

  it('GET /a/sys/menu/lists answers 403 Request denied to an operator', async () => {
    const res = await get('/a/sys/menu/lists', operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 403,
      msg: 'Request denied',
      data: null,
      jsonObject: { reason: 'noPermission', permission: 'sys:menu:view' },
    });
  });

  it('GET /a/sys/menu/lists answers 401 without a session', async () => {
    const res = await get('/a/sys/menu/lists');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('logout');
  });
});
