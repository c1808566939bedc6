import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions, userRoles, users } from '../../../src/db/schema/index.js';
import { verifyPassword } from '../../../src/modules/auth/passwords.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, encrypt, findUser, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from './fixture.js';

const BASE = '/apm-web/a/api/user';

describe('user management: /a/api/user/...', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    adminId = (await findUser(t.db, 'admin'))!.id;
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const logins = (res: { json(): { data: { list: { loginName: string }[] } } }) =>
    res.json().data.list.map((u) => u.loginName);

  it('searches by name or login name (case-insensitive, LIKE characters literal), sorts and pages in SQL', async () => {
    const all = await get('usereList?pageSize=100&sortField=loginName&sortOrder=asc');
    expect(all.statusCode).toBe(200);
    expect(logins(all)).toEqual(['a1admin', 'a1op', 'a1shop', 'admin', 'badmin', 'bop']);
    const item = all.json().data.list[1];
    expect(item).toMatchObject({
      loginName: 'a1op',
      email: 'oscar@a1.test',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      enabled: true,
      dataRange: 'all',
      roles: [{ id: f.roles.operator, code: 'operator', name: 'Operator' }],
      lastLoginAt: null,
    });
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    expect(logins(await get('usereList?name=ADMIN&sortField=loginName&sortOrder=desc'))).toEqual([
      'badmin',
      'admin',
      'a1admin',
    ]);
    expect(logins(await get('usereList?name=100%25_'))).toEqual(['a1op']);
    expect(logins(await get('usereList?name=a_o'))).toEqual([]);
    const page2 = (await get('usereList?pageNo=2&pageSize=4&sortField=loginName&sortOrder=asc')).json().data;
    expect(page2).toMatchObject({ count: 6, pageNo: 2, pageSize: 4 });
    expect(page2.list.map((u: { loginName: string }) => u.loginName)).toEqual(['badmin', 'bop']);
    const agentTree = await get(`usereList?officeId=${f.offices.agentA.id}&sortField=name&sortOrder=asc`);
    expect(logins(agentTree)).toEqual(['a1admin', 'a1op', 'a1shop']);
    expect(logins(await get(`usereList?roleId=${f.roles.adminB}`))).toEqual(['badmin']);
    expect(logins(await get('usereList?enabled=0'))).toEqual([]);
    const bad = await get('usereList?sortField=password&pageSize=0&enabled=yes');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().jsonObject.fields).sort()).toEqual(['enabled', 'pageSize', 'sortField']);
  });

  it('creates a user with an encrypted password, naming each bad field and refusing a taken login name', async () => {
    const body = {
      loginName: 'carol',
      name: 'Carol',
      email: 'carol@example.test',
      phone: '+1 555-0100',
      officeId: f.offices.a1Shop.id,
      roleIds: [f.roles.operator],
      password: await encrypt(t.app, 'carolcarol1'),
    };
    const res = await post('save', body);
    expect(res.statusCode, res.body).toBe(200);
    const carol = (await findUser(t.db, 'carol'))!;
    expect(carol).toMatchObject({ id: res.json().data.id, userPwdType: '1', dataRange: 'officeAndBelow' });
    expect(await verifyPassword('carolcarol1', carol.passwordHash)).toBe(true);
    const dup = await post('save', { ...body, password: await encrypt(t.app, 'Carol#2026x') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toContain('loginName');
    expect(dup.json().jsonObject.fields).toHaveProperty('loginName');
    const n = await countRows(t.db, users);
    const bad = await post('save', {
      ...body,
      loginName: 'x y',
      name: ' ',
      email: 'nope',
      phone: 'abc',
      password: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().jsonObject.fields).sort()).toEqual([
      'email',
      'loginName',
      'name',
      'password',
      'phone',
    ]);
    const letters = await post('save', {
      ...body,
      loginName: 'dave',
      password: await encrypt(t.app, 'onlyletters'),
    });
    // The password policy of the system settings (default: a letter and a digit) applies here too.
    expect(letters.statusCode).toBe(400);
    expect(letters.json().jsonObject.fields).toEqual({ password: 'weak' });
    const short = await post('save', { ...body, loginName: 'dave', password: await encrypt(t.app, 'Ab#1') });
    expect(short.statusCode).toBe(400);
    expect(short.json().jsonObject).toMatchObject({
      reason: 'weakPassword',
      fields: { password: expect.any(String) },
    });
    const plain = await post('save', { ...body, loginName: 'dave', password: 'Dave#2026pass' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().jsonObject.reason).toBe('decryptFailed');
    expect(await countRows(t.db, users)).toBe(n);
    const strong = await post('save', {
      ...body,
      loginName: 'dave',
      roleIds: '',
      password: await encrypt(t.app, 'Dave#2026pass'),
    });
    expect(strong.statusCode).toBe(200);
    expect((await findUser(t.db, 'dave'))!.userPwdType).toBe('2');
    const schema = await post('save', { ...body, officeId: 'x', id: 0, dataRange: 'galaxy', roleIds: 'a,b' });
    expect(schema.statusCode).toBe(400);
    expect(Object.keys(schema.json().jsonObject.fields).sort()).toEqual(['dataRange', 'id', 'officeId']);
    const ids = await post('save', { ...body, loginName: 'erin', roleIds: 'a,b' });
    expect(ids.json().jsonObject.fields).toHaveProperty('roleIds');
  });

  it('checks phone and e-mail use within the tenant, excluding the user being edited', async () => {
    const check = async (payload: object) => (await post('checkPhoneOrEmail', payload)).json().data;
    expect(await check({ email: 'OSCAR@a1.test', phone: '+49 123 456' })).toEqual({
      phoneTaken: true,
      emailTaken: true,
    });
    expect(await check({ email: 'oscar@a1.test', id: f.ids.a1op })).toEqual({
      phoneTaken: false,
      emailTaken: false,
    });
    const a1admin = await login(t.app, 'a1admin', PASSWORD);
    expect((await post('checkPhoneOrEmail', { email: 'betty@b.test' }, a1admin)).json().data.emailTaken).toBe(
      false,
    );
  });

  it('refuses callers without the permission, and bad ids', async () => {
    const op = await login(t.app, 'a1op', PASSWORD);
    for (const res of [
      await get('usereList', op),
      await get('allRoleList', op),
      await post('delete', { id: `${f.ids.a1shop}` }, op),
      await post('setEnabled', { id: f.ids.a1shop, enabled: false }, op),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Request denied');
    }
    for (const res of [
      await post('delete', { id: '1,x' }),
      await post('delete', { id: '' }),
      await get('roleListByUserId?userId=abc'),
      await post('resetPassword', { id: -1, password: 'Whatever#1x' }),
    ]) {
      expect(res.statusCode).toBe(400);
    }
    expect((await get('roleListByUserId?userId=999999')).statusCode).toBe(404);
  });

  it('refuses to delete yourself or the last super administrator, and deletes nothing then', async () => {
    const self = await post('delete', { id: `${f.ids.a1op},${adminId}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('You cannot delete yourself');
    const second = await addUser(t.db, 'root2', f.offices.platform.id, [f.roles.superAdmin]);
    const root2 = await login(t.app, 'root2', PASSWORD);
    await t.app.services.notifications.notify([f.ids.a1shop], { contentCn: 'x', contentEn: 'x' });
    await login(t.app, 'a1shop', PASSWORD);
    expect((await post('setEnabled', { id: second, enabled: false })).statusCode).toBe(200);
    const last = await post('delete', { id: `${adminId},${f.ids.a1shop}` }, root2);
    expect(last.statusCode).toBe(401); // root2 was disabled: its session ended
    expect((await post('setEnabled', { id: second, enabled: true })).statusCode).toBe(200);
    const root2again = await login(t.app, 'root2', PASSWORD);
    expect((await post('setEnabled', { id: second, enabled: false }, root2again)).json().msg).toBe(
      'You cannot disable yourself',
    );
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, second));
    const refused = await post('save', {
      id: adminId,
      loginName: 'admin',
      name: 'admin',
      officeId: f.offices.platform.id,
      roleIds: [f.roles.operator],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('last enabled super administrator');
    await t.db.update(users).set({ enabled: true }).where(eq(users.id, second));
    const lastRes = await post('delete', { id: `${adminId},${second},${f.ids.a1shop}` }, root2again);
    expect(lastRes.statusCode).toBe(400); // root2 names itself
    const ok = await post('delete', { id: `${second},${f.ids.a1shop}` });
    expect(ok.json().data).toEqual({ deleted: 2 });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, f.ids.a1shop))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, f.ids.a1shop))).toEqual([]);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, second))).toEqual([]);
  });

  it('disabling ends the sessions (next call is 401 logout); reset password ends them too', async () => {
    const op = await login(t.app, 'bop', PASSWORD);
    expect(
      (await t.app.inject({ method: 'GET', url: '/apm-web/a/api/user/getUserInfo', headers: { cookie: op } }))
        .statusCode,
    ).toBe(200);
    expect((await post('setEnabled', { id: f.ids.bOp, enabled: false })).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie: op },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('logout');
    await post('setEnabled', { id: f.ids.bOp, enabled: true });
    const again = await login(t.app, 'bop', PASSWORD);
    const reset = await post('resetPassword', { id: f.ids.bOp, password: await encrypt(t.app, 'short') });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().jsonObject.fields).toHaveProperty('password');
    const done = await post('resetPassword', {
      id: f.ids.bOp,
      password: await encrypt(t.app, 'Betty#2026new'),
    });
    expect(done.json().data).toEqual({ userPwdType: '2' });
    const info = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie: again },
    });
    expect(info.statusCode).toBe(401);
    await login(t.app, 'bop', 'Betty#2026new');
  });

  it('edits a user: fields, roles and data range; editing needs sys:user:edit', async () => {
    const res = await post('save', {
      id: f.ids.bOp,
      loginName: 'betty',
      name: 'Betty Boss',
      email: null,
      officeId: f.offices.b.id,
      roleIds: `${f.roles.operator},${f.roles.adminB}`,
      dataRange: 'office',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await findUser(t.db, 'betty')).toMatchObject({
      name: 'Betty Boss',
      email: null,
      dataRange: 'office',
    });
    expect(
      (await get(`roleListByUserId?userId=${f.ids.bOp}`)).json().data.map((r: { code: string }) => r.code),
    ).toEqual(['operator', 'adminB']);
    expect((await post('updateDefDataRange', { userId: f.ids.bOp, dataRange: 'self' })).statusCode).toBe(200);
    expect((await findUser(t.db, 'betty'))!.dataRange).toBe('self');
    const addOnly = await addRole(t.db, 'addOnlyB', f.offices.b.id, ['sys:user:view', 'sys:user:add']);
    await addUser(t.db, 'adder', f.offices.b.id, [addOnly]);
    const adder = await login(t.app, 'adder', PASSWORD);
    const edit = await post(
      'save',
      { id: f.ids.bOp, loginName: 'betty', name: 'X', officeId: f.offices.b.id },
      adder,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().jsonObject.permission).toBe('sys:user:edit');
    expect((await findUser(t.db, 'betty'))!.name).toBe('Betty Boss');
  });
});
