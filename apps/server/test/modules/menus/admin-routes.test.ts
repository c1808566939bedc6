import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENU_PAGES } from '@apm/contract';
import { menus, offices, systemSettings } from '../../../src/db/schema/index.js';
import { seedCatalogue } from '../../../src/modules/system/seed.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { addOffice, addRole, addUser, PASSWORD } from '../users/fixture.js';

const SAVE = '/apm-web/a/sys/menu/save';
const DELETE = '/apm-web/a/sys/menu/delete';
const REORDER = '/apm-web/a/sys/menu/reorder';

const NAMES = {
  CN: '报表',
  HK: '報表',
  US: 'Reports',
  IT: 'Rapporti',
  RU: 'Отчёты',
  FR: 'Rapports',
  KR: '보고서',
};

type Node = { id: number; key: string; parent?: string; path?: string; sort: number; children: Node[] };

describe('menu management: save, delete, reorder', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'oscar', password: 'Oscar#2026pass', roleCodes: ['operator'] });
    admin = await login(t.app);
    operator = await login(t.app, 'oscar', 'Oscar#2026pass');
    const [platform] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const viewRole = await addRole(t.db, 'menuViewer', platform!.id, ['sys:view', 'sys:menu:view']);
    await addUser(t.db, 'victor', platform!.id, [viewRole]);
    viewer = await login(t.app, 'victor', PASSWORD);
    const customer = await addOffice(t.db, 'Customer C', 'customer', platform!);
    const all = ['sys:view', 'sys:menu:view', 'sys:menu:add', 'sys:menu:edit', 'sys:menu:delete'];
    const tenantRole = await addRole(t.db, 'tenantMenu', customer.id, all);
    await addUser(t.db, 'tina', customer.id, [tenantRole]);
    tenantAdmin = await login(t.app, 'tina', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const routes = async (cookie = admin) =>
    (await t.app.inject({ method: 'GET', url: '/apm-web/routes', headers: { cookie } })).json().data as {
      key: string;
      path?: string;
      parent?: string;
      name: Record<string, string>;
      icon?: string;
      hidden: boolean;
      sort: number;
      permission: string;
      roles?: string[];
    }[];
  const tree = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/apm-web/a/sys/menu/lists', headers: { cookie: admin } })
    ).json().data as Node[];
  const rowOf = async (key: string) => (await t.db.select().from(menus).where(eq(menus.key, key)))[0];
  const create = (extra: object = {}, cookie: string = admin) =>
    post(
      SAVE,
      {
        key: 'reports',
        parentKey: 'system',
        path: 'sys/reports',
        names: NAMES,
        icon: 'BarChartOutlined',
        permission: 'sys:log:view',
        ...extra,
      },
      cookie,
    );

  beforeEach(async () => {
    // Each test starts from the seeded menu.
    await t.db.delete(menus).where(eq(menus.key, 'reports'));
    await t.db.delete(menus).where(eq(menus.key, 'reportsDaily'));
  });

  it('creates an entry that GET /routes and the tree answer with every field', async () => {
    const res = await create({ roles: 'operator,auditor', hidden: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ key: 'reports', id: expect.any(Number) });
    const route = (await routes()).find((r) => r.key === 'reports');
    expect(route).toMatchObject({
      path: 'sys/reports',
      parent: 'system',
      name: NAMES,
      icon: 'BarChartOutlined',
      permission: 'sys:log:view',
      roles: ['operator', 'auditor'],
      hidden: false,
    });
    const system = (await tree()).find((n) => n.key === 'system')!;
    const node = system.children.find((c) => c.key === 'reports')!;
    // A new entry goes after its last sibling.
    expect(node.sort).toBeGreaterThan(
      Math.max(...system.children.filter((c) => c !== node).map((c) => c.sort)),
    );
  });

  it('accepts a form body with names as JSON and a leading slash on the path', async () => {
    const form = new URLSearchParams({
      key: 'reports',
      parentKey: '',
      path: '/reports/all/',
      names: JSON.stringify(NAMES),
      icon: '',
      permission: '*',
      hidden: 'true',
      sort: '5',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: SAVE,
      payload: form.toString(),
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf('reports')).toMatchObject({
      parentKey: null,
      path: 'reports/all/',
      icon: null,
      permission: '*',
      hidden: true,
      sort: 5,
    });
  });

  it('edits an entry: rename, move, hide; the key stays', async () => {
    const { id } = (await create()).json().data as { id: number };
    const renamed = { ...NAMES, US: 'All reports', CN: '全部报表' };
    const res = await post(SAVE, {
      id,
      parentKey: 'resource',
      path: 'res/reports',
      names: renamed,
      icon: 'PieChartOutlined',
      permission: '*',
      hidden: true,
      sort: 7,
    });
    expect(res.statusCode).toBe(200);
    expect((await routes()).find((r) => r.key === 'reports')).toMatchObject({
      parent: 'resource',
      path: 'res/reports',
      name: renamed,
      icon: 'PieChartOutlined',
      hidden: true,
      sort: 7,
    });
    const changeKey = await post(SAVE, { id, key: 'other', names: NAMES, permission: '*' });
    expect(changeKey.statusCode).toBe(400);
    expect(changeKey.json().jsonObject.fields).toHaveProperty('key');
  });

  it.each([
    ['a key that is taken', { key: 'home' }, 'key', 409],
    ['a key with a dot', { key: 'a.b' }, 'key', 400],
    ['no key', { key: undefined }, 'key', 400],
    ['a parent that does not exist', { parentKey: 'nowhere' }, 'parentKey', 400],
    ['a path another entry uses', { path: 'sys/user' }, 'path', 409],
    ['a path with spaces', { path: 'sys/my reports' }, 'path', 400],
    ['a name missing in Korean', { names: { ...NAMES, KR: undefined } }, 'names.KR', 400],
    ['an empty Russian name', { names: { ...NAMES, RU: '  ' } }, 'names.RU', 400],
    ['a name over 100 characters', { names: { ...NAMES, FR: 'x'.repeat(101) } }, 'names.FR', 400],
    ['an unknown language', { names: { ...NAMES, DE: 'Berichte' } }, 'names', 400],
    ['names that are not JSON', { names: '{nope' }, 'names', 400],
    ['an icon the console cannot render', { icon: 'RocketOutlined' }, 'icon', 400],
    ['a permission not in the catalogue', { permission: 'sys:nothing:view' }, 'permission', 400],
    ['bad role codes', { roles: ['ok', 'not ok'] }, 'roles', 400],
    ['a negative sort', { sort: -1 }, 'sort', 400],
  ])('refuses %s (naming the field), changing nothing', async (_label, change, field, status) => {
    const before = await countRows(t.db, menus);
    const res = await create(change);
    expect(res.statusCode).toBe(status);
    expect(res.json().jsonObject.fields ?? { [res.json().msg]: 1 }).toBeDefined();
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await countRows(t.db, menus)).toBe(before);
  });

  it('refuses a parent that is the entry itself or below it (no cycles)', async () => {
    const { id } = (await create()).json().data as { id: number };
    await create({ key: 'reportsDaily', parentKey: 'reports', path: 'sys/reports/daily' });
    const self = await post(SAVE, { id, parentKey: 'reports', names: NAMES, permission: '*' });
    expect(self.statusCode).toBe(400);
    expect(self.json().jsonObject.fields).toHaveProperty('parentKey');
    const below = await post(SAVE, { id, parentKey: 'reportsDaily', names: NAMES, permission: '*' });
    expect(below.statusCode).toBe(400);
    expect((await rowOf('reports'))!.parentKey).toBe('system');
  });

  it('refuses to delete an entry with children (409), then deletes it once it has none', async () => {
    const { id } = (await create()).json().data as { id: number };
    const child = (
      await create({ key: 'reportsDaily', parentKey: 'reports', path: 'sys/reports/daily' })
    ).json().data as { id: number };
    const before = await countRows(t.db, menus);
    const refused = await post(DELETE, { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().jsonObject.reason).toBe('hasChildren');
    expect(await countRows(t.db, menus)).toBe(before);
    expect((await post(DELETE, { id: child.id })).statusCode).toBe(200);
    expect((await post(DELETE, { id })).json()).toMatchObject({ code: 0, data: { key: 'reports' } });
    expect((await routes()).some((r) => r.key === 'reports')).toBe(false);
    expect((await post(DELETE, { id })).statusCode).toBe(404);
  });

  it('reorders the entries below a parent', async () => {
    const system = (await tree()).find((n) => n.key === 'system')!;
    const keys = system.children.map((c) => c.key).reverse();
    const res = await post(REORDER, { parentKey: 'system', keys: keys.join(',') });
    expect(res.statusCode).toBe(200);
    const after = (await tree()).find((n) => n.key === 'system')!;
    expect(after.children.map((c) => c.key)).toEqual(keys);
    const order = (await routes()).filter((r) => r.parent === 'system').map((r) => r.key);
    expect(order).toEqual(keys);

    const partial = await post(REORDER, { parentKey: 'system', keys: keys.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().jsonObject.fields).toHaveProperty('keys');
    const twice = await post(REORDER, { parentKey: 'system', keys: [...keys.slice(1), keys[1]] });
    expect(twice.statusCode).toBe(400);
    const roots = (await tree()).map((n) => n.key);
    expect((await post(REORDER, { keys: [...roots].reverse() })).statusCode).toBe(200);
    expect((await tree()).map((n) => n.key)).toEqual([...roots].reverse());
    await post(REORDER, { keys: roots });
  });

  it('needs sys:menu:add to create, sys:menu:edit to edit and reorder, sys:menu:delete to delete', async () => {
    const before = await countRows(t.db, menus);
    for (const cookie of [operator, viewer]) {
      expect((await create({}, cookie)).statusCode).toBe(403);
      const home = (await rowOf('home'))!;
      const edit = await post(SAVE, { id: home.id, names: NAMES, permission: '*' }, cookie);
      expect(edit.statusCode).toBe(403);
      expect((await post(DELETE, { id: home.id }, cookie)).statusCode).toBe(403);
      expect((await post(REORDER, { keys: 'home' }, cookie)).statusCode).toBe(403);
    }
    expect(await countRows(t.db, menus)).toBe(before);
    expect((await rowOf('home'))!.names.US).toBe('Home');
  });

  it('refuses changes by a customer tenant, whatever its role grants (the menu is platform-wide)', async () => {
    const before = await countRows(t.db, menus);
    const res = await create({}, tenantAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().jsonObject.reason).toBe('platformOnly');
    const home = (await rowOf('home'))!;
    expect((await post(DELETE, { id: home.id }, tenantAdmin)).statusCode).toBe(403);
    expect((await post(SAVE, { id: home.id, names: NAMES, permission: '*' }, tenantAdmin)).statusCode).toBe(
      403,
    );
    expect(await countRows(t.db, menus)).toBe(before);
    expect((await rowOf('home'))!.names.US).toBe('Home');
  });

  it('keeps edits and deletions through re-seeding, and re-seeding adds missing entries', async () => {
    const home = (await rowOf('home'))!;
    await post(SAVE, {
      id: home.id,
      path: home.path,
      names: { ...NAMES, US: 'Start' },
      icon: 'DashboardOutlined',
      permission: 'home:view',
      sort: 1,
    });
    const faq =
      (await rowOf('faq')) ?? (await rowOf(MENU_PAGES.find((p) => p.path && !p.hidden && p.parent)!.key));
    expect(faq).toBeDefined();
    expect((await post(DELETE, { id: faq!.id })).statusCode).toBe(200);
    const log = (await rowOf('log'))!;
    await t.db.delete(menus).where(eq(menus.key, 'log'));
    // A changed catalogue makes the seed run again.
    await t.db
      .update(systemSettings)
      .set({ value: 'stale' })
      .where(eq(systemSettings.key, 'catalogueVersion'));
    await seedCatalogue(t.db);
    expect(await rowOf('home')).toMatchObject({
      names: { ...NAMES, US: 'Start' },
      icon: 'DashboardOutlined',
      sort: 1,
    });
    expect(await rowOf(faq!.key)).toBeUndefined();
    expect(await rowOf('log')).toMatchObject({ path: log.path, names: log.names });
    // Creating a deleted key again makes it an ordinary entry once more.
    const again = await post(SAVE, {
      key: faq!.key,
      parentKey: faq!.parentKey,
      path: faq!.path,
      names: faq!.names,
      permission: faq!.permission,
    });
    expect(again.statusCode).toBe(200);
    const [deleted] = await t.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'menuDeletedKeys'));
    expect(deleted!.value).not.toContain(faq!.key);
  });
  it('re-seeding leaves out a catalogue entry whose path an administrator entry already uses', async () => {
    const log = (await rowOf('log'))!;
    await t.db.delete(menus).where(eq(menus.key, 'log'));
    const mine = await create({ key: 'reports', parentKey: 'system', path: log.path });
    expect(mine.statusCode).toBe(200);
    await t.db
      .update(systemSettings)
      .set({ value: 'stale' })
      .where(eq(systemSettings.key, 'catalogueVersion'));
    await seedCatalogue(t.db);
    expect(await rowOf('log')).toBeUndefined();
    expect((await rowOf('reports'))!.path).toBe(log.path);
    // Once the path is free again, the next re-seed brings the catalogue entry back.
    await t.db.delete(menus).where(eq(menus.key, 'reports'));
    await t.db
      .update(systemSettings)
      .set({ value: 'stale' })
      .where(eq(systemSettings.key, 'catalogueVersion'));
    await seedCatalogue(t.db);
    expect(await rowOf('log')).toMatchObject({ path: log.path });
  });
});
