import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, users } from '../../src/db/schema/index.js';
import { crossSiteRefusal, originMatchesHost } from '../../src/plugins/cross-site.js';
import { createTestApp, createUser, findUser, initSystem, login, type TestApp } from '../helpers/app.js';

const USER_API = '/apm-web/a/api/user';
const READ_STATE = '/apm-web/a/api/messageNotification/updateReadState';
const EVIL = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
/** What Chromium sends with a fetch from the console (app.inject's host is localhost:80). */
const OWN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };

describe('cross-site requests carrying the session cookie', () => {
  let t: TestApp;
  let cookie: string;
  let quinnId: number;
  let noticeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    quinnId = await createUser(t.db, {
      loginName: 'quinn',
      password: 'Quinn#2026pass',
      roleCodes: ['operator'],
    });
    cookie = await login(t.app);
    const adminId = (await findUser(t.db, 'admin'))!.id;
    await t.app.services.notifications.notify([adminId], { contentCn: '通知', contentEn: 'Notice' });
    const [row] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(sql`${notifications.contents} ->> 'US' = 'Notice'`);
    noticeId = row!.id;
  });
  afterAll(() => t.close());

  const quinn = async () => (await t.db.select().from(users).where(eq(users.id, quinnId)))[0]!;
  const readState = async () =>
    (await t.db.select().from(notifications).where(eq(notifications.id, noticeId)))[0]!.readState;
  const setEnabled = (headers: Record<string, string>, payload: string | object) =>
    t.app.inject({
      method: 'POST',
      url: `${USER_API}/setEnabled`,
      payload,
      headers: {
        cookie,
        ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
    });
  const expectCrossSite = (res: { statusCode: number; json(): { jsonObject: { reason: string } } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().jsonObject.reason).toBe('crossSite');
  };

  it('refuses a cross-site form POST and a cross-site JSON POST, changing nothing', async () => {
    const before = await quinn();
    expectCrossSite(await setEnabled(EVIL, `id=${quinnId}&enabled=false`));
    expectCrossSite(await setEnabled(EVIL, { id: quinnId, enabled: false }));
    // Either header alone is enough.
    expectCrossSite(await setEnabled({ origin: 'http://evil.example' }, { id: quinnId, enabled: false }));
    expectCrossSite(await setEnabled({ 'sec-fetch-site': 'cross-site' }, { id: quinnId, enabled: false }));
    // An opaque origin (sandboxed frame) and a sibling site are not our pages either.
    expectCrossSite(await setEnabled({ origin: 'null' }, { id: quinnId, enabled: false }));
    const sibling = { origin: 'http://shop.localhost', 'sec-fetch-site': 'same-site' };
    expectCrossSite(await setEnabled(sibling, { id: quinnId, enabled: false }));
    // A forwarded host counts only when APM_TRUST_PROXY says the proxy is trusted (see below).
    const forwarded = { origin: 'https://signage.example.com', 'x-forwarded-host': 'signage.example.com' };
    expectCrossSite(await setEnabled(forwarded, { id: quinnId, enabled: false }));
    expect(await quinn()).toEqual(before);
  });

  it('accepts the same POST from our own origin, and from a client that sends neither header', async () => {
    expect((await setEnabled(OWN, { id: quinnId, enabled: false })).statusCode).toBe(200);
    expect((await quinn()).enabled).toBe(false);
    expect((await setEnabled({}, `id=${quinnId}&enabled=true`)).statusCode).toBe(200);
    expect((await quinn()).enabled).toBe(true);
  });

  it('refuses the writing GET updateDefDataRange from another site or an old browser, accepts it from ours', async () => {
    const url = `${USER_API}/updateDefDataRange?userId=${quinnId}&dataRange=self`;
    const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers: { cookie, ...headers } });
    const before = (await quinn()).dataRange;
    expect(before).not.toBe('self');
    expectCrossSite(await get({ 'sec-fetch-site': 'cross-site' }));
    // HEAD runs the GET's handler: refused too (no body to read the reason from).
    expect((await get({ 'sec-fetch-site': 'cross-site' }, 'HEAD')).statusCode).toBe(403);
    // A link followed by a browser without Fetch Metadata carries neither header.
    expectCrossSite(await get({}));
    expectCrossSite(await get({ 'sec-fetch-site': 'none' }));
    expect((await quinn()).dataRange).toBe(before);
    expect((await get({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await quinn()).dataRange).toBe('self');
    const scripted = `${USER_API}/updateDefDataRange?userId=${quinnId}&dataRange=office`;
    const res = await t.app.inject({
      url: scripted,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(200);
    expect((await quinn()).dataRange).toBe('office');
  });

  it('refuses the writing GET updateReadState cross-site; the POST the console sends works', async () => {
    expect(await readState()).toBe('0');
    const url = `${READ_STATE}?id=${noticeId}&readState=1`;
    expectCrossSite(await t.app.inject({ url, headers: { cookie, 'sec-fetch-site': 'cross-site' } }));
    expectCrossSite(await t.app.inject({ url, headers: { cookie } }));
    expect(await readState()).toBe('0');
    const evil = { cookie, ...EVIL, 'content-type': 'application/x-www-form-urlencoded' };
    const payload = `id=${noticeId}&readState=1`;
    expectCrossSite(await t.app.inject({ method: 'POST', url: READ_STATE, payload, headers: evil }));
    expect(await readState()).toBe('0');
    const own = { ...evil, ...OWN };
    const res = await t.app.inject({ method: 'POST', url: READ_STATE, payload, headers: own });
    expect(res.json()).toMatchObject({ code: 0, data: { updated: 1 } });
    expect(await readState()).toBe('1');
  });

  it('records a refused request in the audit log like any other write, naming the caller', async () => {
    await setEnabled({ origin: 'http://evil.example' }, { id: quinnId, enabled: false });
    await t.app.services.audit.flush();
    const [row] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.path, `${USER_API}/setEnabled`))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toMatchObject({ username: 'admin', method: 'POST', status: 403, code: 403 });
    expect(row!.msg).toContain('another origin');
  });

  it('leaves the token-authenticated device API alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/terminal/register',
      headers: EVIL,
      payload: { deviceId: 'cross-site-01', platform: 'web', appVersion: '1.0.0' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('behind a proxy', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ APM_TRUST_PROXY: 'true' });
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('compares Origin with the forwarded host the app trusts', async () => {
    const headers = {
      cookie,
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'signage.example.com',
      'x-forwarded-proto': 'https',
      origin: 'https://signage.example.com',
    };
    const payload = { id: 999_999, readState: '1' };
    const own = await t.app.inject({ method: 'POST', url: READ_STATE, headers, payload });
    expect(own.statusCode, own.body).toBe(200);
    const other = { ...headers, origin: 'https://evil.example' };
    expect(
      (await t.app.inject({ method: 'POST', url: READ_STATE, headers: other, payload })).statusCode,
    ).toBe(403);
  });
});

describe('the cross-site rule', () => {
  it('folds default ports and refuses what is not a URL', () => {
    expect(originMatchesHost('https://a.example', 'a.example:443')).toBe(true);
    expect(originMatchesHost('http://a.example:8080', 'A.EXAMPLE:8080')).toBe(true);
    expect(originMatchesHost('http://a.example:8080', 'a.example')).toBe(false);
    expect(originMatchesHost('null', 'a.example')).toBe(false);
    expect(originMatchesHost('not a url', 'a.example')).toBe(false);
  });

  it('never checks reads or the exempt device API', () => {
    expect(crossSiteRefusal('read', { secFetchSite: 'cross-site' }, 'a.example')).toBeNull();
    expect(crossSiteRefusal('exempt', { origin: 'http://evil.example' }, 'a.example')).toBeNull();
  });
});
