import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/office';

describe('institution tree: treeDataNew, officeDynamicData, findChild, searchOffice', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let a1admin: string;
  let shopUser: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    a1admin = await login(t.app, 'a1admin', PASSWORD);
    await addUser(t.db, 'shoponly', f.offices.a1Shop.id, [f.roles.operator], { dataRange: 'office' });
    shopUser = await login(t.app, 'shoponly', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((n) => n.name);

  it('answers the platform root for the administrator, then its children lazily', async () => {
    const roots = await get('treeDataNew');
    expect(roots.statusCode).toBe(200);
    expect(roots.json().data).toEqual([
      expect.objectContaining({
        id: f.offices.platform.id,
        parentId: null,
        kind: 'platform',
        hasChildren: true,
      }),
    ]);
    const children = await get(`treeDataNew?parentId=${f.offices.platform.id}`);
    expect(names(children).sort()).toEqual(['Agent A', 'Customer B']);
    const agent = (await get(`officeDynamicData?id=${f.offices.agentA.id}`)).json().data;
    expect(agent).toEqual([
      expect.objectContaining({
        id: f.offices.a1.id,
        parentId: f.offices.agentA.id,
        kind: 'customer',
        path: f.offices.a1.path,
        sort: 0,
        hasChildren: true,
      }),
    ]);
    expect(names(await get(`findChild?id=${f.offices.a1.id}`))).toEqual(['A1 shop']);
    const leaf = (await get(`officeDynamicData?id=${f.offices.a1Shop.id}`)).json().data;
    expect(leaf).toEqual([]);
  });

  it("gives a tenant only its own root and never another tenant's offices", async () => {
    expect(names(await get('treeDataNew', a1admin))).toEqual(['Customer A1']);
    for (const url of [
      `treeDataNew?parentId=${f.offices.platform.id}`,
      `treeDataNew?parentId=${f.offices.b.id}`,
      `officeDynamicData?id=${f.offices.agentA.id}`,
      `findChild?id=${f.offices.b.id}`,
    ]) {
      const res = await get(url, a1admin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data).toBeNull();
    }
    const search = await get('searchOffice?name=Customer', a1admin);
    expect(names(search)).toEqual(['Customer A1']);
  });

  it("shows a user with range 'office' only their office, with no children", async () => {
    const roots = (await get('treeDataNew', shopUser)).json().data;
    expect(roots).toEqual([expect.objectContaining({ id: f.offices.a1Shop.id, hasChildren: false })]);
    expect((await get(`treeDataNew?parentId=${f.offices.a1.id}`, shopUser)).statusCode).toBe(404);
  });

  it('searches by part of the name, case-insensitively, with path names from the visible root', async () => {
    const res = await get('searchOffice?name=shop');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: f.offices.a1Shop.id,
        pathNames: ['Head office', 'Agent A', 'Customer A1', 'A1 shop'],
      }),
    ]);
    const tenant = (await get('searchOffice?name=SHOP', a1admin)).json().data;
    expect(tenant[0].pathNames).toEqual(['Customer A1', 'A1 shop']);
    // LIKE wildcards and SQL-ish strings are searched literally.
    for (const term of ['%', '_', "' or 1=1 --", '\\']) {
      const r = await get(`searchOffice?name=${encodeURIComponent(term)}`);
      expect(r.statusCode, term).toBe(200);
      expect(r.json().data, term).toEqual([]);
    }
    expect((await get('searchOffice?name=')).json().data).toEqual([]);
  });

  it('refuses bad ids and bad input with 400 naming the field', async () => {
    for (const [url, field] of [
      ['treeDataNew?parentId=abc', 'parentId'],
      ['treeDataNew?parentId=0', 'parentId'],
      ['treeDataNew?parentId=99999999999', 'parentId'],
      ['officeDynamicData', 'id'],
      ['officeDynamicData?id=1%20or%201=1', 'id'],
      [`searchOffice?name=${'x'.repeat(101)}`, 'name'],
      ['searchOffice', 'name'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().jsonObject.fields, url).toHaveProperty(field);
    }
    const missing = await get('officeDynamicData?id=987654');
    expect(missing.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/treeDataNew` });
    expect(res.statusCode).toBe(401);
  });
});
