import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from './fixture.js';

const SERVER_ZONE = 'Asia/Tokyo';

describe('a terminal’s time zone in terminalDetails: own, inherited, effective', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp({ APM_TIME_ZONE: SERVER_ZONE });
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    id = await addTerminal(t.db, { name: 'Shop screen', officeId: f.offices.a1Shop.id });
  });
  afterAll(() => t.close());

  const zones = async () => {
    const res = await api.get(`terminal/terminalDetails?id=${id}`, f.viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      timeZone: string | null;
      inheritedTimeZone: string;
      effectiveTimeZone: string;
    };
    return [d.timeZone, d.inheritedTimeZone, d.effectiveTimeZone];
  };
  const setZone = (timeZone: string | null, cookie = f.admin) =>
    api.post('terminalSet/terminalSet', cookie, { terminalIds: String(id), timeZone });

  it('follows the offices up the tree, else the server', async () => {
    expect(await zones()).toEqual([null, SERVER_ZONE, SERVER_ZONE]);
    const saved = await api.post('office/save', f.admin, {
      id: f.offices.a1.id,
      name: 'Customer A1',
      timeZone: 'Europe/Paris',
    });
    expect(saved.status).toBe(200);
    expect(await zones()).toEqual([null, 'Europe/Paris', 'Europe/Paris']);
  });

  it('its own zone (terminalSet) wins; null clears it back to the inherited one', async () => {
    expect((await setZone('America/Chicago')).status).toBe(200);
    expect(await zones()).toEqual(['America/Chicago', 'Europe/Paris', 'America/Chicago']);
    expect((await setZone(null)).status).toBe(200);
    expect(await zones()).toEqual([null, 'Europe/Paris', 'Europe/Paris']);
  });

  it('refuses an unknown zone (400 timeZone) and a caller without terminal:settings:edit (403)', async () => {
    const bad = await setZone('Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.jsonObject as { fields: object }).fields)).toEqual(['timeZone']);
    expect((await setZone('Europe/Berlin', f.viewer)).status).toBe(403);
    expect(await zones()).toEqual([null, 'Europe/Paris', 'Europe/Paris']);
  });
});
