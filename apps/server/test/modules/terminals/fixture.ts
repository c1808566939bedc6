import { randomBytes } from 'node:crypto';
import type { Database } from '../../../src/db/client.js';
import { terminals } from '../../../src/db/schema/index.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import type { App } from '../../../src/app.js';
import type { TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { login } from '../../helpers/app.js';

/** What the device API's register answered. */
export interface Device {
  terminalId: number;
  token: string;
  pairingCode: string;
}

let devices = 0;

/** Registers a device through the device API (a pending terminal with a pairing code). */
export async function registerDevice(app: App, name?: string): Promise<Device> {
  const res = await app.inject({
    method: 'POST',
    url: '/apm-web/terminal/register',
    payload: {
      deviceId: `console-test-${process.pid}-${++devices}`,
      platform: 'simulator',
      appVersion: '1.2.3',
      resolution: '1920x1080',
      ...(name ? { name } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.json().data as Device;
}

/** Collects what services publish on the terminal bus. */
export function busRecorder(app: App): { deliveries: TerminalDelivery[]; stop: () => void } {
  const deliveries: TerminalDelivery[] = [];
  const stop = app.services.terminalBus.subscribe((batch) => deliveries.push(...batch));
  return { deliveries, stop };
}

/** Tenants (see buildTenants) with sessions: platform admin, A1 admin, B admin, and a view-only A1 user. */
export async function consoleFixture(t: TestApp) {
  const f = await buildTenants(t.db);
  const viewRole = await addRole(t.db, 'termViewA1', f.offices.a1.id, ['terminal:monitor:view']);
  await addUser(t.db, 'a1termviewer', f.offices.a1.id, [viewRole]);
  const alarmRole = await addRole(t.db, 'alarmA1', f.offices.a1.id, [
    'sys:alarm:view',
    'sys:alarm:edit',
    'sys:alarm:export',
  ]);
  await addUser(t.db, 'a1alarms', f.offices.a1.id, [alarmRole]);
  return {
    ...f,
    admin: await login(t.app),
    a1: await login(t.app, 'a1admin', PASSWORD),
    b: await login(t.app, 'badmin', PASSWORD),
    viewer: await login(t.app, 'a1termviewer', PASSWORD),
    alarms: await login(t.app, 'a1alarms', PASSWORD),
  };
}

/** Calls the console API with a session cookie; answers status and parsed body. */
export function caller(app: App) {
  const call = async (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/apm-web/a/api/${url}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: number; msg: string; data: never; jsonObject: never },
    };
  };
  return {
    get: (url: string, cookie: string) => call('GET', url, cookie),
    post: (url: string, cookie: string, payload: object) => call('POST', url, cookie, payload),
  };
}

/**
 * Registers a device and claims it through the console (`updateTerminalOffice`) into `officeId`
 * as the user of `cookie`; fails the test when the claim is refused.
 */
export async function claimDevice(app: App, cookie: string, officeId: number, name: string): Promise<Device> {
  const device = await registerDevice(app);
  const res = await caller(app).post('terminal/updateTerminalOffice', cookie, {
    pairingCode: device.pairingCode,
    officeId,
    name,
  });
  if (res.status !== 200) throw new Error(`claim of ${name} refused: ${JSON.stringify(res.body)}`);
  return device;
}

/** Inserts a terminal row directly (lists and counts need many, in given states). */
export async function addTerminal(
  db: Database,
  values: Partial<typeof terminals.$inferInsert> & { name: string },
): Promise<number> {
  const [row] = await db
    .insert(terminals)
    .values({
      deviceId: `row-${randomBytes(6).toString('hex')}`,
      tokenHash: randomBytes(32).toString('hex'),
      state: values.officeId ? 'claimed' : 'pending',
      ...values,
    })
    .returning({ id: terminals.id });
  return row!.id;
}
