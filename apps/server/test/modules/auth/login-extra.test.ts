import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/index.js';
import { BODY_LIMIT } from '../../../src/app.js';
import {
  ADMIN,
  createTestApp,
  createUser,
  encrypt,
  findUser,
  initSystem,
  type TestApp,
} from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';

describe('POST /a/login: refusals and body handling', () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'dora', password: 'Dora#2026pass', enabled: false });
    await createUser(t.db, { loginName: 'eve', password: 'Eve#2026pass' });
  });
  afterAll(() => t.close());

  /** Signs in from a new address each time, so failures in one test do not bring the captcha to another. */
  const attempt = (payload: unknown, extra: { headers?: Record<string, string>; cookies?: object } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: `10.2.0.${++address}`,
      payload: payload as string,
      headers: extra.headers,
      cookies: extra.cookies as Record<string, string>,
    });
  const encrypted = async (username: string, password: string) => ({
    username: await encrypt(t.app, username),
    password: await encrypt(t.app, password),
  });
  const expectNoSession = async (res: { cookies: { name: string }[] }) => {
    expect(res.cookies.find((c) => c.name === 'Authorization')).toBeUndefined();
    expect(await countRows(t.db, sessions)).toBe(0);
  };

  it('refuses a disabled account with 403 accountDisabled, even with the right password', async () => {
    const res = await attempt(await encrypted('dora', 'Dora#2026pass'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, jsonObject: { reason: 'accountDisabled' } });
    await expectNoSession(res);
    expect((await findUser(t.db, 'dora'))!.lastLoginAt).toBeNull();
  });

  it('treats SQL-looking user names and passwords as plain strings (401, no session)', async () => {
    for (const [u, p] of [
      ["admin' OR '1'='1", 'x'],
      ['admin', "' OR '1'='1"],
      ['admin";--', "x' OR 1=1;--"],
    ] as const) {
      const res = await attempt(await encrypted(u, p));
      expect(res.statusCode).toBe(401);
      expect(res.json().jsonObject.reason).toBe('badCredentials');
      await expectNoSession(res);
    }
    expect((await findUser(t.db, 'admin'))!.lastLoginAt).toBeNull();
  });

  it('answers 400 with per-field messages for missing fields and wrong types', async () => {
    const missing = await attempt({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400, jsonObject: { reason: 'validation' } });
    expect(missing.json().jsonObject.fields).toEqual({
      username: 'username is required',
      password: 'password is required',
    });
    const wrongType = await attempt({ username: { $ne: null }, password: ['a', 'b'] });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().jsonObject.fields).sort()).toEqual(['password', 'username']);
    for (const body of ['null', '[]', '"admin"', '42']) {
      const res = await attempt(body, { headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('body');
    }
    const repeated = await attempt('username=a&username=b&password=x', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().jsonObject.fields).toHaveProperty('username');
    const empty = await attempt({ username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    const longCode = await attempt({
      ...(await encrypted('admin', ADMIN.password)),
      validateCode: 'x'.repeat(17),
    });
    expect(longCode.statusCode).toBe(400);
    expect(longCode.json().jsonObject.fields).toHaveProperty('validateCode');
    await expectNoSession(longCode);
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MiB', async () => {
    const malformed = await attempt('{"username": "admin", ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, data: null });
    const polluting = await attempt('{"username":"a","password":"b","__proto__":{"isAdmin":true}}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(polluting.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    const big = 'A'.repeat(BODY_LIMIT + 10);
    const json = await attempt(JSON.stringify({ username: big, password: 'x' }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ code: 413, data: null });
    const form = await attempt(`username=${big}&password=x`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().code).toBe(413);
    await expectNoSession(form);
  });

  it('answers 400 decryptFailed when a field is not ciphertext of the published key', async () => {
    const res = await attempt({ username: 'admin', password: ADMIN.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject).toMatchObject({ reason: 'decryptFailed' });
    await expectNoSession(res);
  });

  it('accepts a form-encoded body the same as JSON', async () => {
    const body = new URLSearchParams(await encrypted('admin', ADMIN.password)).toString();
    const res = await attempt(body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { userPwdType: '2', pwdPastDue: false } });
    expect(res.cookies.find((c) => c.name === 'Authorization')?.value).toMatch(/^Bearer /);
    expect(await countRows(t.db, sessions)).toBe(1);
    const admin = (await findUser(t.db, 'admin'))!;
    expect(admin.lastLoginAt).not.toBeNull();
    expect(admin.lastLoginIp).toBe(`10.2.0.${address}`);
    await t.db.delete(sessions);
  });

  it('accepts plain-text fields when landing encryption is off', async () => {
    await t.app.services.settings.set('landingEncryption', false);
    try {
      const ok = await attempt({ username: 'eve', password: 'Eve#2026pass' });
      expect(ok.statusCode).toBe(200);
      const cipher = await attempt(await encrypted('eve', 'Eve#2026pass'));
      expect(cipher.statusCode).toBe(401);
    } finally {
      await t.app.services.settings.set('landingEncryption', true);
      await t.db.delete(sessions);
    }
  });

  it('refuses a wrong captcha with 400 captchaWrong, and a captcha answer works once only', async () => {
    const ip = '10.2.1.1';
    const from = async (payload: object, cookies: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/apm-web/a/login', remoteAddress: ip, payload, cookies });
    for (let i = 0; i < 3; i++) expect((await from(await encrypted('eve', 'nope'))).statusCode).toBe(401);

    const image = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/validateCode' });
    const captchaId = image.cookies.find((c) => c.name === 'apm_captcha')!.value;
    const answer = (await t.app.services.loginGuard.peekCaptcha(captchaId))!;
    const wrong = await from(
      { ...(await encrypted('eve', 'Eve#2026pass')), validateCode: answer === 'zzzz' ? 'yyyy' : 'zzzz' },
      { apm_captcha: captchaId },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().jsonObject).toMatchObject({ reason: 'captchaWrong', needCaptcha: true });
    await expectNoSession(wrong);
    // The captcha was used up by the wrong try: its right answer no longer works.
    const reused = await from(
      { ...(await encrypted('eve', 'Eve#2026pass')), validateCode: answer },
      { apm_captcha: captchaId },
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().jsonObject.reason).toBe('captchaWrong');
    // A captcha answer without its cookie is no answer at all.
    const noCookie = await from({ ...(await encrypted('eve', 'Eve#2026pass')), validateCode: answer });
    expect(noCookie.statusCode).toBe(400);
    await expectNoSession(noCookie);
  });
});

describe('POST /a/login: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APM_LOGIN_RATE_LIMIT: '3' });
    await initSystem(t.app);
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope once the address used its attempts, even with the right password', async () => {
    const payload = async () => ({
      username: await encrypt(t.app, ADMIN.username),
      password: await encrypt(t.app, ADMIN.password),
    });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/apm-web/a/login', payload: await payload() });
      expect(res.statusCode).toBe(200);
    }
    const sessionsBefore = await countRows(t.db, sessions);
    const limited = await t.app.inject({ method: 'POST', url: '/apm-web/a/login', payload: await payload() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, data: null, jsonObject: { reason: 'rateLimited' } });
    expect(limited.json().msg).toMatch(/try again in \d+ s/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.cookies.find((c) => c.name === 'Authorization')).toBeUndefined();
    expect(await countRows(t.db, sessions)).toBe(sessionsBefore);

    const otherAddress = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.3.0.1',
      payload: await payload(),
    });
    expect(otherAddress.statusCode).toBe(200);

    // Without APM_TRUST_PROXY a forged X-Forwarded-For does not buy new attempts.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: await payload(),
    });
    expect(forged.statusCode).toBe(429);
  });
});
