import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { caller, consoleFixture } from './fixture.js';

interface Scanned {
  id: number;
  deviceId: string;
  name: string;
  platform: string;
  appVersion: string | null;
  resolution: string | null;
  registeredAt: string;
  online: boolean;
  pairingCode?: string | null;
}

const HERE = '10.20.0.5';
const ELSEWHERE = '10.99.0.9';

describe('auto scan (terminalSet/autoScanTerminal, getAutoScanTerminalInfo)', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let n = 0;

  /** Registers a device through the device API from a network address. */
  const registerFrom = async (ip: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/terminal/register',
      remoteAddress: ip,
      headers,
      payload: {
        deviceId: `scan-test-${process.pid}-${++n}`,
        platform: 'android',
        appVersion: '3.0.1',
        resolution: '1080x1920',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { terminalId: number; pairingCode: string };
  };

  /** Calls the console from a network address. */
  const call = async (method: 'GET' | 'POST', url: string, cookie: string, ip = HERE) => {
    const res = await t.app.inject({
      method,
      url: `/apm-web/a/api/terminalSet/${url}`,
      headers: { cookie },
      remoteAddress: ip,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data: never; jsonObject: never } };
  };
  const scan = async (cookie: string, ip = HERE) => {
    const res = await call('POST', 'autoScanTerminal', cookie, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Scanned[];
  };
  const info = (id: number | string, cookie: string, ip = HERE) =>
    call('GET', `getAutoScanTerminalInfo?terminalId=${id}`, cookie, ip);

  type Device = { terminalId: number; pairingCode: string };
  const devices = {} as Record<'old' | 'first' | 'elsewhere' | 'second', Device>;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    devices.old = await registerFrom(HERE);
    await t.db
      .update(terminals)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(terminals.id, devices.old.terminalId));
    devices.first = await registerFrom(HERE);
    devices.elsewhere = await registerFrom(ELSEWHERE);
    devices.second = await registerFrom(HERE);
    // Registered a second later than `first`, so newest-first is not left to id order alone.
    await t.db
      .update(terminals)
      .set({ createdAt: sql`now() + interval '1 second'` })
      .where(eq(terminals.id, devices.second.terminalId));
  });
  afterAll(() => t.close());

  it('keeps the address a terminal registered from', async () => {
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, devices.first.terminalId));
    expect(row!.registerIp).toBe(HERE);
  });

  it('ignores X-Forwarded-For while trustProxy is off (the default)', async () => {
    const spoofed = await registerFrom('10.0.0.77', { 'x-forwarded-for': HERE });
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, spoofed.terminalId));
    expect(row!.registerIp).toBe('10.0.0.77');
    expect((await scan(f.a1)).map((s) => s.id)).not.toContain(spoofed.terminalId);
  });

  it('finds the pending terminals registered from the caller’s address in the last day, newest first', async () => {
    const found = await scan(f.a1);
    expect(found.map((s) => s.id)).toEqual([devices.second.terminalId, devices.first.terminalId]);
    expect(found[0]).toMatchObject({
      platform: 'android',
      appVersion: '3.0.1',
      resolution: '1080x1920',
      online: false,
    });
    expect(found[0]).not.toHaveProperty('pairingCode');
    expect((await scan(f.b, ELSEWHERE)).map((s) => s.id)).toEqual([devices.elsewhere.terminalId]);
    expect(await scan(f.a1, '192.0.2.1')).toEqual([]);
  });

  it('answers a found terminal’s details with its pairing code', async () => {
    const res = await info(devices.first.terminalId, f.a1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Scanned;
    expect(data).toMatchObject({
      id: devices.first.terminalId,
      deviceId: expect.stringMatching(/^scan-test-/),
      platform: 'android',
      appVersion: '3.0.1',
      resolution: '1080x1920',
      pairingCode: devices.first.pairingCode,
    });
    expect(Date.now() - Date.parse(data.registeredAt)).toBeLessThan(3_600_000);
  });

  it('refuses terminals from another address, too old, or unknown with a 404 naming terminalId', async () => {
    for (const [id, ip] of [
      [devices.first.terminalId, ELSEWHERE],
      [devices.old.terminalId, HERE],
      [999999, HERE],
    ] as const) {
      const res = await info(id, f.a1, ip);
      expect(res.status, `${id} from ${ip}`).toBe(404);
      expect(res.body.jsonObject).toMatchObject({ fields: { terminalId: expect.any(String) } });
      expect(JSON.stringify(res.body)).not.toContain(devices.first.pairingCode);
    }
    for (const id of ['abc', '0', '']) {
      const res = await info(id, f.a1);
      expect(res.status, id).toBe(400);
      expect(JSON.stringify(res.body)).toContain('terminalId');
    }
  });

  it('is for operators who may claim terminals only', async () => {
    expect((await call('POST', 'autoScanTerminal', f.viewer)).status).toBe(403);
    const res = await info(devices.first.terminalId, f.viewer);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(devices.first.pairingCode);
  });

  it('no longer finds a terminal once claimed', async () => {
    const claimed = await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: devices.second.pairingCode,
      officeId: f.offices.a1.id,
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect((await scan(f.a1)).map((s) => s.id)).toEqual([devices.first.terminalId]);
    expect((await info(devices.second.terminalId, f.a1)).status).toBe(404);
  });
});
