import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/index.js';
import {
  createTestApp,
  createUser,
  encrypt,
  findUser,
  initSystem,
  login,
  type TestApp,
} from '../../helpers/app.js';

const USER_INFO = '/apm-web/a/api/user/getUserInfo';
const PWD_MODIFY = '/apm-web/a/api/user/pwdPastDueModify';
const DAY_MS = 24 * 60 * 60 * 1000;

type Authority = { id: string; operation: string[] };

describe('GET /a/api/user/getUserInfo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app, 'Head office');
    await createUser(t.db, { loginName: 'olga', password: 'Olga#2026pass', roleCodes: ['operator'] });
  });
  afterAll(() => t.close());

  const info = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('answers the administrator record: profile, permissions, roles, routes', async () => {
    const data = await info(await login(t.app));
    expect(data).toMatchObject({
      id: expect.any(Number),
      loginName: 'admin',
      name: 'admin',
      userPwdType: '2',
      pwdPastDue: false,
      office: { id: expect.any(Number), name: 'Head office', kind: 'platform' },
    });
    const permissions = data.permissions as Authority[];
    for (const p of permissions) {
      expect(p).toEqual({ id: expect.any(String), operation: expect.any(Array) });
      expect(p.operation.length).toBeGreaterThan(0);
    }
    const user = permissions.find((p) => p.id === 'sys:user')!;
    expect(user.operation.sort()).toEqual(['add', 'delete', 'edit', 'view']);
    expect(permissions.map((p) => p.id)).toContain('sys:menu');
    const roles = data.roles as Authority[];
    expect(roles.map((r) => r.id)).toContain('superAdmin');
    expect(data.routes.length).toBeGreaterThan(10);
    expect(data.routes[0]).not.toHaveProperty('id');
    expect(JSON.stringify(data)).not.toMatch(/scrypt|passwordHash/);
  });

  it('answers an operator record without system management permissions', async () => {
    const data = await info(await login(t.app, 'olga', 'Olga#2026pass'));
    expect(data).toMatchObject({ loginName: 'olga', userPwdType: '1' });
    const ids = (data.permissions as Authority[]).map((p) => p.id);
    expect(ids).not.toContain('sys:user');
    expect(ids).not.toContain('sys:menu');
    expect(ids).toContain('program:make');
    expect((data.roles as Authority[]).map((r) => r.id)).toEqual(['operator']);
  });

  it('a user without roles has no permissions but still gets a record', async () => {
    await createUser(t.db, { loginName: 'nora', password: 'Nora#2026pass' });
    const data = await info(await login(t.app, 'nora', 'Nora#2026pass'));
    expect(data.permissions).toEqual([]);
    expect(data.roles).toEqual([]);
  });

  it('answers 401 logout without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: USER_INFO });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('logout');
  });
});

describe('password expiry and POST /a/api/user/pwdPastDueModify', () => {
  const IVY = { loginName: 'ivy', password: 'Ivy#2026pass', next: 'Ivy#2027newpass' };
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const id = await createUser(t.db, { loginName: IVY.loginName, password: IVY.password });
    await t.db
      .update(users)
      .set({ pwdChangedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, id));
    await t.app.services.settings.set('passwordExpiryDays', 1);
  });
  afterAll(() => t.close());

  const modify = async (oldPassword: string, newPassword: string, headers = { cookie }) =>
    t.app.inject({
      method: 'POST',
      url: PWD_MODIFY,
      headers,
      payload: {
        oldPassword: await encrypt(t.app, oldPassword),
        newPassword: await encrypt(t.app, newPassword),
      },
    });
  const routes = () => t.app.inject({ method: 'GET', url: '/apm-web/routes', headers: { cookie } });

  it('sign-in answers pwdPastDue: true for an expired password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      payload: {
        username: await encrypt(t.app, IVY.loginName),
        password: await encrypt(t.app, IVY.password),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userPwdType: '1', pwdPastDue: true });
    const value = res.cookies.find((c) => c.name === 'Authorization')!.value;
    cookie = `Authorization=${encodeURIComponent(value)}`;
  });

  it('only the password change, user info and sign-out are open while it is expired', async () => {
    const blocked = await routes();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 403, jsonObject: { reason: 'pwdPastDue' } });
    const setting = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/sysSetting/isSupportApiServer',
      headers: { cookie },
    });
    expect(setting.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ loginName: 'ivy', pwdPastDue: true });
  });

  it('refuses bad changes with 400 and keeps the old password', async () => {
    const before = (await findUser(t.db, IVY.loginName))!;
    const wrongOld = await modify('Wrong#2026pass', IVY.next);
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().jsonObject.fields).toHaveProperty('oldPassword');
    const same = await modify(IVY.password, IVY.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().jsonObject.fields).toHaveProperty('newPassword');
    const short = await modify(IVY.password, 'Ab#1');
    expect(short.statusCode).toBe(400);
    expect(short.json().jsonObject.fields).toHaveProperty('newPassword');
    const missing = await t.app.inject({ method: 'POST', url: PWD_MODIFY, headers: { cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().jsonObject.fields).sort()).toEqual(['newPassword', 'oldPassword']);
    const plain = await t.app.inject({
      method: 'POST',
      url: PWD_MODIFY,
      headers: { cookie },
      payload: { oldPassword: IVY.password, newPassword: IVY.next },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().jsonObject.reason).toBe('decryptFailed');
    const anonymous = await modify(IVY.password, IVY.next, { cookie: '' });
    expect(anonymous.statusCode).toBe(401);

    const after = (await findUser(t.db, IVY.loginName))!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.pwdChangedAt.getTime()).toBe(before.pwdChangedAt.getTime());
    expect((await routes()).statusCode).toBe(403);
  });

  it('changes the password with the right old one; the session then reaches every call', async () => {
    const res = await modify(IVY.password, IVY.next);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userPwdType: '2' });
    const after = (await findUser(t.db, IVY.loginName))!;
    expect(after.userPwdType).toBe('2');
    expect(Date.now() - after.pwdChangedAt.getTime()).toBeLessThan(60_000);
    const open = await routes();
    expect(open.statusCode).toBe(200);
    expect(open.json().data.length).toBeGreaterThan(0);
  });

  it('the old password no longer signs in; the new one does, without pwdPastDue', async () => {
    const old = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.5.0.1',
      payload: {
        username: await encrypt(t.app, IVY.loginName),
        password: await encrypt(t.app, IVY.password),
      },
    });
    expect(old.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      payload: { username: await encrypt(t.app, IVY.loginName), password: await encrypt(t.app, IVY.next) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userPwdType: '2', pwdPastDue: false });
  });
});
