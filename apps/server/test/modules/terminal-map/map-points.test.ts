import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, terminalCommands, terminals } from '../../../src/db/schema/index.js';
import type { MapPoints } from '../../../src/modules/terminal-map/map-points.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from '../terminals/fixture.js';

describe('terminal map: points in the caller’s scope, filters, placing a terminal by hand', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  const ids = {} as Record<'milan' | 'rome' | 'shop' | 'nowhere' | 'bee' | 'pending', number>;
  let lobby: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const group = await api.post('terminal/saveTerminalGroup', f.a1, {
      officeId: f.offices.a1.id,
      name: 'Lobby',
    });
    lobby = (group.body.data as { id: number }).id;
    const a1 = f.offices.a1.id;
    ids.milan = await addTerminal(t.db, {
      name: 'Milan',
      officeId: a1,
      groupId: lobby,
      online: true,
      latitude: 45.46,
      longitude: 9.19,
    });
    ids.rome = await addTerminal(t.db, {
      name: 'Rome',
      officeId: a1,
      online: true,
      latitude: 41.9,
      longitude: 12.5,
    });
    ids.shop = await addTerminal(t.db, {
      name: 'Shop',
      officeId: f.offices.a1Shop.id,
      latitude: 48.1,
      longitude: 11.6,
    });
    ids.nowhere = await addTerminal(t.db, { name: 'Nowhere', officeId: a1 });
    ids.bee = await addTerminal(t.db, {
      name: 'Bee',
      officeId: f.offices.b.id,
      latitude: 52.5,
      longitude: 13.4,
    });
    ids.pending = await addTerminal(t.db, {
      name: 'New screen',
      pairingCode: 'MAP234',
      latitude: 1,
      longitude: 1,
    });
    await t.db.insert(abnormalAlarms).values({ terminalId: ids.rome, officeId: a1, type: 'diskFull' });
    // An alarm that ended no longer makes its terminal abnormal.
    await t.db
      .insert(abnormalAlarms)
      .values({ terminalId: ids.milan, officeId: a1, type: 'playError', endedAt: new Date() });
  });
  afterAll(() => t.close());

  const points = async (query = '', cookie = f.a1) => {
    const res = await api.get(`terminal/mapPoints${query ? `?${query}` : ''}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as MapPoints;
  };
  const names = (data: MapPoints) => data.points.map((p) => p[4]);

  it('answers compact rows of the positioned terminals in scope, states, and the unpositioned ones', async () => {
    const data = await points();
    expect(data.points).toEqual([
      [ids.milan, 45.46, 9.19, 'online', 'Milan'],
      [ids.rome, 41.9, 12.5, 'abnormal', 'Rome'],
      [ids.shop, 48.1, 11.6, 'offline', 'Shop'],
    ]);
    expect(data.unpositioned).toEqual([[ids.nowhere, 'offline', 'Nowhere']]);
    expect(data.unpositionedCount).toBe(1);
    // Another tenant sees only its own; pending terminals are on nobody's map.
    expect(names(await points('', f.b))).toEqual(['Bee']);
    expect(names(await points('', f.admin))).not.toContain('New screen');
  });

  it('filters by office (and below), group and state', async () => {
    expect(names(await points(`officeId=${f.offices.a1Shop.id}`))).toEqual(['Shop']);
    expect(names(await points(`officeId=${f.offices.a1.id}`))).toEqual(['Milan', 'Rome', 'Shop']);
    expect(names(await points(`groupId=${lobby}`))).toEqual(['Milan']);
    expect(names(await points('state=abnormal'))).toEqual(['Rome']);
    const offline = await points('state=offline');
    expect(names(offline)).toEqual(['Shop']);
    expect(offline.unpositionedCount).toBe(1);
    expect((await points('state=online')).unpositionedCount).toBe(0);
  });

  it('refuses bad filters naming the field, foreign offices and groups, and callers without the map permission', async () => {
    for (const [query, field] of [
      ['state=broken', 'state'],
      ['officeId=abc', 'officeId'],
      ['groupId=0', 'groupId'],
      ['officeId=1e3', 'officeId'],
    ] as const) {
      const res = await api.get(`terminal/mapPoints?${query}`, f.a1);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.jsonObject), query).toContain(field);
    }
    expect((await api.get(`terminal/mapPoints?officeId=${f.offices.b.id}`, f.a1)).status).toBe(404);
    expect((await api.get(`terminal/mapPoints?groupId=${lobby}`, f.b)).status).toBe(404);
    expect((await api.get('terminal/mapPoints', f.viewer)).status).toBe(403);
    expect((await api.get('terminal/mapPoints', '')).status).toBe(401);
  });

  it('answers 304 to a matching ETag and gzip to a browser that accepts it', async () => {
    const url = '/apm-web/a/api/terminal/mapPoints';
    const first = await t.app.inject({ method: 'GET', url, headers: { cookie: f.a1 } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: f.a1, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // Another caller's answer differs, so does its tag.
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie: f.b, 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    // Many terminals: the answer is large enough to be compressed.
    for (let i = 0; i < 60; i++) {
      await addTerminal(t.db, {
        name: `Bulk ${i}`,
        officeId: f.offices.b.id,
        latitude: i / 2,
        longitude: i / 3,
      });
    }
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: f.b, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as { data: MapPoints };
    expect(body.data.points).toHaveLength(61);
  });

  it('places a terminal by hand: kept on the row and sent to it as setLocation', async () => {
    const res = await api.post('terminal/setMapPosition', f.a1, {
      id: ids.nowhere,
      latitude: 44.49,
      longitude: 11.34,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.nowhere, latitude: 44.49, longitude: 11.34 });
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, ids.nowhere));
    expect(row).toMatchObject({ latitude: 44.49, longitude: 11.34, address: null });
    const sent = await t.db
      .select()
      .from(terminalCommands)
      .where(and(eq(terminalCommands.terminalId, ids.nowhere), eq(terminalCommands.name, 'setLocation')));
    expect(sent.map((c) => c.params)).toEqual([{ latitude: 44.49, longitude: 11.34 }]);
    const data = await points();
    expect(data.points).toContainEqual([ids.nowhere, 44.49, 11.34, 'offline', 'Nowhere']);
    expect(data.unpositionedCount).toBe(0);
  });

  it('refuses positions out of range naming the field, foreign or pending terminals, and callers without the edit permission', async () => {
    const place = (body: object, cookie = f.a1) => api.post('terminal/setMapPosition', cookie, body);
    for (const [body, field] of [
      [{ id: ids.milan, latitude: 90.5, longitude: 0 }, 'latitude'],
      [{ id: ids.milan, latitude: 0, longitude: -180.01 }, 'longitude'],
      [{ id: ids.milan, latitude: 'north', longitude: 0 }, 'latitude'],
      [{ id: ids.milan, longitude: 0 }, 'latitude'],
      [{ id: 'x', latitude: 0, longitude: 0 }, 'id'],
      [{ id: ids.milan, latitude: 0, longitude: 0, address: 'a'.repeat(301) }, 'address'],
    ] as const) {
      const res = await place(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.jsonObject), JSON.stringify(body)).toContain(field);
    }
    const foreign = await place({ id: ids.bee, latitude: 1, longitude: 2 });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body.jsonObject)).toContain('"id"');
    expect((await place({ id: ids.pending, latitude: 1, longitude: 2 }, f.admin)).status).toBe(400);
    expect((await place({ id: ids.milan, latitude: 1, longitude: 2 }, f.viewer)).status).toBe(403);
    const [bee] = await t.db.select().from(terminals).where(eq(terminals.id, ids.bee));
    expect(bee).toMatchObject({ latitude: 52.5, longitude: 13.4 });
    const [milan] = await t.db.select().from(terminals).where(eq(terminals.id, ids.milan));
    expect(milan).toMatchObject({ latitude: 45.46, longitude: 9.19 });
  });
});
