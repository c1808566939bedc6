import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../../src/db/schema/index.js';
import { registerOfficeDeleteCheck } from '../../../src/modules/offices/delete-checks.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addOffice, addRole, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/office';

describe('institution management: save, deleteOffice, moveinstitude, openAgentOffice', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let a1admin: string;
  let viewer: string;
  let agentAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    const officeAdmin = [
      'sys:view',
      'sys:office:view',
      'sys:office:add',
      'sys:office:edit',
      'sys:office:delete',
      'sys:agent:view',
      'sys:agent:edit',
    ];
    const a1Role = await addRole(t.db, 'officeA1', f.offices.a1.id, officeAdmin);
    await addUser(t.db, 'a1offices', f.offices.a1.id, [a1Role]);
    a1admin = await login(t.app, 'a1offices', PASSWORD);
    const viewRole = await addRole(t.db, 'officeViewer', f.offices.a1.id, ['sys:view', 'sys:office:view']);
    await addUser(t.db, 'a1viewer', f.offices.a1.id, [viewRole]);
    viewer = await login(t.app, 'a1viewer', PASSWORD);
    const agentRole = await addRole(t.db, 'agentAdminA', f.offices.agentA.id, officeAdmin);
    await addUser(t.db, 'agentadmin', f.offices.agentA.id, [agentRole]);
    agentAdmin = await login(t.app, 'agentadmin', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const row = async (id: number) => (await t.db.select().from(offices).where(eq(offices.id, id)))[0];
  const snapshot = async () => (await t.db.select().from(offices).orderBy(offices.id)).map((o) => ({ ...o }));

  it('creates an office under a parent in range, with its path, then edits it', async () => {
    const res = await post(
      'save',
      {
        parentId: f.offices.a1.id,
        name: '  Branch 1 ',
        sort: 3,
        contact: 'Ann',
        phone: '+39 06 123',
        address: 'Via 1',
      },
      a1admin,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    expect(await row(id)).toMatchObject({
      name: 'Branch 1',
      kind: 'office',
      parentId: f.offices.a1.id,
      path: `${f.offices.a1.path}${id}/`,
      sort: 3,
      contact: 'Ann',
    });
    const edit = await post('save', { id, name: 'Branch One', remarks: 'renamed' }, a1admin);
    expect(edit.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ name: 'Branch One', remarks: 'renamed', contact: null });
    const info = await get(`officeInfo?id=${id}`, a1admin);
    expect(info.json().data).toMatchObject({
      id,
      name: 'Branch One',
      parentName: 'Customer A1',
      hasChildren: false,
    });
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const before = await countRows(t.db, offices);
    for (const [payload, field] of [
      [{ parentId: f.offices.a1.id, name: '' }, 'name'],
      [{ parentId: f.offices.a1.id, name: '   ' }, 'name'],
      [{ parentId: f.offices.a1.id, name: 'x'.repeat(101) }, 'name'],
      [{ parentId: f.offices.a1.id, name: 'x'.repeat(1001) }, 'name'],
      [{ parentId: f.offices.a1.id }, 'name'],
      [{ name: 'No parent' }, 'parentId'],
      [{ parentId: 'abc', name: 'Bad' }, 'parentId'],
      [{ parentId: "1' or '1'='1", name: 'Bad' }, 'parentId'],
      [{ parentId: f.offices.a1.id, name: 'P', phone: 'call me' }, 'phone'],
      [{ parentId: f.offices.a1.id, name: 'P', address: 'a'.repeat(301) }, 'address'],
    ] as const) {
      const res = await post('save', payload, a1admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().jsonObject.fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    // SQL-ish names are stored literally.
    const sqlish = await post(
      'save',
      { parentId: f.offices.a1.id, name: "x'); drop table offices; --" },
      a1admin,
    );
    expect(sqlish.statusCode).toBe(200);
    expect(await countRows(t.db, offices)).toBe(before + 1);
    await t.db.delete(offices).where(eq(offices.id, sqlish.json().data.id));
  });

  it("never creates under, edits, moves or deletes another tenant's office", async () => {
    const before = await snapshot();
    const calls = [
      await post('save', { parentId: f.offices.b.id, name: 'Intruder' }, a1admin),
      await post('save', { parentId: f.offices.platform.id, name: 'Intruder' }, a1admin),
      await post('save', { id: f.offices.b.id, name: 'Hacked' }, a1admin),
      await post('deleteOffice', { id: f.offices.b.id }, a1admin),
      await post('moveinstitude', { id: f.offices.a1Shop.id, parentId: f.offices.b.id }, a1admin),
      await post('moveinstitude', { id: f.offices.b.id, parentId: f.offices.a1.id }, a1admin),
      await get(`officeInfo?id=${f.offices.b.id}`, a1admin),
      await post('save', { parentId: f.offices.b.id, name: 'Intruder' }, agentAdmin),
    ];
    for (const res of calls) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 without the permission', async () => {
    const before = await snapshot();
    expect((await post('save', { parentId: f.offices.a1.id, name: 'X' }, viewer)).statusCode).toBe(403);
    expect((await post('save', { id: f.offices.a1Shop.id, name: 'X' }, viewer)).statusCode).toBe(403);
    expect((await post('deleteOffice', { id: f.offices.a1Shop.id }, viewer)).statusCode).toBe(403);
    expect(
      (await post('moveinstitude', { id: f.offices.a1Shop.id, parentId: f.offices.a1.id }, viewer))
        .statusCode,
    ).toBe(403);
    expect((await post('openAgentOffice', { id: f.offices.a1Shop.id }, viewer)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses deleting an office with child offices or users, naming them and deleting nothing', async () => {
    const parent = await addOffice(t.db, 'Busy', 'office', f.offices.a1);
    const kid = await addOffice(t.db, 'Busy kid', 'office', parent);
    const before = await snapshot();
    const res = await post('deleteOffice', { id: parent.id }, a1admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('1 child offices');
    expect(res.json().jsonObject.blockers).toEqual([
      { key: 'childOffices', label: 'child offices', count: 1 },
    ]);
    const userId = await addUser(t.db, 'kiduser', kid.id, []);
    const withUser = await post('deleteOffice', { id: kid.id }, a1admin);
    expect(withUser.statusCode).toBe(409);
    expect(withUser.json().jsonObject.blockers[0].key).toBe('users');
    expect(await snapshot()).toEqual(before);
    // Own office / tenant root is protected.
    expect((await post('deleteOffice', { id: f.offices.a1.id }, a1admin)).statusCode).toBe(403);
    expect((await post('deleteOffice', { id: f.offices.platform.id })).statusCode).toBe(403);
    expect((await post('deleteOffice', { id: 0 })).statusCode).toBe(400);
    expect((await post('deleteOffice', { id: 'x;drop' })).statusCode).toBe(400);
    await t.db.execute(`delete from users where id = ${userId}`);
    expect((await post('deleteOffice', { id: kid.id }, a1admin)).statusCode).toBe(200);
    expect((await post('deleteOffice', { id: parent.id }, a1admin)).statusCode).toBe(200);
    expect(await row(parent.id)).toBeUndefined();
  });

  it('lets other modules add checks to the delete refusal list', async () => {
    const office = await addOffice(t.db, 'Has terminals', 'office', f.offices.a1);
    registerOfficeDeleteCheck({
      key: 'testThings',
      label: 'test things',
      count: async (_db, id) => (id === office.id ? 2 : 0),
    });
    const res = await post('deleteOffice', { id: office.id }, a1admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2 test things');
    expect(await row(office.id)).toBeDefined();
  });

  it('moves a subtree, rewriting every path, and prevents cycles', async () => {
    const a = await addOffice(t.db, 'Move A', 'office', f.offices.a1);
    const b = await addOffice(t.db, 'Move B', 'office', a);
    const c = await addOffice(t.db, 'Move C', 'office', b);
    const target = await addOffice(t.db, 'Target', 'office', f.offices.a1);
    const before = await snapshot();
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await post('moveinstitude', { id: a.id, parentId }, a1admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().jsonObject).toMatchObject({
        reason: 'moveCycle',
        fields: { parentId: expect.any(String) },
      });
    }
    expect(await snapshot()).toEqual(before);
    const res = await post('moveinstitude', { id: a.id, parentId: target.id }, a1admin);
    expect(res.statusCode).toBe(200);
    expect((await row(a.id))!).toMatchObject({ parentId: target.id, path: `${target.path}${a.id}/` });
    expect((await row(b.id))!.path).toBe(`${target.path}${a.id}/${b.id}/`);
    expect((await row(c.id))!.path).toBe(`${target.path}${a.id}/${b.id}/${c.id}/`);
    // Moving one's own office (or an ancestor of it) is refused.
    expect(
      (await post('moveinstitude', { id: f.offices.a1.id, parentId: target.id }, a1admin)).statusCode,
    ).toBe(400);
    expect(
      (await post('moveinstitude', { id: f.offices.agentA.id, parentId: f.offices.b.id })).statusCode,
    ).toBe(400);
  });

  it('turns an office into an agent with capacity, only from the platform or an agent above', async () => {
    const plain = await addOffice(t.db, 'Reseller', 'office', f.offices.platform);
    await t.db
      .update(offices)
      .set({ storageQuotaMb: 1000, terminalQuota: 10 })
      .where(eq(offices.id, f.offices.agentA.id));
    const sub = await addOffice(t.db, 'Sub reseller', 'office', f.offices.agentA);
    const list = await get('agentList?pageSize=100');
    expect(list.json().data.list.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(['Agent A', 'Reseller', 'Sub reseller']),
    );
    expect(list.json().data.list.map((o: { name: string }) => o.name)).not.toContain('A1 shop');
    // A customer can neither list nor activate.
    expect((await get('agentList', a1admin)).json().data.count).toBe(0);
    expect((await post('openAgentOffice', { id: f.offices.a1Shop.id }, a1admin)).statusCode).toBe(403);
    // Inside the agent's quota.
    const over = await post(
      'openAgentOffice',
      { id: sub.id, storageQuotaMb: 2000, terminalQuota: 5 },
      agentAdmin,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().jsonObject.fields).toHaveProperty('storageQuotaMb');
    const none = await post('openAgentOffice', { id: sub.id }, agentAdmin);
    expect(none.statusCode).toBe(400);
    expect((await row(sub.id))!.kind).toBe('office');
    const okRes = await post(
      'openAgentOffice',
      { id: sub.id, storageQuotaMb: 500, terminalQuota: 5 },
      agentAdmin,
    );
    expect(okRes.statusCode).toBe(200);
    expect(await row(sub.id)).toMatchObject({ kind: 'agent', storageQuotaMb: 500, terminalQuota: 5 });
    // The agent cannot change its own capacity, nor touch offices of other tenants.
    expect(
      (await post('openAgentOffice', { id: f.offices.agentA.id, storageQuotaMb: 9 }, agentAdmin)).statusCode,
    ).toBe(400);
    expect((await post('openAgentOffice', { id: plain.id }, agentAdmin)).statusCode).toBe(404);
    // Customers and offices inside them never become agents.
    expect((await post('openAgentOffice', { id: f.offices.a1Shop.id })).statusCode).toBe(400);
    expect((await post('openAgentOffice', { id: f.offices.b.id })).statusCode).toBe(400);
    const platformOk = await post('openAgentOffice', {
      id: plain.id,
      storageQuotaMb: null,
      terminalQuota: 100,
    });
    expect(platformOk.statusCode).toBe(200);
    expect(await row(plain.id)).toMatchObject({ kind: 'agent', storageQuotaMb: null, terminalQuota: 100 });
    expect((await post('openAgentOffice', { id: plain.id, terminalQuota: -1 })).statusCode).toBe(400);
  });

  it("moves a customer under an agent only when its capacity fits the agent's remaining capacity", async () => {
    // Agent A has 1000 MiB / 10 terminals, 500 / 5 of which went to its sub-agent above.
    const before = await snapshot();
    const refused = await post('moveinstitude', { id: f.offices.b.id, parentId: f.offices.agentA.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().jsonObject).toMatchObject({
      reason: 'capacityExceeded',
      officeId: f.offices.agentA.id,
      field: 'storageQuotaMb',
      limit: 1000,
    });
    expect(refused.json().msg).toContain('Agent A');
    expect(await snapshot()).toEqual(before);
    await t.db
      .update(offices)
      .set({ storageQuotaMb: 100, terminalQuota: 1 })
      .where(eq(offices.id, f.offices.b.id));
    const moved = await post('moveinstitude', { id: f.offices.b.id, parentId: f.offices.agentA.id });
    expect(moved.statusCode).toBe(200);
    expect((await row(f.offices.b.id))!.path).toBe(`${f.offices.agentA.path}${f.offices.b.id}/`);
  });
});
