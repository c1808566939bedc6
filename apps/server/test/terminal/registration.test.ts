import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, terminals } from '../../src/db/schema/index.js';
import { PAIRING_ALPHABET } from '../../src/terminal/credentials.js';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';
import { register } from './channel-client.js';

describe('terminal registration (device side)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ APM_TERMINAL_REGISTER_RATE_LIMIT: '40' });
    await initSystem(t.app);
  });
  afterAll(() => t.close());

  it('gives a new device a pending row, a unique pairing code and a token kept only as its SHA-256', async () => {
    const a = await register(t, 'reg-device-a');
    const b = await register(t, 'reg-device-b');
    expect(a.state).toBe('pending');
    expect(a.pairingCode).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{6}$`));
    expect(a.pairingCode).not.toBe(b.pairingCode);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, a.terminalId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(a.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(a.token);
    expect(row!.officeId).toBeNull();
  });

  it('refuses a device id registered already with 409, changing nothing', async () => {
    const first = await register(t, 'reg-device-twice');
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/terminal/register',
      payload: { deviceId: 'reg-device-twice', platform: 'web', appVersion: '2' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('reg-device-twice');
    const [row] = await t.db.select().from(terminals).where(eq(terminals.deviceId, 'reg-device-twice'));
    expect(row!.tokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
    expect(row!.appVersion).toBe('1.0.0');
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ deviceId: 'short', platform: 'web', appVersion: '1' }, 'deviceId'],
      [{ deviceId: 'ok-device-1', platform: 'toaster', appVersion: '1' }, 'platform'],
      [{ deviceId: 'ok-device-1', platform: 'web', appVersion: '1', resolution: 'big' }, 'resolution'],
      [{ deviceId: 'ok device 1', platform: 'web', appVersion: '1' }, 'deviceId'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/apm-web/terminal/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    expect(await t.db.select().from(terminals).where(eq(terminals.deviceId, 'ok-device-1'))).toHaveLength(0);
  });

  it('answers GET me by Device header or token query; 401 for missing or unknown tokens', async () => {
    const a = await register(t, 'reg-device-me');
    const byHeader = await t.app.inject({
      url: '/apm-web/terminal/me',
      headers: { authorization: `Device ${a.token}` },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().data).toMatchObject({
      terminalId: a.terminalId,
      state: 'pending',
      pairingCode: a.pairingCode,
    });
    expect(byHeader.json().data.token).toBeUndefined();
    const byQuery = await t.app.inject({ url: `/apm-web/terminal/me?token=${a.token}` });
    expect(byQuery.json().data.terminalId).toBe(a.terminalId);
    expect((await t.app.inject({ url: '/apm-web/terminal/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: `/apm-web/terminal/me?token=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toMatch(/unknown or revoked/);
  });

  it('refuses the manifest of a pending terminal with 403', async () => {
    const a = await register(t, 'reg-device-manifest');
    const res = await t.app.inject({
      url: '/apm-web/terminal/manifest',
      headers: { authorization: `Device ${a.token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('claims at once into the platform root office when terminalAuthFree is on', async () => {
    const cookie = await login(t.app);
    await t.app.services.settings.set('terminalAuthFree', true);
    try {
      const a = await register(t, 'reg-device-free');
      expect(a).toMatchObject({ state: 'claimed', pairingCode: null });
      const [row] = await t.db.select().from(terminals).where(eq(terminals.id, a.terminalId));
      const [root] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
      expect(row!.officeId).toBe(root!.id);
      expect(cookie).toBeTruthy();
    } finally {
      await t.app.services.settings.set('terminalAuthFree', false);
    }
  });

  it('rate-limits registrations per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/apm-web/terminal/register',
        payload: { deviceId: `rate-device-${i}`, platform: 'web', appVersion: '1' },
        remoteAddress: '10.9.9.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(40);
    expect(codes.at(-1)).toBe(429);
  });
});
