import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBrands, offices } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/customer';
const CUSTOMER_ADMIN = [
  'sys:view',
  'sys:office:view',
  'sys:office:add',
  'sys:office:edit',
  'sys:customer:view',
  'sys:customer:edit',
  'sys:domain:view',
  'sys:domain:edit',
  'sys:personalized:view',
  'sys:personalized:edit',
];

describe('customers: capacity, customization, second domain names, personalized interface', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let agentA: string;
  let a1: string;
  let bare: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    const agentRole = await addRole(t.db, 'custAgentA', f.offices.agentA.id, CUSTOMER_ADMIN);
    await addUser(t.db, 'agentacust', f.offices.agentA.id, [agentRole]);
    agentA = await login(t.app, 'agentacust', PASSWORD);
    const a1Role = await addRole(t.db, 'custA1', f.offices.a1.id, CUSTOMER_ADMIN);
    await addUser(t.db, 'a1cust', f.offices.a1.id, [a1Role]);
    a1 = await login(t.app, 'a1cust', PASSWORD);
    const bareRole = await addRole(t.db, 'bareA', f.offices.agentA.id, ['sys:view']);
    await addUser(t.db, 'agentbare', f.offices.agentA.id, [bareRole]);
    bare = await login(t.app, 'agentbare', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const office = async (id: number) => (await t.db.select().from(offices).where(eq(offices.id, id)))[0];
  const brandRow = async (id: number) =>
    (await t.db.select().from(customerBrands).where(eq(customerBrands.officeId, id)))[0];
  const names = (res: { json(): { data: { list: { name: string }[] } } }) =>
    res
      .json()
      .data.list.map((c) => c.name)
      .sort();

  it('lists agents and customers below the caller only, searched and paged on the server', async () => {
    expect(names(await get('searchCustomer?pageSize=100'))).toEqual(['Agent A', 'Customer A1', 'Customer B']);
    expect(names(await get('searchCustomer?kind=customer&name=b'))).toEqual(['Customer B']);
    const paged = (await get('searchCustomer?pageSize=1&pageNo=2')).json().data;
    expect(paged).toMatchObject({ count: 3, pageNo: 2, pageSize: 1 });
    expect(paged.list).toHaveLength(1);
    expect(names(await get('searchCustomer', agentA))).toEqual(['Customer A1']);
    expect(names(await get('searchCustomer', a1))).toEqual([]);
    for (const q of ['name=%25', "name=' or 1=1 --", 'name=_']) {
      expect(names(await get(`searchCustomer?${q}`)), q).toEqual([]);
    }
    expect((await get('searchCustomer?pageSize=1000')).statusCode).toBe(400);
    expect((await get('searchCustomer?kind=office')).statusCode).toBe(400);
    expect((await get('searchCustomer', bare)).statusCode).toBe(403);
  });

  it('answers customer details and the lazy customer tree within range only', async () => {
    const info = await get(`customerInfo?id=${f.offices.a1.id}`, agentA);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      id: f.offices.a1.id,
      kind: 'customer',
      parentName: 'Agent A',
      userCount: 4,
      brand: { enabled: false, config: {}, domainName: null },
      allocated: { storageQuotaMb: 0, terminalQuota: 0 },
    });
    expect((await get(`customerInfo?id=${f.offices.a1.id}`, a1)).statusCode).toBe(200);
    expect((await get(`customerInfo?id=${f.offices.b.id}`, agentA)).statusCode).toBe(404);
    expect((await get(`customerInfo?id=${f.offices.b.id}`, a1)).statusCode).toBe(404);
    expect((await get(`customerInfo?id=${f.offices.a1Shop.id}`)).statusCode).toBe(404);
    expect((await get('customerInfo?id=abc')).statusCode).toBe(400);
    const root = (await get('customerDynamicData')).json().data;
    expect(root).toEqual([expect.objectContaining({ id: f.offices.platform.id, hasChildren: true })]);
    const below = (await get(`customerDynamicData?id=${f.offices.platform.id}`)).json().data;
    expect(below.map((n: { name: string }) => n.name)).toEqual(['Agent A', 'Customer B']);
    expect(below[0].hasChildren).toBe(true);
    expect(below[1].hasChildren).toBe(false);
    expect((await get(`customerDynamicData?id=${f.offices.platform.id}`, agentA)).statusCode).toBe(404);
    const shop = (await get(`findChild?id=${f.offices.a1.id}`, a1)).json().data;
    expect(shop.map((n: { name: string }) => n.name)).toEqual(['A1 shop']);
    expect((await get(`findChild?id=${f.offices.b.id}`, a1)).statusCode).toBe(404);
  });

  it("creates customers within the agent's remaining capacity only", async () => {
    await t.db
      .update(offices)
      .set({ storageQuotaMb: 1000, terminalQuota: 10 })
      .where(eq(offices.id, f.offices.agentA.id));
    const before = await countRows(t.db, offices);
    const refused = [
      [
        { parentId: f.offices.agentA.id, name: 'Big', storageQuotaMb: 1001, terminalQuota: 1 },
        'storageQuotaMb',
      ],
      [
        { parentId: f.offices.agentA.id, name: 'Many', storageQuotaMb: 10, terminalQuota: 11 },
        'terminalQuota',
      ],
      [{ parentId: f.offices.agentA.id, name: 'Unlimited', terminalQuota: 1 }, 'storageQuotaMb'],
      [
        { parentId: f.offices.agentA.id, name: 'Neg', storageQuotaMb: -1, terminalQuota: 1 },
        'storageQuotaMb',
      ],
      [{ parentId: f.offices.a1.id, name: 'Nested', storageQuotaMb: 1, terminalQuota: 1 }, 'parentId'],
      [{ parentId: f.offices.agentA.id, name: '', storageQuotaMb: 1, terminalQuota: 1 }, 'name'],
    ] as const;
    for (const [payload, field] of refused) {
      const res = await post('save', payload, agentA);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().jsonObject.fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    const created = await post(
      'save',
      { parentId: f.offices.agentA.id, name: 'Customer A2', storageQuotaMb: 600, terminalQuota: 6 },
      agentA,
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(await office(id)).toMatchObject({ kind: 'customer', path: `${f.offices.agentA.path}${id}/` });
    // Only 400 MiB are left now.
    const second = await post(
      'save',
      { parentId: f.offices.agentA.id, name: 'Customer A3', storageQuotaMb: 401, terminalQuota: 1 },
      agentA,
    );
    expect(second.statusCode).toBe(400);
    // Editing within what is left (own share excluded from the sum).
    expect(
      (await post('save', { id, name: 'Customer A2', storageQuotaMb: 1000, terminalQuota: 4 }, agentA))
        .statusCode,
    ).toBe(200);
    expect(await countRows(t.db, offices)).toBe(before + 1);
    // Another tenant's agent, a customer's own capacity: refused.
    expect(
      (await post('save', { parentId: f.offices.platform.id, name: 'X', storageQuotaMb: 1 }, agentA))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('save', { id: f.offices.a1.id, name: 'Mine', storageQuotaMb: 1 }, a1)).statusCode,
    ).toBe(403);
    expect((await post('save', { id: f.offices.b.id, name: 'Theirs' }, agentA)).statusCode).toBe(404);
    await t.db
      .update(offices)
      .set({ storageQuotaMb: null, terminalQuota: null })
      .where(eq(offices.id, f.offices.agentA.id));
    await t.db.delete(offices).where(eq(offices.id, id));
  });

  it('saves a subordinate customer’s brand; never its own, another tenant’s or without permission', async () => {
    const config = {
      title: 'A1 Signage',
      logo: 'https://cdn.a1.test/logo.png',
      defaultLanguage: 'fr',
      copyRight: '© A1',
    };
    const res = await post('saveBrand', { id: f.offices.a1.id, enabled: true, config }, agentA);
    expect(res.statusCode).toBe(200);
    expect(await brandRow(f.offices.a1.id)).toMatchObject({
      enabled: true,
      config: { ...config, defaultLanguage: 'FR' },
    });
    const read = (await get(`brand?id=${f.offices.a1.id}`, agentA)).json().data;
    expect(read).toMatchObject({ officeName: 'Customer A1', enabled: true, defaults: { title: 'APM' } });
    const before = await brandRow(f.offices.a1.id);
    for (const [cfg, field] of [
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ backgroundImage: 'data:text/html,x' }, 'backgroundImage'],
      [{ defaultLanguage: 'XX' }, 'defaultLanguage'],
      [{ title: 'x'.repeat(101) }, 'config.title'],
      [{ linkList: [{ name: '', link: 'https://x.test' }] }, 'linkList'],
    ] as const) {
      const bad = await post('saveBrand', { id: f.offices.a1.id, enabled: true, config: cfg }, agentA);
      expect(bad.statusCode, JSON.stringify(cfg)).toBe(400);
      expect(bad.json().jsonObject.fields, JSON.stringify(cfg)).toHaveProperty(field);
    }
    expect(
      (await post('saveBrand', { id: f.offices.b.id, enabled: true, config: {} }, agentA)).statusCode,
    ).toBe(404);
    expect(
      (await post('saveBrand', { id: f.offices.a1.id, enabled: false, config: {} }, a1)).statusCode,
    ).toBe(403);
    expect(
      (await post('saveBrand', { id: f.offices.a1.id, enabled: false, config: {} }, bare)).statusCode,
    ).toBe(403);
    expect((await get(`brand?id=${f.offices.b.id}`, agentA)).statusCode).toBe(404);
    expect(await brandRow(f.offices.a1.id)).toEqual(before);
  });

  it('sets a second domain name (validated, lower-cased, unique) that selects the brand on imgSetting', async () => {
    for (const domainName of [
      'localhost',
      'http://a1.test',
      'a1.test:8080',
      'a1.test/path',
      '-a1.test',
      'a1-.test',
      'a1..test',
      '10.0.0.1',
      "a1.test' or '1'='1",
      `${'a'.repeat(64)}.test`,
      'ünï.test',
    ]) {
      const res = await post('saveDomainName', { id: f.offices.a1.id, domainName }, agentA);
      expect(res.statusCode, domainName).toBe(400);
      expect(res.json().jsonObject.fields, domainName).toHaveProperty('domainName');
    }
    const set = await post(
      'saveDomainName',
      { id: f.offices.a1.id, domainName: ' Signage.A1.Test ' },
      agentA,
    );
    expect(set.statusCode).toBe(200);
    expect(set.json().data.domainName).toBe('signage.a1.test');
    const taken = await post('saveDomainName', { id: f.offices.b.id, domainName: 'SIGNAGE.a1.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().jsonObject.fields).toHaveProperty('domainName');
    expect(
      (await post('saveDomainName', { id: f.offices.b.id, domainName: 'x.test' }, agentA)).statusCode,
    ).toBe(404);
    expect(
      (await post('saveDomainName', { id: f.offices.a1.id, domainName: 'x.test' }, bare)).statusCode,
    ).toBe(403);

    const brandFor = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: `${BASE}/imgSetting`, headers: { host } })).json().data;
    expect(await brandFor('signage.a1.test:8443')).toMatchObject({
      brand: 'default',
      title: 'A1 Signage',
      logo: 'https://cdn.a1.test/logo.png',
      defaultLanguage: 'FR',
      showRegister: false,
    });
    expect((await brandFor('localhost')).title).toBe('APM');
    expect((await brandFor('other.a1.test')).title).toBe('APM');
    // Switched off: the domain answers the default brand again.
    await post('saveBrand', { id: f.offices.a1.id, enabled: false, config: { title: 'A1 Signage' } }, agentA);
    expect((await brandFor('signage.a1.test')).title).toBe('APM');
    await post('saveBrand', { id: f.offices.a1.id, enabled: true, config: { title: 'A1 Signage' } }, agentA);
    // The brandHosts setting keeps its meaning.
    await t.app.services.settings.set('brandHosts', { 'second.example': 'second' });
    expect((await brandFor('second.example')).brand).toBe('second');
    expect(
      (await post('saveDomainName', { id: f.offices.b.id, domainName: 'second.example' })).statusCode,
    ).toBe(409);
    // Clearing.
    const cleared = await post('saveDomainName', { id: f.offices.a1.id, domainName: '' }, agentA);
    expect(cleared.json().data.domainName).toBeNull();
    expect((await brandFor('signage.a1.test')).title).toBe('APM');
  });

  it('lets a customer edit its own brand fields (not the switch) on the personalized interface', async () => {
    const own = await get('personalized', a1);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ officeId: f.offices.a1.id, enabled: true });
    const saved = await post('savePersonalized', { config: { title: 'Mine', copyRight: '© me' } }, a1);
    expect(saved.statusCode).toBe(200);
    expect(await brandRow(f.offices.a1.id)).toMatchObject({
      enabled: true,
      config: { title: 'Mine', copyRight: '© me' },
    });
    expect((await post('savePersonalized', { config: { logo: 'javascript:x' } }, a1)).statusCode).toBe(400);
    expect((await post('savePersonalized', { config: {} }, bare)).statusCode).toBe(403);
    // The platform has no personalized interface: an empty answer, and saving is refused.
    const platform = await get('personalized');
    expect(platform.statusCode).toBe(200);
    expect(platform.json().data).toBeNull();
  });

  it('stores a customer’s footer links and shows them on the sign-in brand of its domain name', async () => {
    const base = await t.app.services.settings.get('brandDefault');
    await t.app.services.settings.set('brandDefault', {
      ...base,
      linkList: [{ name: 'Platform help', link: 'https://help.platform.test' }],
    });
    await post('saveDomainName', { id: f.offices.a1.id, domainName: 'links.a1.test' }, agentA);
    const brandFor = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: `${BASE}/imgSetting`, headers: { host } })).json().data;
    const links = [
      { name: ' A1 support ', link: ' https://support.a1.test ' },
      { name: 'Imprint', link: '/imprint' },
    ];
    const saved = await post('savePersonalized', { config: { title: 'Mine', linkList: links } }, a1);
    expect(saved.statusCode).toBe(200);
    const trimmed = [
      { name: 'A1 support', link: 'https://support.a1.test' },
      { name: 'Imprint', link: '/imprint' },
    ];
    expect((await brandRow(f.offices.a1.id))!.config.linkList).toEqual(trimmed);
    expect((await get('personalized', a1)).json().data.config.linkList).toEqual(trimmed);
    expect(await brandFor('links.a1.test')).toMatchObject({ title: 'Mine', linkList: trimmed });
    // Another host keeps the platform's links; a bad link is refused naming linkList, nothing changed.
    expect((await brandFor('localhost')).linkList).toEqual([
      { name: 'Platform help', link: 'https://help.platform.test' },
    ]);
    const bad = await post(
      'savePersonalized',
      { config: { linkList: [{ name: 'x', link: 'javascript:alert(1)' }] } },
      a1,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().jsonObject.fields).toHaveProperty('linkList');
    expect((await brandRow(f.offices.a1.id))!.config.linkList).toEqual(trimmed);
    // The subordinate-customer editor stores them too; an empty list falls back to the platform's.
    const admin = await post(
      'saveBrand',
      { id: f.offices.a1.id, enabled: true, config: { title: 'Mine', linkList: [] } },
      agentA,
    );
    expect(admin.statusCode).toBe(200);
    expect((await brandFor('links.a1.test')).linkList).toEqual([
      { name: 'Platform help', link: 'https://help.platform.test' },
    ]);
  });
});
