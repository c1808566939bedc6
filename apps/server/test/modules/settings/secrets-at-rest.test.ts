import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemSettings } from '../../../src/db/schema/index.js';
import { LandingKey } from '../../../src/modules/auth/landing-key.js';
import { loadSecretBox, SECRET_KEY_FILE, SecretBox, SecretKeyError } from '../../../src/lib/secret-box.js';
import { SettingsService } from '../../../src/modules/settings/service.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';

const SAVE_SECRET = '/apm-web/a/api/sysSetting/saveSecret';
const KEY_HEX = 'ab'.repeat(32);

describe('secrets at rest: saveSecret values are encrypted with the installation key', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  const storedValue = async (key: string) =>
    (await t.db.select().from(systemSettings).where(eq(systemSettings.key, key)))[0]?.value;
  const saveSecret = (key: string, secret: string) =>
    t.app.inject({ method: 'POST', url: SAVE_SECRET, payload: { key, secret }, headers: { cookie } });

  it('stores the SMTP password and SMS gateway key encrypted, and reads them back', async () => {
    expect((await saveSecret('smtpPassword', 'Mail-pass 42')).statusCode).toBe(200);
    expect((await saveSecret('smsAccessSecret', 'gateway-key-9')).statusCode).toBe(200);
    for (const [key, plain] of [
      ['smtpPassword', 'Mail-pass 42'],
      ['smsAccessSecret', 'gateway-key-9'],
    ] as const) {
      const stored = await storedValue(key);
      expect(typeof stored).toBe('string');
      expect(stored).toMatch(/^enc:v1:/);
      expect(stored).not.toContain(plain);
      expect(await t.app.services.settings.get(key)).toBe(plain);
      // Read back by a fresh service (no cache) over the same database and key.
      expect(await new SettingsService(t.db, loadSecretBox(t.config.dataDir, undefined)).get(key)).toBe(
        plain,
      );
    }
    // Equal secrets do not seal equally (fresh IV every time).
    await saveSecret('smtpPassword', 'Mail-pass 42');
    expect(await storedValue('smtpPassword')).not.toBe(await storedValue('smsAccessSecret'));
  });

  it('keeps the generated key in the data dir, readable by its owner only', () => {
    const file = path.join(t.config.dataDir, SECRET_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('seals plain-text secrets stored before encryption at rest, still reading them', async () => {
    await t.db
      .update(systemSettings)
      .set({ value: 'legacy-plain' })
      .where(eq(systemSettings.key, 'smsAccessSecret'));
    const settings = new SettingsService(t.db, loadSecretBox(t.config.dataDir, undefined));
    expect(await settings.get('smsAccessSecret')).toBe('legacy-plain');
    expect(await settings.sealPlainSecrets()).toEqual([]);
    const stored = await storedValue('smsAccessSecret');
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('legacy-plain');
    expect(await settings.get('smsAccessSecret')).toBe('legacy-plain');
  });

  it('fails clearly with another key, naming the setting and the key in use', async () => {
    await saveSecret('smtpPassword', 'Mail-pass 42');
    const wrong = new SettingsService(t.db, new SecretBox(Buffer.from(KEY_HEX, 'hex'), 'APM_SECRET_KEY'));
    const error = await wrong.get('smtpPassword').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SecretKeyError);
    expect((error as Error).message).toMatch(
      /smtpPassword cannot be decrypted: APM_SECRET_KEY is not the key/,
    );
    expect(await wrong.isSet('smtpPassword')).toBe(true);
    expect(await wrong.sealPlainSecrets()).toEqual(
      expect.arrayContaining(['smtpPassword', 'smsAccessSecret']),
    );
  });

  it('uses APM_SECRET_KEY instead of the key file when it is set', async () => {
    const box = loadSecretBox(t.config.dataDir, Buffer.from(KEY_HEX, 'hex'));
    expect(box.keySource).toBe('APM_SECRET_KEY');
    const sealed = box.seal('x');
    expect(new SecretBox(Buffer.from(KEY_HEX, 'hex'), 'APM_SECRET_KEY').open(sealed, 'x')).toBe('x');
    expect(() => loadSecretBox(t.config.dataDir, undefined).open(sealed, 'smtpPassword')).toThrow(
      SecretKeyError,
    );
  });
});

describe('the sign-in key pair at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    // Signing in generates the pair (and proves it decrypts).
    await login(t.app);
  });
  afterAll(() => t.close());

  const storedPair = async () =>
    (await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'rsaKeyPair')))[0]?.value;

  it('stores the private key sealed, never as PEM text', async () => {
    const stored = await storedPair();
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    expect(stored).toEqual({ sealedJson: expect.stringMatching(/^enc:v1:/) });
    const pair = await new SettingsService(t.db, loadSecretBox(t.config.dataDir, undefined)).get(
      'rsaKeyPair',
    );
    expect(pair?.privateKey).toContain('BEGIN PRIVATE KEY');
  });

  it('seals a pair stored in plain text before, keeping the same key', async () => {
    const settings = new SettingsService(t.db, loadSecretBox(t.config.dataDir, undefined));
    const pair = await settings.get('rsaKeyPair');
    await t.db.update(systemSettings).set({ value: pair }).where(eq(systemSettings.key, 'rsaKeyPair'));
    expect(await settings.sealPlainSecrets()).toEqual([]);
    expect(JSON.stringify(await storedPair())).not.toContain('PRIVATE KEY');
    expect(await settings.get('rsaKeyPair')).toEqual(pair);
  });

  it('replaces a pair sealed with another key instead of failing sign-in', async () => {
    const other = new SettingsService(t.db, new SecretBox(Buffer.from(KEY_HEX, 'hex'), 'APM_SECRET_KEY'));
    expect(await other.sealPlainSecrets()).not.toContain('rsaKeyPair');
    const before = await t.app.services.settings.get('rsaKeyPair');
    const key = new LandingKey(other);
    const published = await key.publishKey();
    expect(published.modulus).toMatch(/^[0-9a-f]+$/);
    const after = await other.get('rsaKeyPair');
    expect(after?.privateKey).not.toBe(before?.privateKey);
  });
});
