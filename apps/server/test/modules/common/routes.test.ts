import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offices, roles, userRoles, users } from '../../../src/db/schema/index.js';
import { verifyPassword } from '../../../src/modules/auth/passwords.js';
import { ADMIN, createTestApp, encrypt, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';

describe('open sign-in calls (/f/common/...)', () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * POST /f/common/sysInit from a new address each time (the call is rate-limited per address), with the server's
   * setup token unless the payload names one.
   */
  const sysInit = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/f/common/sysInit',
      remoteAddress: `10.1.0.${++address}`,
      payload: { token: t.app.services.init.setupToken, ...(payload as Record<string, unknown>) },
    });
  const isSysInit = async () =>
    (await t.app.inject({ method: 'GET', url: '/apm-web/f/common/isSysInit' })).json().data;
  const expectNothingCreated = async () => {
    expect(await countRows(t.db, users)).toBe(0);
    expect(await countRows(t.db, offices)).toBe(0);
    expect(await isSysInit()).toBe(2);
  };

  describe('before initialisation', () => {
    it('isSysInit answers 2', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/isSysInit' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: expect.any(String), data: 2, jsonObject: null });
    });

    it('publishKey answers a stable 2048-bit key in hex with encryption on', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/publishKey' });
      expect(first.statusCode).toBe(200);
      const key = first.json().data;
      expect(key.exponent).toBe('010001');
      expect(key.modulus).toMatch(/^[0-9a-f]{512}$/);
      expect(key.isLandingEncryption).toBe(true);
      const second = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/publishKey' });
      expect(second.json().data).toEqual(key);
    });

    it('sysInit refuses a weak password with 400 naming password, and creates nothing', async () => {
      const res = await sysInit({
        officeName: 'HQ',
        username: await encrypt(t.app, 'admin'),
        password: await encrypt(t.app, 'password'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, jsonObject: { reason: 'weakPassword' } });
      expect(res.json().msg).toContain('password');
      expect(res.json().jsonObject.fields).toHaveProperty('password');
      await expectNothingCreated();
    });

    it.each([['a b!'], ['x'], ["admin' OR '1'='1"], ['admin; DROP TABLE users;--']])(
      'sysInit refuses the login name %j with 400 naming username',
      async (name) => {
        const res = await sysInit({
          officeName: 'HQ',
          username: await encrypt(t.app, name),
          password: await encrypt(t.app, ADMIN.password),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().jsonObject.fields).toHaveProperty('username');
        await expectNothingCreated();
      },
    );

    it('sysInit answers 400 decryptFailed for undecryptable ciphertext', async () => {
      for (const bad of [Buffer.alloc(256, 7).toString('base64'), 'not base64 at all!']) {
        const res = await sysInit({
          officeName: 'HQ',
          username: bad,
          password: await encrypt(t.app, ADMIN.password),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().jsonObject).toMatchObject({ reason: 'decryptFailed', field: 'username' });
      }
      await expectNothingCreated();
    });

    it('sysInit refuses a call without the setup token or with a wrong one with 403 naming token', async () => {
      const valid = {
        officeName: 'HQ',
        username: await encrypt(t.app, ADMIN.username),
        password: await encrypt(t.app, ADMIN.password),
      };
      const token = t.app.services.init.setupToken;
      expect(token).toMatch(/^[\w-]{24}$/);
      for (const [given, problem] of [
        [undefined, 'required'],
        ['', 'required'],
        // One character off (a token that already ends in x gets a y).
        [`${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, 'invalid'],
        [token.slice(0, 12), 'invalid'],
      ] as const) {
        const res = await sysInit({ ...valid, token: given });
        expect(res.statusCode, String(given)).toBe(403);
        expect(res.json()).toMatchObject({
          code: 403,
          jsonObject: { reason: 'setupToken', fields: { token: problem } },
        });
        expect(res.json().msg).toMatch(/^token /);
      }
      await expectNothingCreated();
    });

    it('sysInit lists every missing or mistyped field', async () => {
      const missing = await sysInit({});
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().jsonObject.fields).sort()).toEqual([
        'officeName',
        'password',
        'username',
      ]);
      const wrongType = await sysInit({ officeName: { a: 1 }, username: 'x', password: ['a', 'b'] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().jsonObject.fields).toHaveProperty('officeName');
      const badLanguage = await sysInit({
        officeName: 'HQ',
        username: 'x',
        password: 'y',
        defaultLanguage: 'DE',
      });
      expect(badLanguage.statusCode).toBe(400);
      expect(badLanguage.json().jsonObject.fields).toHaveProperty('defaultLanguage');
      const tooLong = await sysInit({ officeName: 'x'.repeat(101), username: 'x', password: 'y' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().jsonObject.fields).toHaveProperty('officeName');
      await expectNothingCreated();
    });

    it('sysInit accepts plain-text fields when encryption is off; of two racing calls one wins; it stores the default language', async () => {
      expect((await t.app.services.settings.get('brandDefault')).defaultLanguage).toBe('CN');
      await t.app.services.settings.set('landingEncryption', false);
      const offices_ = ['  Head office ', 'Rival office'];
      let winner: string;
      try {
        const key = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/publishKey' });
        expect(key.json().data.isLandingEncryption).toBe(false);
        const answers = await Promise.all(
          offices_.map((officeName) =>
            sysInit({
              officeName,
              username: ADMIN.username,
              password: ADMIN.password,
              email: 'admin@example.com',
              defaultLanguage: 'FR',
            }),
          ),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        winner = offices_[answers.findIndex((r) => r.statusCode === 200)]!.trim();
      } finally {
        await t.app.services.settings.set('landingEncryption', true);
      }
      const officeRows = await t.db.select().from(offices);
      expect(officeRows).toHaveLength(1);
      expect(officeRows[0]).toMatchObject({ name: winner, kind: 'platform' });
      expect(officeRows[0]!.path).toBe(`/${officeRows[0]!.id}/`);
      expect(await countRows(t.db, users)).toBe(1);
      const [admin] = await t.db.select().from(users);
      expect(admin).toMatchObject({
        loginName: 'admin',
        officeId: officeRows[0]!.id,
        email: 'admin@example.com',
        userPwdType: '2',
        dataRange: 'all',
        enabled: true,
      });
      expect(admin!.passwordHash).not.toContain(ADMIN.password);
      expect(await verifyPassword(ADMIN.password, admin!.passwordHash)).toBe(true);
      const held = await t.db
        .select({ code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, admin!.id));
      expect(held.map((r) => r.code)).toEqual(['superAdmin']);
      const brand = await t.app.services.settings.get('brandDefault');
      expect(brand).toMatchObject({ defaultLanguage: 'FR', title: 'APM' });
    });
  });

  describe('after initialisation', () => {
    it('isSysInit answers 1', async () => {
      expect(await isSysInit()).toBe(1);
    });

    it('sysInit is refused with 409 and creates no second office or administrator', async () => {
      const res = await sysInit({
        officeName: 'Intruder',
        username: await encrypt(t.app, 'intruder'),
        password: await encrypt(t.app, 'Intruder#2026'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409, jsonObject: { reason: 'alreadyInitialised' } });
      expect(await countRows(t.db, users)).toBe(1);
      expect(await countRows(t.db, offices)).toBe(1);
    });

    it('validateCode answers a fresh SVG captcha with an HttpOnly cookie each time', async () => {
      const a = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/validateCode' });
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toContain('image/svg+xml');
      expect(a.headers['cache-control']).toBe('no-store');
      expect(a.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const cookie = a.cookies.find((c) => c.name === 'apm_captcha')!;
      expect(cookie).toMatchObject({ httpOnly: true, path: '/apm-web', maxAge: 300 });
      const b = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/validateCode' });
      expect(b.cookies.find((c) => c.name === 'apm_captcha')!.value).not.toBe(cookie.value);
      expect(await t.app.services.loginGuard.peekCaptcha(cookie.value)).toMatch(/^\w{4}$/);
    });

    it('checkIslogin answers false without a session, false for a bad one, true with a good one', async () => {
      const check = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/apm-web/f/common/checkIslogin', headers });
      const none = await check();
      expect(none.statusCode).toBe(200);
      expect(none.json().data).toBe(false);
      const bad = await check({ cookie: 'Authorization=Bearer%20garbage' });
      expect(bad.json().data).toBe(false);
      const cleared = bad.cookies.find((c) => c.name === 'Authorization');
      expect(cleared?.value).toBe('');
      const good = await check({ cookie: await login(t.app) });
      expect(good.json().data).toBe(true);
    });

    it('forgetPwdWay answers the enabled ways: e-mail on, SMS off by default', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/forgetPwdWay' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ email: true, sms: false });
      await t.app.services.settings.set('smsCodeOpen', true);
      try {
        const on = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/forgetPwdWay' });
        expect(on.json().data).toEqual({ email: true, sms: true });
      } finally {
        await t.app.services.settings.set('smsCodeOpen', false);
      }
    });

    it('seniorValidation answers whether a code is required and the ways', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/seniorValidation' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ required: false, ways: ['email'] });
      await t.app.services.settings.set('seniorValidation', true);
      try {
        const on = await t.app.inject({ method: 'GET', url: '/apm-web/f/common/seniorValidation' });
        expect(on.json().data).toEqual({ required: true, ways: ['email'] });
      } finally {
        await t.app.services.settings.set('seniorValidation', false);
      }
    });
  });
});
