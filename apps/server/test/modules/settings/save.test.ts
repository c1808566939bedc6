import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, systemSettings } from '../../../src/db/schema/index.js';
import { SETTINGS } from '../../../src/modules/settings/registry.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';

const SAVE = '/apm-web/a/api/sysSetting/save';
const LIST = '/apm-web/a/api/sysSetting/list';

describe('settings: list and save', () => {
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

  const save = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'POST', url: SAVE, payload, headers });
  const saveForm = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: SAVE,
      payload: new URLSearchParams(form).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
  const getKey = async (key: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/apm-web/a/api/sysSetting/getKey?key=${key}`,
        headers: { cookie },
      })
    ).json().data as unknown;
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      key: string;
      value: unknown;
      default: unknown;
      description: string;
      type: string;
    }[];
  };
  const stored = () => t.db.select().from(systemSettings).orderBy(systemSettings.key);

  it('lists every setting that is not secret, with value, default, description and type', async () => {
    const items = await list();
    const keys = items.map((i) => i.key);
    expect(keys).toContain('uploadLimitSize');
    expect(keys).toContain('brandHosts');
    expect(keys).not.toContain('rsaKeyPair');
    expect(keys).not.toContain('catalogueVersion');
    expect(keys).not.toContain('menuDeletedKeys');
    // Every setting but the system-managed secrets; editable secrets are listed write-only.
    expect(keys).toHaveLength(
      Object.values(SETTINGS).filter((s) => s.visibility !== 'secret' || !s.readOnly).length,
    );
    expect(items.find((i) => i.key === 'smsCodeOpen')).toMatchObject({
      value: false,
      default: false,
      type: 'boolean',
      editable: true,
    });
    expect(items.find((i) => i.key === 'emailCodeOpen')).toMatchObject({ value: true, default: true });
    expect(items.find((i) => i.key === 'uploadLimitSize')).toMatchObject({ default: 400, type: 'number' });
    expect(items.find((i) => i.key === 'brandSecond')).toMatchObject({ type: 'object' });
    expect(items.find((i) => i.key === 'sysInitialised')).toMatchObject({ value: true, editable: false });
    expect(JSON.stringify(items)).not.toContain('PRIVATE KEY');
    for (const item of items) expect(item.description.length).toBeGreaterThan(0);
  });

  it('saves each kind of value and answers it through list and getKey (JSON and form bodies)', async () => {
    try {
      expect((await save({ key: 'auditOpen', value: true })).json()).toMatchObject({ code: 0, data: true });
      expect((await saveForm({ key: 'passwordExpiryDays', value: '90' })).statusCode).toBe(200);
      const brand = {
        ...SETTINGS.brandSecond.default,
        title: 'Other Cloud',
        linkList: [
          { link: 'https://example.com/help', name: 'Help' },
          { link: '/about', name: 'About' },
        ],
        defaultLanguage: 'FR',
      };
      expect((await saveForm({ key: 'brandSecond', value: JSON.stringify(brand) })).statusCode).toBe(200);

      expect(await getKey('auditOpen')).toBe(true);
      expect(await getKey('passwordExpiryDays')).toBe(90);
      expect(await getKey('brandSecond')).toEqual(brand);
      const items = await list();
      expect(items.find((i) => i.key === 'passwordExpiryDays')).toMatchObject({ value: 90, default: 0 });
      expect(items.find((i) => i.key === 'brandSecond')?.value).toEqual(brand);
      // Written through to the database, not only the cache.
      await t.app.services.settings.reload();
      expect(await t.app.services.settings.get('passwordExpiryDays')).toBe(90);
    } finally {
      await t.app.services.settings.set('auditOpen', false);
      await t.app.services.settings.set('passwordExpiryDays', 0);
      await t.app.services.settings.set('brandSecond', SETTINGS.brandSecond.default);
    }
  });

  it.each([
    ['a boolean given a number', { key: 'auditOpen', value: 1 }, 'value must be boolean'],
    ['a boolean given null', { key: 'smsCodeOpen', value: null }, 'value must be boolean'],
    ['an integer given a fraction', { key: 'uploadLimitSize', value: 1.5 }, 'value must be integer'],
    ['an integer below its range', { key: 'uploadLimitSize', value: 0 }, 'value must be >= 1'],
    ['an integer above its range', { key: 'uploadLimitSize', value: 102401 }, 'value must be <= 102400'],
    ['expiry days above the range', { key: 'passwordExpiryDays', value: 3651 }, 'value must be <= 3650'],
    ['expiry days below the range', { key: 'passwordExpiryDays', value: -1 }, 'value must be >= 0'],
    ['brand hosts given a list', { key: 'brandHosts', value: ['a'] }, 'value must be object'],
    ['an upper-case host', { key: 'brandHosts', value: { 'Second.example': 'second' } }, 'host names'],
    ['a host with a slash', { key: 'brandHosts', value: { 'a/b': 'second' } }, 'host names'],
    ['a host too long', { key: 'brandHosts', value: { [`${'a'.repeat(254)}`]: 'second' } }, 'host names'],
    [
      'an unknown brand',
      { key: 'brandHosts', value: { 'a.example': 'third' } },
      'value.a.example must be one of',
    ],
    ['a brand missing fields', { key: 'brandDefault', value: { title: 'x' } }, 'value must have required'],
  ])('refuses %s with 400 naming value, and changes nothing', async (_label, payload, reason) => {
    const before = await stored();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 400, data: null, jsonObject: { reason: 'validation' } });
    expect(body.jsonObject.fields.value).toContain(reason);
    expect(body.msg).toContain(reason);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a title too long', { title: 't'.repeat(2001) }, 'value.title must not have more than 2000 characters'],
    [
      'too many links',
      { linkList: Array.from({ length: 21 }, () => ({ link: '/a', name: 'a' })) },
      'value.linkList',
    ],
    ['a javascript: link', { linkList: [{ link: 'javascript:alert(1)', name: 'x' }] }, 'http(s) link'],
    ['an unknown language', { defaultLanguage: 'DE' }, 'value.defaultLanguage must be one of CN'],
    ['an extra field', { brand: 'second' }, 'unknown properties: brand'],
    ['a switch given a string', { showRegister: 'no' }, 'value.showRegister must be boolean'],
  ])('refuses a brand with %s', async (_label, change, reason) => {
    const before = await stored();
    const res = await save({ key: 'brandDefault', value: { ...SETTINGS.brandDefault.default, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject.fields.value).toContain(reason);
    expect(await stored()).toEqual(before);
  });

  it('refuses form values that are not JSON, and a missing value or key', async () => {
    const notJson = await saveForm({ key: 'auditOpen', value: 'yes' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().jsonObject.fields.value).toBe('value is not valid JSON');
    const missing = await saveForm({ key: 'auditOpen' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().jsonObject.fields).toHaveProperty('value');
    const noKey = await save({ value: true });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().jsonObject.fields).toHaveProperty('key');
  });

  it('answers 404 for an unknown key and 403 for secret or system-managed ones', async () => {
    const before = await stored();
    for (const key of ['noSuchSetting', '__proto__', 'toString']) {
      const res = await save({ key, value: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().jsonObject.reason).toBe('notFound');
    }
    for (const [key, value] of [
      ['rsaKeyPair', null],
      ['catalogueVersion', 'x'],
      ['sysInitialised', false],
    ] as const) {
      const res = await save({ key, value });
      expect(res.statusCode).toBe(403);
      expect(res.json().data).toBeNull();
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses an operator (403 Request denied) and an anonymous caller (401)', async () => {
    const before = await stored();
    const denied = await save({ key: 'auditOpen', value: true }, { cookie: operator });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('Request denied');
    const listDenied = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: operator } });
    expect(listDenied.statusCode).toBe(403);
    expect(listDenied.json().msg).toBe('Request denied');
    expect((await save({ key: 'auditOpen', value: true }, {})).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('records the change in the audit log', async () => {
    await save({ key: 'capacityFlag', value: true });
    await save({ key: 'capacityFlag', value: false });
    await t.app.services.audit.flush();
    const rows = (await t.db.select().from(auditLogs)).filter((r) => r.action === SAVE);
    const mine = rows.filter((r) => (r.params as { key?: string } | null)?.key === 'capacityFlag');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ username: 'admin', status: 200 });
  });

  it('selects the brand by host once brandHosts names it', async () => {
    const brandOf = async (host: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/apm-web/a/api/customer/imgSetting', headers: { host } })
      ).json().data as { brand: string; title: string };
    expect(await brandOf('second.example')).toMatchObject({ brand: 'default', title: 'APM' });
    try {
      const res = await save({ key: 'brandHosts', value: { 'second.example': 'second' } });
      expect(res.statusCode).toBe(200);
      expect(await brandOf('second.example')).toMatchObject({ brand: 'second', title: 'Signage Cloud' });
      expect(await brandOf('Second.Example:8080')).toMatchObject({ brand: 'second' });
      expect(await brandOf('other.example')).toMatchObject({ brand: 'default' });
    } finally {
      await t.app.services.settings.set('brandHosts', {});
    }
  });

  it('uploadLimitMb is the configured size when the limit is on, otherwise 10240', async () => {
    const settings = t.app.services.settings;
    expect(await settings.uploadLimitMb()).toBe(10240);
    try {
      expect((await save({ key: 'uploadLimitSize', value: 25 })).statusCode).toBe(200);
      expect(await settings.uploadLimitMb()).toBe(10240);
      expect((await save({ key: 'uploadLimitOpen', value: true })).statusCode).toBe(200);
      expect(await settings.uploadLimitMb()).toBe(25);
    } finally {
      await settings.set('uploadLimitOpen', false);
      await settings.set('uploadLimitSize', 400);
    }
    expect(await settings.uploadLimitMb()).toBe(10240);
  });
});
