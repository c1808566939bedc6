import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, offices, systemSettings } from '../../../src/db/schema/index.js';
import { SETTINGS } from '../../../src/modules/settings/registry.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addOffice, addRole, addUser, PASSWORD } from '../users/fixture.js';

const SAVE = '/apm-web/a/api/sysSetting/save';
const SAVE_SECRET = '/apm-web/a/api/sysSetting/saveSecret';
const LIST = '/apm-web/a/api/sysSetting/list';

type Item = { key: string; value: unknown; default: unknown; type: string; secret: boolean; isSet?: boolean };

describe('settings: password policy, SMTP and SMS keys, write-only secrets, platform only', () => {
  let t: TestApp;
  let cookie: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
    const [platform] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const customer = await addOffice(t.db, 'Customer S', 'customer', platform!);
    const role = await addRole(t.db, 'tenantSettings', customer.id, [
      'sys:view',
      'sys:setting:view',
      'sys:setting:edit',
      'sys:announcement:view',
      'sys:announcement:edit',
    ]);
    await addUser(t.db, 'sam', customer.id, [role]);
    tenantAdmin = await login(t.app, 'sam', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, who = cookie) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: who } });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } })).json().data as Item[];
  const getKey = (key: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/sysSetting/getKey?key=${key}`, headers: { cookie } });
  const stored = () => t.db.select().from(systemSettings).orderBy(systemSettings.key);

  it('lists the new keys with their defaults (sms off, e-mail on, strength 1, min length 8)', async () => {
    const items = await list();
    const by = (key: string) => items.find((i) => i.key === key);
    expect(by('smsCodeOpen')).toMatchObject({ value: false });
    expect(by('emailCodeOpen')).toMatchObject({ value: true });
    expect(by('passwordStrength')).toMatchObject({ value: 1, default: 1, type: 'number' });
    expect(by('passwordMinLength')).toMatchObject({ value: 8, type: 'number' });
    expect(by('smtpServer')).toMatchObject({
      value: SETTINGS.smtpServer.default,
      type: 'object',
      secret: false,
    });
    expect(by('smsProvider')).toMatchObject({ value: { provider: 'none' }, type: 'object' });
    expect(by('smtpPassword')).toMatchObject({ value: null, default: null, secret: true, isSet: false });
    expect(by('smsAccessSecret')).toMatchObject({ secret: true, isSet: false });
  });

  it('saves the password policy and SMTP/SMS provider settings', async () => {
    try {
      expect((await post(SAVE, { key: 'passwordStrength', value: 3 })).statusCode).toBe(200);
      expect((await post(SAVE, { key: 'passwordMinLength', value: 12 })).statusCode).toBe(200);
      const smtp = {
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        user: 'mailer',
        from: 'apm@example.com',
      };
      expect((await post(SAVE, { key: 'smtpServer', value: smtp })).statusCode).toBe(200);
      const sms = {
        provider: 'http',
        url: 'https://sms-gateway.example.com/send',
        accessKeyId: 'AK1',
        signName: 'APM',
        templateCode: 'SMS_1',
        region: 'cn',
      };
      expect((await post(SAVE, { key: 'smsProvider', value: JSON.stringify(sms) })).statusCode).toBe(200);
      const items = await list();
      expect(items.find((i) => i.key === 'passwordStrength')?.value).toBe(3);
      expect(items.find((i) => i.key === 'smtpServer')?.value).toEqual(smtp);
      expect(items.find((i) => i.key === 'smsProvider')?.value).toEqual(sms);
      expect((await getKey('passwordStrength')).json().data).toBe(3);
    } finally {
      await t.app.services.settings.set('passwordStrength', 1);
      await t.app.services.settings.set('passwordMinLength', 8);
      await t.app.services.settings.set('smtpServer', SETTINGS.smtpServer.default);
      await t.app.services.settings.set('smsProvider', SETTINGS.smsProvider.default);
    }
  });

  it.each([
    ['a strength of 4', { key: 'passwordStrength', value: 4 }, 'value must be <= 3'],
    ['a strength of 0', { key: 'passwordStrength', value: 0 }, 'value must be >= 1'],
    ['a minimum length of 5', { key: 'passwordMinLength', value: 5 }, 'value must be >= 6'],
    [
      'an SMTP port of 0',
      { key: 'smtpServer', value: { ...SETTINGS.smtpServer.default, port: 0 } },
      'value.port',
    ],
    [
      'an SMTP host with a slash',
      { key: 'smtpServer', value: { ...SETTINGS.smtpServer.default, host: 'a/b' } },
      'value.host must be a host name',
    ],
    [
      'a sender that is not an e-mail address',
      { key: 'smtpServer', value: { ...SETTINGS.smtpServer.default, from: 'nobody' } },
      'value.from must be an e-mail address',
    ],
    [
      'an SMTP password inside the server object',
      { key: 'smtpServer', value: { ...SETTINGS.smtpServer.default, password: 'x' } },
      'unknown properties: password',
    ],
    [
      'an unknown SMS provider',
      { key: 'smsProvider', value: { ...SETTINGS.smsProvider.default, provider: 'pigeon' } },
      'value.provider must be one of',
    ],
  ])('refuses %s (400 naming value), changing nothing', async (_label, payload, reason) => {
    const before = await stored();
    const res = await post(SAVE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject.fields.value).toContain(reason);
    expect(await stored()).toEqual(before);
  });

  it('keeps secrets write-only: saved through saveSecret, never answered, masked in the audit log', async () => {
    const res = await post(SAVE_SECRET, { key: 'smtpPassword', secret: 's3cret-Value' });
    expect(res.json()).toMatchObject({ code: 0, data: { isSet: true } });
    expect(JSON.stringify(res.json())).not.toContain('s3cret-Value');
    const item = (await list()).find((i) => i.key === 'smtpPassword');
    expect(item).toMatchObject({ value: null, isSet: true });
    expect(JSON.stringify(await list())).not.toContain('s3cret-Value');
    expect((await getKey('smtpPassword')).statusCode).toBe(403);
    expect(await t.app.services.settings.get('smtpPassword')).toBe('s3cret-Value');
    await t.app.services.audit.flush();
    const audit = await t.db.select().from(auditLogs);
    expect(JSON.stringify(audit)).not.toContain('s3cret-Value');
    // The ordinary save refuses secrets, and saveSecret refuses ordinary or system keys.
    const viaSave = await post(SAVE, { key: 'smtpPassword', value: 'other' });
    expect(viaSave.statusCode).toBe(400);
    expect(viaSave.json().jsonObject.fields).toHaveProperty('key');
    for (const key of ['auditOpen', 'rsaKeyPair', 'menuDeletedKeys']) {
      expect((await post(SAVE_SECRET, { key, secret: 'x' })).statusCode).toBe(400);
    }
    expect((await post(SAVE_SECRET, { key: 'nothing', secret: 'x' })).statusCode).toBe(404);
    expect((await post(SAVE_SECRET, { key: 'smsAccessSecret', secret: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    // '' clears it.
    expect((await post(SAVE_SECRET, { key: 'smtpPassword', secret: '' })).json().data).toEqual({
      isSet: false,
    });
    expect((await list()).find((i) => i.key === 'smtpPassword')?.isSet).toBe(false);
  });

  it('does not answer admin-only settings through getKey', async () => {
    expect((await getKey('smtpServer')).statusCode).toBe(403);
    expect((await getKey('smsProvider')).statusCode).toBe(403);
    expect((await getKey('menuDeletedKeys')).statusCode).toBe(403);
  });

  it('refuses a customer tenant changing platform-wide settings, whatever its role grants', async () => {
    const before = await stored();
    const res = await post(SAVE, { key: 'auditOpen', value: true }, tenantAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().jsonObject.reason).toBe('platformOnly');
    expect((await post(SAVE_SECRET, { key: 'smtpPassword', secret: 'x' }, tenantAdmin)).statusCode).toBe(403);
    const announcement = await post(
      '/apm-web/a/api/sysSetting/announcementManagerSave',
      { announcementTitleEn: 'Hi', announcementContentEn: 'Hello', colseTipOn: '1' },
      tenantAdmin,
    );
    expect(announcement.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
