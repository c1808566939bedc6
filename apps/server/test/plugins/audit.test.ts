import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../src/db/schema/index.js';
import { maskParams } from '../../src/lib/mask.js';
import {
  ADMIN,
  createTestApp,
  createUser,
  encrypt,
  findUser,
  initSystem,
  login,
  type TestApp,
} from '../helpers/app.js';
import { countRows } from '../helpers/rows.js';

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'quinn', password: 'Quinn#2026pass' });
  });
  afterAll(() => t.close());

  /** The newest audit rows of a path, after pending writes. */
  const rowsOf = async (path: string) => {
    await t.app.services.audit.flush();
    return t.db.select().from(auditLogs).where(eq(auditLogs.path, path)).orderBy(desc(auditLogs.id));
  };
  const signIn = async (
    username: string,
    password: string,
    extra: { remoteAddress?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: extra.remoteAddress ?? '10.6.0.1',
      headers: { 'user-agent': 'audit-test/1.0', ...(extra.cookie ? { cookie: extra.cookie } : {}) },
      payload: { username: await encrypt(t.app, username), password: await encrypt(t.app, password) },
    });

  it('records the initialisation with the decrypted user name and the password masked', async () => {
    const [row] = await rowsOf('/apm-web/f/common/sysInit');
    expect(row).toMatchObject({
      username: 'admin',
      userId: null,
      method: 'POST',
      action: '/apm-web/f/common/sysInit',
      status: 200,
      code: 0,
      msg: null,
      ip: '127.0.0.1',
    });
    expect(row!.params).toEqual({
      officeName: 'Head office',
      username: 'admin',
      password: '***',
      token: '***',
    });
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(row!.requestId).toBeTruthy();
  });

  it('records a successful sign-in: user, address, path, masked password, result, duration', async () => {
    const res = await signIn(ADMIN.username, ADMIN.password, { remoteAddress: '10.6.0.2' });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf('/apm-web/a/login');
    expect(row).toMatchObject({
      username: 'admin',
      ip: '10.6.0.2',
      path: '/apm-web/a/login',
      status: 200,
      code: 0,
      userAgent: 'audit-test/1.0',
      params: { username: 'admin', password: '***' },
    });
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(row)).not.toContain(ADMIN.password);
  });

  it('records a failed sign-in with the reason, never the password tried', async () => {
    const res = await signIn('quinn', 'Wrong#Secret99', { remoteAddress: '10.6.0.3' });
    expect(res.statusCode).toBe(401);
    const [row] = await rowsOf('/apm-web/a/login');
    expect(row).toMatchObject({
      username: 'quinn',
      userId: null,
      ip: '10.6.0.3',
      status: 401,
      code: 401,
      msg: 'Incorrect user name or password',
      params: { username: 'quinn', password: '***' },
    });
    expect(JSON.stringify(row)).not.toContain('Wrong#Secret99');
  });

  it('records a sign-in under the name tried, even when the caller still holds another session', async () => {
    const cookie = await login(t.app);
    const res = await signIn('quinn', 'Wrong#Secret99', { remoteAddress: '10.6.0.4', cookie });
    expect(res.statusCode).toBe(401);
    const [row] = await rowsOf('/apm-web/a/login');
    expect(row).toMatchObject({ username: 'quinn', userId: null, ip: '10.6.0.4', status: 401 });
  });

  it('records refused writes with their status, and the signed-in user of a write', async () => {
    const cookie = await login(t.app, 'quinn', 'Quinn#2026pass');
    const quinn = (await findUser(t.db, 'quinn'))!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/user/pwdPastDueModify',
      headers: { cookie },
      payload: {
        oldPassword: await encrypt(t.app, 'Wrong#1x'),
        newPassword: await encrypt(t.app, 'New#2026pass'),
      },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await rowsOf('/apm-web/a/api/user/pwdPastDueModify');
    expect(row).toMatchObject({
      userId: quinn.id,
      username: 'quinn',
      officeId: quinn.officeId,
      status: 400,
      code: 400,
      msg: 'oldPassword is wrong',
      params: { oldPassword: '***', newPassword: '***' },
    });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.6.0.5',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    const [bad] = await rowsOf('/apm-web/a/login');
    expect(bad).toMatchObject({ ip: '10.6.0.5', status: 400, username: null });
    expect(bad!.params ?? {}).toEqual({});
  });

  it('does not record GET calls', async () => {
    await t.app.services.audit.flush();
    const before = await countRows(t.db, auditLogs);
    const cookie = await login(t.app);
    await t.app.services.audit.flush();
    const afterLogin = await countRows(t.db, auditLogs);
    expect(afterLogin).toBe(before + 1);
    for (const url of ['/apm-web/f/common/isSysInit', '/apm-web/a/api/user/getUserInfo', '/apm-web/routes'])
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/apm-web/f/common/publishKey' });
    await t.app.services.audit.flush();
    expect(await countRows(t.db, auditLogs)).toBe(afterLogin);
  });

  it('does not record read-only POST checks such as checkIslogin and checkPhoneOrEmail', async () => {
    const cookie = await login(t.app);
    await t.app.services.audit.flush();
    const before = await countRows(t.db, auditLogs);
    const checks = [
      { url: '/apm-web/f/common/checkIslogin', payload: {} },
      { url: '/apm-web/a/api/user/checkPhoneOrEmail', payload: { email: 'nobody@example.com' } },
    ];
    for (const { url, payload } of checks) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      expect(res.statusCode).toBe(200);
    }
    await t.app.services.audit.flush();
    expect(await countRows(t.db, auditLogs)).toBe(before);
    expect(await rowsOf('/apm-web/f/common/checkIslogin')).toEqual([]);
  });

  it('records GET calls that write, such as marking notices read', async () => {
    const cookie = await login(t.app);
    const url = '/apm-web/a/api/messageNotification/updateReadState';
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?id=1&readState=1`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.services.audit.flush();
    const rows = await rowsOf(url);
    expect(rows[0]).toMatchObject({ method: 'GET', status: 200, params: { id: '1', readState: '1' } });
  });
});

describe('maskParams', () => {
  it('masks secrets at any depth, cuts long strings and leaves the rest', () => {
    expect(
      maskParams({
        username: 'a',
        password: 'p',
        newPwd: 'x',
        validateCode: 'abcd',
        verificationCode: '123456',
        apiToken: 't',
        nested: { clientSecret: 's', keep: 1 },
        long: 'y'.repeat(600),
        list: [1, 2],
      }),
    ).toEqual({
      username: 'a',
      password: '***',
      newPwd: '***',
      validateCode: '***',
      verificationCode: '***',
      apiToken: '***',
      nested: { clientSecret: '***', keep: 1 },
      long: `${'y'.repeat(500)}…`,
      list: [1, 2],
    });
    expect(maskParams(null)).toBeNull();
    expect(maskParams('text')).toBeNull();
    expect(maskParams([1])).toBeNull();
  });
});
