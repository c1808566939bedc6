import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictEntries } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/dict';
const LABELS = {
  CN: '零售',
  HK: '零售業',
  US: 'Retail',
  IT: 'Vendita',
  RU: 'Розница',
  FR: 'Commerce',
  KR: '소매',
};
const DICT_ALL = ['sys:dict:view', 'sys:dict:add', 'sys:dict:edit', 'sys:dict:delete'];

describe('dictionary: /a/api/dict/...', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customerAdmin: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    admin = await login(t.app);
    const viewRole = await addRole(t.db, 'dictViewer', null, ['sys:dict:view']);
    await addUser(t.db, 'dictviewer', f.offices.platform.id, [viewRole]);
    viewer = await login(t.app, 'dictviewer', PASSWORD);
    const tenantDict = await addRole(t.db, 'tenantDict', f.offices.a1.id, DICT_ALL);
    await addUser(t.db, 'a1dict', f.offices.a1.id, [tenantDict]);
    customerAdmin = await login(t.app, 'a1dict', PASSWORD);
    operator = await login(t.app, 'a1op', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie, ...headers } });
  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const entry = (extra: object = {}) => ({ type: 'industry', value: 'retail', labels: LABELS, ...extra });

  it('creates, lists, searches, edits and deletes entries', async () => {
    const created = await post('save', entry({ sort: 2, description: 'Shops' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const second = await post(
      'save',
      entry({ value: 'bank', labels: { ...LABELS, US: 'Banking' }, sort: 1 }),
    );
    expect(second.statusCode).toBe(200);
    const other = await post('save', {
      type: 'terminalModel',
      value: 'x-100',
      labels: JSON.stringify(LABELS),
    });
    expect(other.statusCode, other.body).toBe(200);

    const all = (await get('list')).json().data;
    expect(all.count).toBe(3);
    // By type, then sort order inside a type.
    expect(all.list.map((e: { value: string }) => e.value)).toEqual(['bank', 'retail', 'x-100']);
    expect(all.list[1]).toMatchObject({
      type: 'industry',
      value: 'retail',
      labels: LABELS,
      description: 'Shops',
    });

    expect((await get('list?type=industry')).json().data.count).toBe(2);
    expect((await get('list?keyword=bank')).json().data.count).toBe(1);
    expect((await get(`list?keyword=${encodeURIComponent('Розница')}`)).json().data.count).toBe(3);
    expect((await get('list?keyword=terminalmod')).json().data.count).toBe(1);
    const sorted = (await get('list?sortField=value&sortOrder=desc&pageSize=2')).json().data;
    expect(sorted).toMatchObject({ count: 3, pageSize: 2 });
    expect(sorted.list.map((e: { value: string }) => e.value)).toEqual(['x-100', 'retail']);
    expect((await get('list?pageNo=2&pageSize=2')).json().data.list).toHaveLength(1);

    expect((await get('types')).json().data).toEqual([
      { type: 'industry', count: 2 },
      { type: 'terminalModel', count: 1 },
    ]);

    const edited = await post(
      'save',
      entry({ id, labels: { ...LABELS, US: 'Retail trade' }, enabled: false }),
    );
    expect(edited.statusCode).toBe(200);
    const after = (await get('list?keyword=retail')).json().data.list[0];
    expect(after).toMatchObject({ id, enabled: false, labels: { US: 'Retail trade' } });

    const removed = await post('delete', { id: `${id}` });
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await get('list?type=industry')).json().data.count).toBe(1);
  });

  it("answers the enabled entries of a type in the caller's language", async () => {
    await post('save', { type: 'color', value: 'red', labels: { ...LABELS, US: 'Red', CN: '红' }, sort: 1 });
    await post('save', {
      type: 'color',
      value: 'blue',
      labels: { ...LABELS, US: 'Blue', CN: '蓝' },
      sort: 2,
    });
    await post('save', { type: 'color', value: 'off', labels: LABELS, enabled: false });
    expect((await get('byType?type=color', operator)).json().data).toEqual([
      { value: 'red', label: 'Red' },
      { value: 'blue', label: 'Blue' },
    ]);
    const cn = await get('byType?type=color', operator, { cookie: `${operator}; language=CN` });
    expect(cn.json().data.map((o: { label: string }) => o.label)).toEqual(['红', '蓝']);
    expect((await get('byType?type=color&language=CN', operator)).json().data[0].label).toBe('红');
    expect((await get('byType?type=nothing', operator)).json().data).toEqual([]);
    expect((await get('byType?type=color&language=XX', operator)).statusCode).toBe(400);
    // Reading by type is for every signed-in user, nobody else; the management list needs sys:dict:view.
    for (const url of ['list', 'types']) {
      const refused = await get(url, operator);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().jsonObject.permission, url).toBe('sys:dict:view');
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/byType?type=color` })).statusCode).toBe(401);
  });

  it('refuses a value taken in the same type with 409 naming the value, and changes nothing', async () => {
    await post('save', entry({ type: 'dup', value: 'one' }));
    const n = await countRows(t.db, dictEntries);
    const res = await post('save', entry({ type: 'dup', value: 'one' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('one');
    expect(res.json().jsonObject.fields).toHaveProperty('value');
    // The same value in another type is fine.
    expect((await post('save', entry({ type: 'dup2', value: 'one' }))).statusCode).toBe(200);
    expect(await countRows(t.db, dictEntries)).toBe(n + 1);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const n = await countRows(t.db, dictEntries);
    const cases: [object, string][] = [
      [entry({ type: '' }), 'type'],
      [entry({ type: '1abc' }), 'type'],
      [entry({ type: 'a b' }), 'type'],
      [entry({ type: `t${'x'.repeat(64)}` }), 'type'],
      [entry({ value: '' }), 'value'],
      [entry({ value: 'has space' }), 'value'],
      [entry({ value: 'v'.repeat(65) }), 'value'],
      [entry({ labels: { ...LABELS, KR: '' } }), 'labels.KR'],
      [entry({ labels: { CN: 'x' } }), 'labels.HK'],
      [entry({ labels: { ...LABELS, FR: 'x'.repeat(201) } }), 'labels.FR'],
      [entry({ labels: 'not json' }), 'labels'],
      [entry({ labels: [1, 2] }), 'labels'],
      [entry({ description: 'd'.repeat(501) }), 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await post('save', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().jsonObject.fields, field).toHaveProperty([field]);
    }
    expect((await post('save', { type: 'x' })).statusCode).toBe(400);
    expect((await post('save', entry({ sort: 'abc' }))).statusCode).toBe(400);
    expect((await post('delete', { id: 'abc' })).statusCode).toBe(400);
    const missing = await post('save', entry({ id: 999_999, value: 'fresh' }));
    expect(missing.statusCode).toBe(404);
    expect(await countRows(t.db, dictEntries)).toBe(n);
  });

  it('refuses writing without the permission (403), and deletes all or nothing', async () => {
    const n = await countRows(t.db, dictEntries);
    const { id } = (await get('list?pageSize=1')).json().data.list[0] as { id: number };
    for (const res of [
      await post('save', entry({ value: 'viewer' }), viewer),
      await post('save', entry({ id, value: 'viewer' }), viewer),
      await post('delete', { id: `${id}` }, viewer),
      await post('save', entry({ value: 'op' }), operator),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    const mixed = await post('delete', { id: `${id},999999` });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().msg).toContain('999999');
    expect(await countRows(t.db, dictEntries)).toBe(n);
  });

  it('refuses a customer administrator holding sys:dict:* (platform-wide data), changing nothing', async () => {
    const n = await countRows(t.db, dictEntries);
    const { id } = (await get('list?pageSize=1')).json().data.list[0] as { id: number };
    expect((await get('list', customerAdmin)).statusCode).toBe(200);
    for (const res of [
      await post('save', entry({ value: 'tenant' }), customerAdmin),
      await post('save', entry({ id, value: 'tenant' }), customerAdmin),
      await post('delete', { id: `${id}` }, customerAdmin),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().jsonObject.reason).toBe('platformOnly');
    }
    expect(await countRows(t.db, dictEntries)).toBe(n);
  });
});
