import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/office';
const SERVER_ZONE = 'Asia/Tokyo';

describe('office time zones in officeInfo: own, inherited, effective', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ APM_TIME_ZONE: SERVER_ZONE });
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const info = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/officeInfo?id=${id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      timeZone: string | null;
      inheritedTimeZone: string;
      effectiveTimeZone: string;
    };
  };
  const zones = async (id: number) => {
    const { timeZone, inheritedTimeZone, effectiveTimeZone } = await info(id);
    return [timeZone, inheritedTimeZone, effectiveTimeZone];
  };
  const save = (id: number, name: string, timeZone: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/save`,
      payload: { id, name, timeZone },
      headers: { cookie: admin },
    });

  it('answers the server zone where no office names one (the platform has no parent)', async () => {
    expect(await zones(f.offices.platform.id)).toEqual([null, SERVER_ZONE, SERVER_ZONE]);
    expect(await zones(f.offices.a1Shop.id)).toEqual([null, SERVER_ZONE, SERVER_ZONE]);
  });

  it('inherits the nearest zone up the tree; its own zone wins; null clears it', async () => {
    expect((await save(f.offices.agentA.id, 'Agent A', 'Europe/Berlin')).statusCode).toBe(200);
    expect(await zones(f.offices.agentA.id)).toEqual(['Europe/Berlin', SERVER_ZONE, 'Europe/Berlin']);
    expect(await zones(f.offices.a1Shop.id)).toEqual([null, 'Europe/Berlin', 'Europe/Berlin']);

    expect((await save(f.offices.a1.id, 'Customer A1', ' America/New_York ')).statusCode).toBe(200);
    expect(await zones(f.offices.a1.id)).toEqual(['America/New_York', 'Europe/Berlin', 'America/New_York']);
    expect(await zones(f.offices.a1Shop.id)).toEqual([null, 'America/New_York', 'America/New_York']);
    // Customer B sits beside agent A: nothing above it names a zone.
    expect(await zones(f.offices.b.id)).toEqual([null, SERVER_ZONE, SERVER_ZONE]);

    expect((await save(f.offices.a1.id, 'Customer A1', null)).statusCode).toBe(200);
    expect(await zones(f.offices.a1Shop.id)).toEqual([null, 'Europe/Berlin', 'Europe/Berlin']);
    // An empty string clears too.
    expect((await save(f.offices.agentA.id, 'Agent A', '')).statusCode).toBe(200);
    expect(await zones(f.offices.agentA.id)).toEqual([null, SERVER_ZONE, SERVER_ZONE]);
  });

  it('refuses an unknown zone with 400 naming timeZone, changing nothing', async () => {
    await save(f.offices.a1.id, 'Customer A1', 'Europe/Rome');
    for (const zone of ['Mars/Olympus', 'x'.repeat(65), 'Europe/Rome\u0000']) {
      const res = await save(f.offices.a1.id, 'Renamed', zone);
      expect(res.statusCode, zone).toBe(400);
      expect(Object.keys(res.json().jsonObject.fields)).toEqual(['timeZone']);
    }
    const [row] = await t.db.select().from(offices).where(eq(offices.id, f.offices.a1.id));
    expect(row).toMatchObject({ name: 'Customer A1', timeZone: 'Europe/Rome' });
    expect(await zones(f.offices.a1Shop.id)).toEqual([null, 'Europe/Rome', 'Europe/Rome']);
  });
});
