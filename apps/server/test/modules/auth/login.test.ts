import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createUser,
  encrypt,
  initSystem,
  login,
  type TestApp,
} from '../../helpers/app.js';

describe('POST /a/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
  });
  afterAll(() => t.close());

  it('signs in with encrypted fields and sets an HttpOnly, SameSite=Lax, 2-hour cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      payload: {
        username: await encrypt(t.app, ADMIN.username),
        password: await encrypt(t.app, ADMIN.password),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { userPwdType: '2', pwdPastDue: false } });
    const cookie = res.cookies.find((c) => c.name === 'Authorization')!;
    expect(cookie.value).toMatch(/^Bearer [A-Za-z0-9_-]+$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(7200);
  });

  it('refuses a wrong password with 401 and counts towards the captcha', async () => {
    await createUser(t.db, { loginName: 'carol', password: 'Carol#2026x' });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/apm-web/a/login',
        remoteAddress: '10.9.9.9',
        payload: { username: await encrypt(t.app, 'carol'), password: await encrypt(t.app, 'wrong') },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().jsonObject).toMatchObject({ reason: 'badCredentials', needCaptcha: i === 2 });
    }
    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.9.9.8',
      payload: { username: await encrypt(t.app, 'carol'), password: await encrypt(t.app, 'Carol#2026x') },
    });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().jsonObject).toMatchObject({ reason: 'captchaRequired', needCaptcha: true });

    const image = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/validateCode' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    const captchaId = image.cookies.find((c) => c.name === 'apm_captcha')!.value;
    const answer = (await t.app.services.loginGuard.peekCaptcha(captchaId))!;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/login',
      remoteAddress: '10.9.9.8',
      cookies: { apm_captcha: captchaId },
      payload: {
        username: await encrypt(t.app, 'carol'),
        password: await encrypt(t.app, 'Carol#2026x'),
        validateCode: answer.toUpperCase(),
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('gives a session that reaches /a/ calls, and logout ends it', async () => {
    const cookie = await login(t.app);
    const info = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ loginName: 'admin', userPwdType: '2' });
    const out = await t.app.inject({ method: 'POST', url: '/apm-web/a/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/user/getUserInfo',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('logout');
  });
});
