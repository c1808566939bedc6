import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from './fixture.js';

interface MonitorRow {
  id: number;
  name: string;
  state: string;
  online: boolean;
  lastSeenAt: string | null;
  playing: { kind: string; id?: number; name?: string } | null;
  volume: number | null;
  disk: { free: number; total: number } | null;
  appVersion: string | null;
  resolution: string | null;
  clockSkewMs: number | null;
  cache: { done: number; total: number } | null;
  downloads: { materialId: number; received: number; total: number; error?: string }[];
}

describe('real-time monitor (terminalSet/getRltMonitor)', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    // The table says online with a status: the monitor must not believe it (presence never heard of it).
    ids.stale = await addTerminal(t.db, {
      name: 'Stale',
      officeId: f.offices.a1Shop.id,
      online: true,
      lastSeenAt: new Date('2026-11-20T10:00:00Z'),
      status: { playing: { kind: 'idle' }, volume: 30, appVersion: '0.9', clock: '', resolution: '800x600' },
    });
    ids.live = await addTerminal(t.db, { name: 'Live', officeId: f.offices.a1.id });
    ids.bee = await addTerminal(t.db, { name: 'Bee', officeId: f.offices.b.id });
    ids.pending = await addTerminal(t.db, { name: 'New screen', pairingCode: 'MON234' });
    const presence = t.app.services.terminalPresence;
    presence.connected(ids.live);
    presence.heartbeat(ids.live, {
      playing: { kind: 'program', id: 4, name: 'Menu board' },
      volume: 65,
      disk: { free: 10e9, total: 32e9 },
      appVersion: '2.1.0',
      clock: new Date(Date.now() + 60_000).toISOString(),
      resolution: '3840x2160',
      downloads: { done: 2, total: 3 },
    });
    presence.progress(ids.live, [
      { materialId: 5, received: 40, total: 100 },
      { materialId: 6, received: 100, total: 100 },
      { materialId: 7, received: 0, total: 100, error: 'HTTP 404' },
    ]);
  });
  afterAll(() => t.close());

  const monitor = async (query: string, cookie = f.a1) =>
    api.get(`terminalSet/getRltMonitor?${query}`, cookie);

  it('answers each terminal from live presence, in the order asked', async () => {
    const res = await monitor(`terminalIds=${ids.stale},${ids.live}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [stale, live] = res.body.data as MonitorRow[];
    expect(stale).toMatchObject({
      id: ids.stale,
      name: 'Stale',
      online: false,
      lastSeenAt: null,
      playing: null,
      volume: null,
      appVersion: null,
      clockSkewMs: null,
      downloads: [],
    });
    expect(live).toMatchObject({
      id: ids.live,
      name: 'Live',
      state: 'claimed',
      online: true,
      playing: { kind: 'program', id: 4, name: 'Menu board' },
      volume: 65,
      disk: { free: 10e9, total: 32e9 },
      appVersion: '2.1.0',
      resolution: '3840x2160',
      cache: { done: 2, total: 3 },
    });
    expect(Date.now() - Date.parse(live!.lastSeenAt!)).toBeLessThan(60_000);
    expect(live!.clockSkewMs).toBeGreaterThan(55_000);
    expect(live!.clockSkewMs).toBeLessThan(65_000);
    // Complete downloads are left out; failed and running ones stay.
    expect(live!.downloads.map((d) => d.materialId)).toEqual([5, 7]);
    expect(live!.downloads[1]).toMatchObject({ error: 'HTTP 404' });
  });

  it('lets view-only operators and platform admins (pending terminals too) watch', async () => {
    const viewer = await monitor(`terminalIds=${ids.live}`, f.viewer);
    expect(viewer.status).toBe(200);
    const admin = await monitor(`terminalIds=${ids.pending},${ids.bee}`, f.admin);
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect((admin.body.data as MonitorRow[]).map((r) => [r.name, r.state])).toEqual([
      ['New screen', 'pending'],
      ['Bee', 'claimed'],
    ]);
  });

  it('refuses terminals out of scope with a 404 naming terminalIds', async () => {
    for (const [query, cookie] of [
      [`terminalIds=${ids.live},${ids.bee}`, f.a1],
      [`terminalIds=${ids.pending}`, f.a1],
      [`terminalIds=${ids.live}`, f.b],
      ['terminalIds=999999', f.a1],
    ] as const) {
      const res = await monitor(query, cookie);
      expect(res.status, query).toBe(404);
      expect(res.body.jsonObject).toMatchObject({ fields: { terminalIds: expect.any(String) } });
    }
  });

  it('refuses ids that are not numbers, none, or more than 500 with a 400 naming terminalIds', async () => {
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    for (const query of [
      'terminalIds=abc',
      'terminalIds=1,x',
      'terminalIds=-3',
      'terminalIds=',
      `terminalIds=${many}`,
      '',
    ]) {
      const res = await monitor(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain('terminalIds');
    }
  });

  it('needs a terminal permission and changes nothing', async () => {
    const before = await t.db.select().from(terminals).where(eq(terminals.id, ids.stale!));
    const res = await monitor(`terminalIds=${ids.live}`, f.alarms);
    expect(res.status).toBe(403);
    await t.app.services.terminalPresence.flush();
    const after = await t.db.select().from(terminals).where(eq(terminals.id, ids.stale!));
    expect(after).toEqual(before);
  });
});
