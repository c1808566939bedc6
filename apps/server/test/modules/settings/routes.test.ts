import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemSettings } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';

describe('settings: GET /a/api/sysSetting/...', () => {
  let t: TestApp;
  let cookie: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'paula', password: 'Paula#2026pass', roleCodes: ['operator'] });
    cookie = await login(t.app);
    operator = await login(t.app, 'paula', 'Paula#2026pass');
  });
  afterAll(() => t.close());

  const getKey = (query: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/sysSetting/getKey${query}`, headers });

  it('answers a setting by key, its default until it is stored', async () => {
    const res = await getKey('?key=emailCodeOpen');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: true });
    expect((await getKey('?key=passwordExpiryDays')).json().data).toBe(0);
    expect((await getKey('?key=brandHosts', { cookie: operator })).json().data).toEqual({});
  });

  it('answers the stored value after a change', async () => {
    await t.app.services.settings.set('uploadLimitSize', 25);
    try {
      expect((await getKey('?key=uploadLimitSize')).json().data).toBe(25);
    } finally {
      await t.app.services.settings.set('uploadLimitSize', 400);
    }
  });

  it.each([
    ['an unknown key', '?key=noSuchSetting'],
    ['an SQL-looking key', `?key=${encodeURIComponent("emailCodeOpen' OR '1'='1")}`],
    ['an inherited property', '?key=__proto__'],
    ['another inherited property', '?key=toString'],
  ])('answers 404 for %s', async (_label, query) => {
    const res = await getKey(query);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null, jsonObject: { reason: 'notFound' } });
  });

  it('never answers a secret setting (403), not even to the super administrator', async () => {
    await t.app.services.landingKey.init();
    const res = await getKey('?key=rsaKeyPair');
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeNull();
    expect(res.body).not.toContain('PRIVATE KEY');
    expect((await getKey('?key=catalogueVersion')).statusCode).toBe(403);
  });

  it('answers 400 naming key when it is missing, empty, too long or repeated', async () => {
    for (const query of ['', '?key=', `?key=${'k'.repeat(101)}`, '?key=emailCodeOpen&key=smsCodeOpen']) {
      const res = await getKey(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('key');
    }
  });

  it('answers 401 logout without a session or with a tampered one', async () => {
    const anonymous: Record<string, string>[] = [{}, { cookie: 'Authorization=Bearer%20garbage' }];
    for (const headers of anonymous) {
      const res = await getKey('?key=emailCodeOpen', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('logout');
    }
  });

  it('isSupportApiServer answers the setting (true by default) and needs a session', async () => {
    const url = '/apm-web/a/api/sysSetting/isSupportApiServer';
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: true });
    await t.app.services.settings.set('supportApiServer', false);
    try {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).json().data).toBe(false);
    } finally {
      await t.app.services.settings.set('supportApiServer', true);
    }
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reading settings writes nothing', async () => {
    const before = await t.db.select().from(systemSettings);
    await getKey('?key=seniorValidation');
    await getKey('?key=nope');
    expect(await t.db.select().from(systemSettings)).toEqual(before);
  });
});
