import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, playHourly, userRoles, users } from '../../../src/db/schema/index.js';
import { rebuildCoarseRollups } from '../../../src/terminal/play-rollup.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addRole, PASSWORD } from '../users/fixture.js';
import { addTerminal, caller, consoleFixture } from '../terminals/fixture.js';

type Dashboard = {
  terminals: { total: number; online: number; offline: number; pending: number; abnormal: number } | null;
  alarms: { open: number; unacknowledged: number } | null;
  reviews: Record<string, number> | null;
  storage: { usedBytes: number; quotaBytes: number | null } | null;
  plays: { plays: number; seconds: number; byHour: number[] } | null;
  activity: { id: number; username: string | null; action: string }[] | null;
};

async function userIdIn(t: TestApp, name: string): Promise<number | undefined> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginName, name));
  return user?.id;
}

describe('home dashboard: live figures of the caller’s data range, sections by permission', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;

  const dashboard = async (cookie: string) => {
    const res = await api.get('home/dashboard', cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Dashboard;
  };

  beforeAll(async () => {
    t = await createTestApp({ APM_TIME_ZONE: 'UTC' });
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    // Home pages for the fixture's single-purpose A1 users, who hold only terminal or alarm rights.
    const homeRole = await addRole(t.db, 'homeA1', f.offices.a1.id, ['home:view']);
    for (const name of ['a1termviewer', 'a1alarms']) {
      await t.db.insert(userRoles).values({ userId: (await userIdIn(t, name))!, roleId: homeRole });
    }
    const lobby = await addTerminal(t.db, { name: 'Lobby', officeId: f.offices.a1.id });
    const shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    const bee = await addTerminal(t.db, { name: 'Bee', officeId: f.offices.b.id });
    // Two open alarms on one A1 terminal (one terminal abnormal), a cleared one on another, one in B.
    await t.db.insert(abnormalAlarms).values([
      { terminalId: lobby, officeId: f.offices.a1.id, type: 'offline', detail: {} },
      { terminalId: lobby, officeId: f.offices.a1.id, type: 'diskFull', detail: {} },
      { terminalId: shop, officeId: f.offices.a1Shop.id, type: 'offline', detail: {}, clearedAt: new Date() },
      { terminalId: bee, officeId: f.offices.b.id, type: 'offline', detail: {} },
    ]);
    // Roll-up rows: today in A1 (hour 0 and the current hour), yesterday in A1, today in B.
    const today = sql`date_trunc('day', now())`;
    const thisHour = sql`date_trunc('hour', now())`;
    const base = { kind: 'program', subjectId: 1, subjectKey: '', subjectName: 'P' };
    await t.db.insert(playHourly).values([
      { ...base, hour: today, terminalId: lobby, officeId: f.offices.a1.id, plays: 3, durationMs: 30_000 },
      {
        ...base,
        hour: thisHour,
        terminalId: shop,
        officeId: f.offices.a1Shop.id,
        plays: 2,
        durationMs: 12_000,
        subjectId: 2,
      },
      {
        ...base,
        hour: sql`date_trunc('day', now()) - interval '2 hours'`,
        terminalId: lobby,
        officeId: f.offices.a1.id,
        plays: 50,
        durationMs: 1,
      },
      { ...base, hour: today, terminalId: bee, officeId: f.offices.b.id, plays: 7, durationMs: 70_000 },
      // Parts of a program (material items) are not counted again as plays.
      {
        ...base,
        kind: 'material',
        hour: thisHour,
        terminalId: shop,
        officeId: f.offices.a1Shop.id,
        plays: 9,
        durationMs: 9,
      },
    ] as never);
    await rebuildCoarseRollups(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts terminals, abnormal ones, open alarms and today’s plays within the tenant only', async () => {
    const a1 = await dashboard(f.a1);
    expect(a1.terminals).toMatchObject({ total: 3, abnormal: 1 });
    expect(a1.terminals!.online + a1.terminals!.offline).toBe(3);
    expect(a1.plays!.plays).toBe(5);
    expect(a1.plays!.seconds).toBe(42);
    expect(a1.plays!.byHour[0]).toBeGreaterThanOrEqual(3);
    expect(a1.plays!.byHour.reduce((s, n) => s + n, 0)).toBe(5);
    expect(a1.plays!.byHour[new Date().getUTCHours()]).toBeGreaterThanOrEqual(2);
    expect(a1.storage).toMatchObject({ usedBytes: 0 });
    // Operators review nothing.
    expect(a1.reviews).toBeNull();

    const b = await dashboard(f.b);
    expect(b.terminals).toMatchObject({ total: 1, abnormal: 1 });
    expect(b.plays).toMatchObject({ plays: 7, seconds: 70 });

    const admin = await dashboard(f.admin);
    expect(admin.alarms).toMatchObject({ open: 3, unacknowledged: 3 });
    expect(admin.terminals!.abnormal).toBe(2);
    expect(admin.plays!.plays).toBe(12);
    expect(admin.reviews).toMatchObject({ material: 0, program: 0, plan: 0, message: 0 });
  });

  it('leaves out the sections the caller may not see (null, never zero)', async () => {
    const viewer = await dashboard(f.viewer);
    expect(viewer.terminals).toMatchObject({ total: 2 + 1 });
    expect(viewer.alarms).toBeNull();
    expect(viewer.storage).toBeNull();
    expect(viewer.plays).toBeNull();
    expect(viewer.activity).toBeNull();
    expect(viewer.reviews).toBeNull();

    const alarms = await dashboard(f.alarms);
    expect(alarms.alarms).toMatchObject({ open: 2 });
    expect(alarms.terminals).toBeNull();
  });

  it('lists recent activity from the system log of the caller’s range', async () => {
    const admin = await dashboard(f.admin);
    expect(admin.activity!.length).toBeGreaterThan(0);
    expect(admin.activity!.length).toBeLessThanOrEqual(8);
    const b = await dashboard(f.b);
    // B's administrator holds no log permission in the fixture: no activity section.
    expect(b.activity).toBeNull();
  });

  it('refuses callers without a session or without the home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/a/api/home/dashboard' });
    expect(res.statusCode).toBe(401);
    await t.db.delete(userRoles).where(eq(userRoles.userId, (await userIdIn(t, 'a1op'))!));
    const noHome = await login(t.app, 'a1op', PASSWORD);
    expect((await api.get('home/dashboard', noHome)).status).toBe(403);
  });
});
