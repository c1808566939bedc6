import type { StrategyDetail, StrategySummary } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { caller, claimDevice, consoleFixture } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { FULL_DOC, strategyDoc } from './fixture.js';

describe('strategies: list, save, detail, policies, delete — scoped, checked, permission-bound', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let viewer: string;
  let shop: string;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const viewRole = await addRole(t.db, 'strategyViewA1', f.offices.a1.id, ['terminal:strategy:view']);
    await addUser(t.db, 'a1strategyviewer', f.offices.a1.id, [viewRole]);
    viewer = await login(t.app, 'a1strategyviewer', PASSWORD);
    const shopRole = await addRole(t.db, 'strategyShop', f.offices.a1Shop.id, [
      'terminal:strategy:view',
      'terminal:strategy:add',
      'terminal:strategy:edit',
    ]);
    await addUser(t.db, 'a1strategyshop', f.offices.a1Shop.id, [shopRole], { dataRange: 'office' });
    shop = await login(t.app, 'a1strategyshop', PASSWORD);
  });
  afterAll(() => t.close());

  const save = async (payload: object, cookie = f.a1) => api.post('strategy/saveStrategy', cookie, payload);
  const created = async (name: string, document: object = strategyDoc(), cookie = f.a1) => {
    const res = await save({ name, document }, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as StrategyDetail;
  };

  it('creates a strategy with its policies; the detail answers them', async () => {
    const s = await created('Shop hours', FULL_DOC);
    expect(s).toMatchObject({
      name: 'Shop hours',
      description: '',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      revision: 1,
      terminalCount: 0,
      pendingCount: 0,
      creatorName: 'Alice Admin',
      document: FULL_DOC,
    });
    const detail = await api.get(`strategy/strategyDetail?id=${s.id}`, f.a1);
    expect(detail.body.data).toEqual(s);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ name: '  ', document: strategyDoc() }, 'name'],
      [{ name: 'No doc' }, 'document'],
      [{ name: 'Bad', document: strategyDoc({ rebootTime: '25:00' }) }, 'document.rebootTime'],
      [
        { name: 'Bad', document: strategyDoc({ volume: [{ from: '08:00', to: '09:00', volume: 140 }] }) },
        'document.volume.0.volume',
      ],
      [
        {
          name: 'Bad',
          document: strategyDoc({
            brightness: [
              { from: '08:00', to: '12:00', brightness: 10 },
              { from: '10:00', to: '13:00', brightness: 20 },
            ],
          }),
        },
        'document.brightness.1.from',
      ],
      [{ name: 'Bad', document: { ...strategyDoc(), extra: 1 } }, 'document.extra'],
      [{ name: 'Bad', document: 'text' }, 'document'],
    ];
    for (const [payload, field] of cases) {
      const res = await save(payload);
      expect(res.status, field).toBe(400);
      const fields = (res.body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {};
      expect(Object.keys(fields), JSON.stringify(res.body)).toContain(field);
    }
    const long = await save({ name: 'x'.repeat(101), document: strategyDoc() });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('name');
    const list = await api.get('strategy/list?keyword=bad', f.a1);
    expect(list.body.data).toMatchObject({ count: 0 });
  });

  it('names are unique per office (409 naming name); another office may use the same name', async () => {
    await created('Night');
    const again = await save({ name: 'Night', document: strategyDoc() });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('name');
    const other = await created('Night', strategyDoc(), f.b);
    expect(other.officeId).toBe(f.offices.b.id);
  });

  it('updates with a revision check: 409 for a stale baseRevision, the document kept when absent', async () => {
    const s = await created('Lobby', FULL_DOC);
    const renamed = await save({ id: s.id, name: 'Lobby 2', description: 'Ground floor', baseRevision: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Lobby 2',
      description: 'Ground floor',
      revision: 2,
      document: FULL_DOC,
    });
    const stale = await save({ id: s.id, name: 'Lobby 3', baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect((stale.body.data as never) ?? stale.body.msg).toBeTruthy();
    const moved = await save({ id: s.id, name: 'Lobby 3', officeId: f.offices.a1Shop.id });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toContain('officeId');
  });

  it('saveStrategyDetails replaces the document; saveStrategyDetail one policy, naming value... when bad', async () => {
    const s = await created('Policies');
    const all = await api.post('strategy/saveStrategyDetails', f.a1, {
      id: s.id,
      baseRevision: 1,
      document: FULL_DOC,
    });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ revision: 2, document: FULL_DOC });
    const bad = await api.post('strategy/saveStrategyDetails', f.a1, { id: s.id, document: { power: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('document.volume');
    const one = await api.post('strategy/saveStrategyDetail', f.a1, {
      id: s.id,
      policy: 'rebootTime',
      value: '03:15',
      baseRevision: 2,
    });
    expect(one.status).toBe(200);
    expect((one.body.data as StrategyDetail).document).toEqual({ ...FULL_DOC, rebootTime: '03:15' });
    const badOne = await api.post('strategy/saveStrategyDetail', f.a1, {
      id: s.id,
      policy: 'volume',
      value: [{ from: '08:00', to: '8:30', volume: 5 }],
    });
    expect(badOne.status).toBe(400);
    expect(badOne.body.msg).toMatch(/^value\.0\.to/);
    const unknown = await api.post('strategy/saveStrategyDetail', f.a1, {
      id: s.id,
      policy: 'colour',
      value: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('policy');
    const stale = await api.post('strategy/saveStrategyDetail', f.a1, {
      id: s.id,
      policy: 'rebootTime',
      value: null,
      baseRevision: 2,
    });
    expect(stale.status).toBe(409);
  });

  it('lists with keyword, sort and paging on the server', async () => {
    for (const name of ['Alpha sort', 'Beta sort', 'Gamma sort']) await created(name);
    const page = await api.get('strategy/list?keyword=SORT&sort=name&order=desc&pageNo=1&pageSize=2', f.a1);
    const data = page.body.data as { list: StrategySummary[]; count: number };
    expect(data.count).toBe(3);
    expect(data.list.map((s) => s.name)).toEqual(['Gamma sort', 'Beta sort']);
    const second = await api.get('strategy/list?keyword=sort&sort=name&order=desc&pageNo=2&pageSize=2', f.a1);
    expect((second.body.data as { list: StrategySummary[] }).list.map((s) => s.name)).toEqual(['Alpha sort']);
    const wild = await api.get('strategy/list?keyword=%25', f.a1);
    expect((wild.body.data as { count: number }).count).toBe(0);
    const badSort = await api.get('strategy/list?sort=password', f.a1);
    expect(badSort.status).toBe(400);
    expect(badSort.body.msg).toContain('sort');
  });

  it('another tenant sees nothing of A1: 404 for its ids, absent from its list', async () => {
    const s = await created('A1 only');
    const list = await api.get('strategy/list?keyword=A1%20only', f.b);
    expect((list.body.data as { count: number }).count).toBe(0);
    for (const res of [
      await api.get(`strategy/strategyDetail?id=${s.id}`, f.b),
      await save({ id: s.id, name: 'Taken' }, f.b),
      await api.post('strategy/saveStrategyDetails', f.b, { id: s.id, document: strategyDoc() }),
      await api.post('strategy/saveStrategyDetail', f.b, { id: s.id, policy: 'rebootTime', value: null }),
      await api.post('strategy/deleteStrategy', f.b, { ids: [s.id] }),
      await api.get(`strategy/findRelationTerminals?id=${s.id}`, f.b),
      await api.post('strategy/sendStrategy', f.b, { id: s.id }),
    ]) {
      expect(res.status).toBe(404);
    }
    const other = await save({ name: 'Elsewhere', document: strategyDoc(), officeId: f.offices.a1.id }, f.b);
    expect(other.status).toBe(404);
    expect(other.body.msg).toContain('officeId');
  });

  it('an office-range user of the shop sees only the shop’s strategies', async () => {
    const mine = await created('Shop own', strategyDoc(), shop);
    expect(mine.officeId).toBe(f.offices.a1Shop.id);
    const list = (await api.get('strategy/list?pageSize=100', shop)).body.data as { list: StrategySummary[] };
    expect(list.list.every((s) => s.officeId === f.offices.a1Shop.id)).toBe(true);
    // The customer's administrator (range all) sees the shop's too.
    expect((await api.get(`strategy/strategyDetail?id=${mine.id}`, f.a1)).status).toBe(200);
  });

  it('refuses without permission: 403 for every call, also for a view-only user’s writes', async () => {
    const s = await created('Guarded');
    for (const res of [
      await api.get('strategy/list', f.viewer),
      await api.get(`strategy/strategyDetail?id=${s.id}`, f.viewer),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await api.get('strategy/list', viewer)).status).toBe(200);
    for (const res of [
      await save({ name: 'Nope', document: strategyDoc() }, viewer),
      await save({ id: s.id, name: 'Nope' }, viewer),
      await api.post('strategy/saveStrategyDetails', viewer, { id: s.id, document: strategyDoc() }),
      await api.post('strategy/saveStrategyDetail', viewer, { id: s.id, policy: 'rebootTime', value: null }),
      await api.post('strategy/deleteStrategy', viewer, { ids: [s.id] }),
      await api.post('strategy/relationTerminals', viewer, { id: s.id, terminalIds: [1] }),
      await api.post('strategy/disassociateTerminals', viewer, { id: s.id, terminalIds: [1] }),
      await api.post('strategy/sendStrategy', viewer, { id: s.id }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await api.get(`strategy/strategyDetail?id=${s.id}`, f.a1)).body.data).toMatchObject({
      name: 'Guarded',
    });
  });

  it('deletes all or nothing; linked terminals are unlinked with it', async () => {
    const a = await created('Delete me');
    const b = await created('Delete me too');
    const device = await claimDevice(t.app, f.a1, f.offices.a1.id, 'Deleted strategy screen');
    await api.post('strategy/relationTerminals', f.a1, { id: a.id, terminalIds: [device.terminalId] });
    const partial = await api.post('strategy/deleteStrategy', f.a1, { ids: [a.id, 999_999] });
    expect(partial.status).toBe(404);
    expect(partial.body.msg).toContain('ids');
    expect((await api.get(`strategy/strategyDetail?id=${a.id}`, f.a1)).status).toBe(200);
    const bad = await api.post('strategy/deleteStrategy', f.a1, { ids: [] });
    expect(bad.status).toBe(400);
    const done = await api.post('strategy/deleteStrategy', f.a1, { ids: [a.id, b.id] });
    expect(done.status).toBe(200);
    expect((await api.get(`strategy/strategyDetail?id=${a.id}`, f.a1)).status).toBe(404);
    // The terminal is free again: it links to another strategy without moving.
    const c = await created('After delete');
    const linked = await api.post('strategy/relationTerminals', f.a1, {
      id: c.id,
      terminalIds: [device.terminalId],
    });
    expect(linked.body.data).toEqual({ linked: 1, moved: 0 });
  });
});
