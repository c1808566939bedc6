import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addUser, buildTenants } from './fixture.js';

const BASE = '/apm-web/a/api/user';

describe('user management: tenancy and role escalation', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1admin = await login(t.app, 'a1admin', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = a1admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = a1admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const rolesOf = async (id: number) =>
    (await t.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.roleId).sort();
  const valid = (extra: object = {}) => ({
    loginName: 'newbie',
    name: 'New Bie',
    officeId: f.offices.a1.id,
    roleIds: `${f.roles.operator}`,
    password: 'Newbie#2026x',
    ...extra,
  });

  it("lists only the users of the caller's own tenant", async () => {
    const res = await get('usereList?pageSize=100');
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.list.map((u: { loginName: string }) => u.loginName)
      .sort();
    expect(names).toEqual(['a1admin', 'a1op', 'a1shop']);
    expect(res.json().data.count).toBe(3);
    // Filtering by another tenant's office or role finds nothing either.
    expect((await get(`usereList?officeId=${f.offices.b.id}`)).json().data.count).toBe(0);
    expect((await get(`usereList?roleId=${f.roles.adminB}`)).json().data.count).toBe(0);
  });

  it("never reads, edits, deletes, disables or re-roles another tenant's user", async () => {
    const before = await userRow(f.ids.bOp);
    const beforeRoles = await rolesOf(f.ids.bOp);
    const id = f.ids.bOp;
    const calls = [
      await get(`roleListByUserId?userId=${id}`),
      await get(`rolesByUserId?userId=${id}`),
      await post('updateDefDataRange', { userId: id, dataRange: 'self' }),
      await post('save', valid({ id, loginName: 'bop', name: 'Hacked', officeId: f.offices.a1.id })),
      await post('delete', { id: `${id}` }),
      await post('delete', { id: `${f.ids.a1op},${id}` }),
      await post('resetPassword', { id, password: 'Hacked#2026x' }),
      await post('setEnabled', { id, enabled: false }),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toContain('No such user');
    }
    expect(await userRow(id)).toEqual(before);
    expect(await rolesOf(id)).toEqual(beforeRoles);
    // The mixed delete deleted nothing, not even the caller's own-tenant user.
    expect(await userRow(f.ids.a1op)).toBeDefined();
  });

  it("cannot create users in, or move users to, another tenant's office", async () => {
    const n = await countRows(t.db, users);
    const created = await post('save', valid({ officeId: f.offices.b.id }));
    expect(created.statusCode).toBe(404);
    expect(created.json().jsonObject.fields).toHaveProperty('officeId');
    const parent = await post('save', valid({ officeId: f.offices.agentA.id }));
    expect(parent.statusCode).toBe(404);
    expect(await countRows(t.db, users)).toBe(n);
    const moved = await post('save', {
      id: f.ids.a1shop,
      loginName: 'a1shop',
      name: 'Sally Shop',
      officeId: f.offices.b.id,
      roleIds: [f.roles.operator],
    });
    expect(moved.statusCode).toBe(404);
    expect((await userRow(f.ids.a1shop))!.officeId).toBe(f.offices.a1Shop.id);
  });

  it('offers and accepts only roles the caller holds every grant of, within the tenant', async () => {
    const offered = (await get('allRoleList'))
      .json()
      .data.map((r: { code: string }) => r.code)
      .sort();
    expect(offered).toEqual(['adminA1', 'operator']);
    const choices = (await get(`rolesByUserId?userId=${f.ids.a1op}`)).json().data;
    expect(choices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'operator', checked: true, assignable: true }),
        expect.objectContaining({ code: 'adminA1', checked: false, assignable: true }),
      ]),
    );
    expect(choices).toHaveLength(2);
    const n = await countRows(t.db, users);
    // Another tenant's role is no role at all here: refused as unknown, its name never said.
    for (const roleIds of [[f.roles.operator, f.roles.adminB], `${f.roles.operator},${f.roles.adminB}`]) {
      const res = await post('save', valid({ roleIds }));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`roleIds: no such role (${f.roles.adminB})`);
      expect(res.json().jsonObject.fields).toHaveProperty('roleIds');
      expect(res.body).not.toContain('Role adminB');
      expect(res.body).not.toContain('adminB');
      const edit = await post('save', {
        id: f.ids.a1op,
        loginName: 'a1op',
        name: 'Oscar',
        officeId: f.offices.a1.id,
        roleIds,
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.body).not.toContain('adminB');
    }
    for (const [code, role, name] of [
      ['superAdmin', f.roles.superAdmin, 'Super administrator'],
      ['powerA1', f.roles.powerA1, 'Role powerA1'],
    ] as const) {
      const res = await post('save', valid({ roleIds: [f.roles.operator, role] }));
      expect(res.statusCode, code).toBe(403);
      expect(res.json().msg).toBe(`You cannot assign the role "${name}"`);
      expect(res.json().jsonObject).toMatchObject({ reason: 'roleNotAssignable', role: code });
      const edit = await post('save', {
        id: f.ids.a1op,
        loginName: 'a1op',
        name: 'Oscar',
        officeId: f.offices.a1.id,
        roleIds: `${f.roles.operator},${role}`,
      });
      expect(edit.statusCode).toBe(403);
    }
    expect(await countRows(t.db, users)).toBe(n);
    expect(await rolesOf(f.ids.a1op)).toEqual([f.roles.operator]);
  });

  it('refuses to manage a user who holds permissions the caller lacks, and a wider data range', async () => {
    const power = await addUser(t.db, 'a1power', f.offices.a1.id, [f.roles.powerA1]);
    const res = await post('resetPassword', { id: power, password: 'Hacked#2026x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().jsonObject.reason).toBe('userOutranksCaller');
    // a1admin narrows itself to its office; it can then not hand out a wider range.
    const shop = a1admin;
    expect(
      (await post('updateDefDataRange', { userId: f.ids.a1admin, dataRange: 'office' }, shop)).statusCode,
    ).toBe(200);
    const wider = await post('updateDefDataRange', { userId: f.ids.a1op, dataRange: 'all' }, shop);
    expect(wider.statusCode).toBe(403);
    expect(wider.json().jsonObject.fields).toHaveProperty('dataRange');
    expect((await userRow(f.ids.a1op))!.dataRange).toBe('all');
    // With the office range, the shop below is out of reach.
    expect((await get(`roleListByUserId?userId=${f.ids.a1shop}`, shop)).statusCode).toBe(404);
    expect((await get(`roleListByUserId?userId=${f.ids.a1op}`, shop)).json().data).toEqual([
      { id: f.roles.operator, code: 'operator', name: 'Operator' },
    ]);
  });
});
