import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addUser, buildTenants } from './fixture.js';

const API = '/apm-web/a/api';

/** Routes open to every signed-in user answer only the caller's own data range and tenant. */
describe('organisation data exposure across tenants and permissions', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    cookies.admin = await login(t.app);
    for (const name of ['a1admin', 'a1op', 'badmin']) cookies[name] = await login(t.app, name, PASSWORD);
    await addUser(t.db, 'a1power', f.offices.a1.id, [f.roles.powerA1]);
    cookies.a1power = await login(t.app, 'a1power', PASSWORD);
    await addUser(t.db, 'a1self', f.offices.a1.id, [f.roles.operator], { dataRange: 'self' });
    cookies.a1self = await login(t.app, 'a1self', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, who: string) =>
    t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: { cookie: cookies[who]! } });

  it("never answers another tenant's offices: tree, children, search, node", async () => {
    for (const url of [
      `office/officeNode?id=${f.offices.b.id}`,
      `office/officeNode?id=${f.offices.platform.id}`,
      `office/treeDataNew?parentId=${f.offices.b.id}`,
      `office/officeDynamicData?id=${f.offices.b.id}`,
      `office/findChild?id=${f.offices.agentA.id}`,
    ]) {
      const res = await get(url, 'a1admin');
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Customer B');
    }
    expect((await get('office/searchOffice?name=Customer%20B', 'a1admin')).json().data).toEqual([]);
    const own = await get(`office/officeNode?id=${f.offices.a1Shop.id}`, 'a1op');
    expect(own.json().data.pathNames).toEqual(['Customer A1', 'A1 shop']);
  });

  it('lists the dictionary for managing it only with sys:dict:view; forms still read entries by type', async () => {
    for (const url of ['dict/list', 'dict/types']) {
      const refused = await get(url, 'a1admin');
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().jsonObject.permission, url).toBe('sys:dict:view');
      expect((await get(url, 'admin')).statusCode, url).toBe(200);
    }
    expect((await get('dict/byType?type=anything', 'a1op')).statusCode).toBe(200);
  });

  it('answers md5Check only to uploaders (res:material:add)', async () => {
    const url = `file/md5Check?md5=${'0'.repeat(32)}&size=10`;
    const refused = await get(url, 'a1power');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().jsonObject.permission).toBe('res:material:add');
    expect((await get(url, 'a1op')).json().data).toEqual({ exists: false, material: null });
  });

  it('serves an avatar only to its owner and to users whose data range holds them, never across tenants', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const url = await t.app.services.account.saveAvatar(f.ids.a1op, png);
    const fetchAs = (who: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
    for (const who of ['a1op', 'a1admin', 'admin']) expect((await fetchAs(who)).statusCode, who).toBe(200);
    for (const who of ['badmin', 'a1self']) {
      const res = await fetchAs(who);
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type'], who).not.toBe('image/webp');
    }
    // A name that is no user's current avatar is not served, even to a user who sees everyone.
    const other = url.replace(/-[0-9a-f]{16}\.webp$/, '-0123456789abcdef.webp');
    expect(
      (await t.app.inject({ method: 'GET', url: other, headers: { cookie: cookies.admin! } })).statusCode,
    ).toBe(404);
  });
});
