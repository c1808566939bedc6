import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../src/db/schema/index.js';
import { hashToken, SESSION_TTL_MS } from '../../../src/modules/auth/session-service.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';

const USER_INFO = '/apm-web/a/api/user/getUserInfo';

/** The raw token inside a cookie header value `Authorization=Bearer%20<token>`. */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).replace(/^Bearer /, '');

describe('sessions', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ APM_TRUST_PROXY: 'true' });
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>, url = USER_INFO) =>
    t.app.inject({ method: 'GET', url, headers });
  const sessionRow = async (token: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
    )[0];

  it('stores only the hash of the token, with a 2-hour expiry', async () => {
    const token = tokenOf(cookie);
    const row = await sessionRow(token);
    expect(row).toBeDefined();
    expect(row!.id).not.toContain(token);
    const left = row!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(left).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it('renews the cookie (Max-Age 7200) and the stored expiry on an authenticated request', async () => {
    const token = tokenOf(cookie);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 60 * 1000) })
      .where(eq(sessions.id, hashToken(token)));
    const res = await get({ cookie });
    expect(res.statusCode).toBe(200);
    const renewed = res.cookies.find((c) => c.name === 'Authorization')!;
    expect(renewed).toMatchObject({
      value: `Bearer ${token}`,
      maxAge: 7200,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const left = (await sessionRow(token))!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(SESSION_TTL_MS - 60_000);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const res = await get({ cookie, 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'Authorization')).toMatchObject({ secure: true, maxAge: 7200 });
    const plain = await get({ cookie });
    expect(plain.cookies.find((c) => c.name === 'Authorization')!.secure).toBeFalsy();
  });

  it('accepts the token in an Authorization header for API clients', async () => {
    const res = await get({ authorization: `Bearer ${tokenOf(cookie)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.loginName).toBe('admin');
  });

  it.each([
    ['no session', {}],
    ['a garbage cookie', { cookie: 'Authorization=Bearer%20garbage' }],
    ['a cookie without Bearer', { cookie: 'Authorization=nonsense' }],
    ['a garbage header', { authorization: 'Bearer garbage' }],
    ['a header of another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an SQL-looking token', { authorization: "Bearer x' OR '1'='1" }],
  ])('answers 401 logout for %s', async (_label, headers) => {
    const res = await get(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: 'logout', data: null });
  });

  it('answers 401 for a modified token and clears the cookie, leaving the real session intact', async () => {
    const token = tokenOf(cookie);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const before = await countRows(t.db, sessions);
    const res = await get({ cookie: `Authorization=${encodeURIComponent(`Bearer ${flipped}`)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ msg: 'logout', jsonObject: { loginExpired: true } });
    expect(res.cookies.find((c) => c.name === 'Authorization')?.value).toBe('');
    expect(await countRows(t.db, sessions)).toBe(before);
    expect((await get({ cookie })).statusCode).toBe(200);
  });

  it('answers 401 logout for an expired session and does not revive it', async () => {
    const own = await login(t.app);
    const id = hashToken(tokenOf(own));
    const past = new Date(Date.now() - 1000);
    await t.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.id, id));
    for (const url of [USER_INFO, '/apm-web/routes']) {
      const res = await get({ cookie: own }, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, msg: 'logout', jsonObject: { loginExpired: true } });
    }
    const check = await t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/checkIslogin',
      headers: { cookie: own },
    });
    expect(check.json().data).toBe(false);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBe(past.getTime());
  });

  it('ends the sessions of a user who is disabled', async () => {
    const userId = await createUser(t.db, { loginName: 'frank', password: 'Frank#2026x' });
    const frank = await login(t.app, 'frank', 'Frank#2026x');
    expect((await get({ cookie: frank })).statusCode).toBe(200);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, userId));
    expect((await get({ cookie: frank })).statusCode).toBe(401);
  });

  it('logout ends only its own session; logout without a session still answers 200', async () => {
    const other = await login(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/apm-web/a/logout', headers: { cookie: other } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'Authorization')?.value).toBe('');
    expect(await sessionRow(tokenOf(other))).toBeUndefined();
    expect((await get({ cookie })).statusCode).toBe(200);

    const before = await countRows(t.db, sessions);
    const anonymous = await t.app.inject({ method: 'POST', url: '/apm-web/a/logout' });
    expect(anonymous.statusCode).toBe(200);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/logout',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(garbage.statusCode).toBe(200);
    expect(await countRows(t.db, sessions)).toBe(before);
  });

  it('purgeExpired deletes expired sessions only', async () => {
    const stale = await login(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(tokenOf(stale))));
    expect(await t.app.services.sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(tokenOf(stale))).toBeUndefined();
    expect((await get({ cookie })).statusCode).toBe(200);
  });
});
