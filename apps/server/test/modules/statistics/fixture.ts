import type { Database } from '../../../src/db/client.js';
import { auditLogs, headCounts, playHourly, terminalOnlinePeriods } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { rebuildCoarseRollups } from '../../../src/terminal/play-rollup.js';
import { addTerminal } from '../programs/fixture.js';
import { caller, consoleFixture } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { login } from '../../helpers/app.js';

/** The fixture's week (Monday 2 March 2026, UTC): every seeded figure lies in it. */
export const WEEK = { from: '2026-03-02T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z', timeZone: 'UTC' };
export const at = (iso: string) => new Date(iso);
/** The fixture's week as a query string (plus extras). */
export const weekQuery = (extra: Record<string, string | number> = {}) =>
  new URLSearchParams(
    Object.entries({ ...WEEK, ...extra }).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

/** Ids of the programs and materials the roll-up rows name (no rows behind them: statistics outlive them). */
export const SUBJECT = { lobby: 501, menu: 502, bProgram: 509, logo: 701 };

/**
 * Tenants with sessions (see consoleFixture), terminals in A1, its shop and B, and a seeded week of
 * roll-up rows, online periods, head counts and sign-ins with known totals.
 */
export async function statsFixture() {
  const t: TestApp = await createTestApp();
  await initSystem(t.app);
  const f = await consoleFixture(t);
  const { a1, a1Shop, b } = f.offices;
  const term = {
    lobby: await addTerminal(t.db, { name: 'Lobby screen', officeId: a1.id, online: true }),
    shop: await addTerminal(t.db, { name: 'Shop screen', officeId: a1Shop.id }),
    bScreen: await addTerminal(t.db, { name: 'B screen', officeId: b.id, online: true }),
  };
  const behaviorRole = await addRole(t.db, 'behaviorOnlyA1', a1.id, ['stats:behavior:view']);
  await addUser(t.db, 'a1behavior', a1.id, [behaviorRole]);
  const viewRole = await addRole(t.db, 'statsViewA1', a1.id, ['stats:view']);
  await addUser(t.db, 'a1statsview', a1.id, [viewRole]);
  await seedWeek(t.db, { a1: a1.id, shop: a1Shop.id, b: b.id }, term, f.ids);
  return {
    t,
    f,
    term,
    api: caller(t.app),
    behaviorOnly: await login(t.app, 'a1behavior', PASSWORD),
    statsViewOnly: await login(t.app, 'a1statsview', PASSWORD),
  };
}

async function seedWeek(
  db: Database,
  office: { a1: number; shop: number; b: number },
  term: { lobby: number; shop: number; bScreen: number },
  users: { a1admin: number; a1op: number; bAdmin: number },
) {
  const row = (
    hour: string,
    terminalId: number,
    officeId: number,
    kind: string,
    rest: {
      subjectId?: number;
      subjectKey?: string;
      subjectName?: string;
      plays: number;
      durationMs: number;
    },
  ) => ({
    hour: at(hour),
    terminalId,
    officeId,
    kind,
    subjectId: 0,
    subjectKey: '',
    ...rest,
  });
  await db.insert(playHourly).values([
    // Monday 10:00: the lobby played its loop 6 times (60 s); Tuesday 10:00 4 times (40 s).
    row('2026-03-02T10:00:00Z', term.lobby, office.a1, 'program', {
      subjectId: SUBJECT.lobby,
      subjectName: 'Lobby loop',
      plays: 6,
      durationMs: 60_000,
    }),
    row('2026-03-03T10:00:00Z', term.lobby, office.a1, 'program', {
      subjectId: SUBJECT.lobby,
      subjectName: 'Lobby loop',
      plays: 4,
      durationMs: 40_000,
    }),
    // Monday 11:00: the shop played the menu 3 times (90 s).
    row('2026-03-02T11:00:00Z', term.shop, office.shop, 'program', {
      subjectId: SUBJECT.menu,
      subjectName: 'Menu',
      plays: 3,
      durationMs: 90_000,
    }),
    // Customer B: never seen by A1.
    row('2026-03-02T10:00:00Z', term.bScreen, office.b, 'program', {
      subjectId: SUBJECT.bProgram,
      subjectName: 'B loop',
      plays: 100,
      durationMs: 1_000_000,
    }),
    // Outside the week.
    row('2026-03-09T10:00:00Z', term.lobby, office.a1, 'program', {
      subjectId: SUBJECT.lobby,
      subjectName: 'Lobby loop',
      plays: 50,
      durationMs: 500_000,
    }),
    row('2026-03-02T10:00:00Z', term.lobby, office.a1, 'material', {
      subjectId: SUBJECT.logo,
      subjectName: 'logo.png',
      plays: 10,
      durationMs: 50_000,
    }),
    row('2026-03-02T10:00:00Z', term.lobby, office.a1, 'widget', {
      subjectKey: 'clock',
      plays: 5,
      durationMs: 25_000,
    }),
    row('2026-03-02T12:00:00Z', term.shop, office.shop, 'widget', {
      subjectKey: 'clock',
      plays: 1,
      durationMs: 5_000,
    }),
    row('2026-03-03T10:00:00Z', term.lobby, office.a1, 'click', {
      subjectKey: 'button',
      plays: 2,
      durationMs: 0,
    }),
    row('2026-03-03T10:00:00Z', term.bScreen, office.b, 'click', {
      subjectKey: 'button',
      plays: 40,
      durationMs: 0,
    }),
  ]);
  await db.insert(terminalOnlinePeriods).values([
    // Lobby: all of Monday and 12 h of Tuesday (36 h); shop: 6 h on Wednesday; B: the whole week.
    { terminalId: term.lobby, startedAt: at('2026-03-02T00:00:00Z'), endedAt: at('2026-03-03T12:00:00Z') },
    { terminalId: term.shop, startedAt: at('2026-03-04T06:00:00Z'), endedAt: at('2026-03-04T12:00:00Z') },
    { terminalId: term.bScreen, startedAt: at('2026-03-01T00:00:00Z'), endedAt: at('2026-03-10T00:00:00Z') },
  ]);
  await db.insert(headCounts).values([
    {
      terminalId: term.lobby,
      eventId: 'h1',
      startedAt: at('2026-03-02T09:00:00Z'),
      periodSeconds: 60,
      count: 12,
      officeId: office.a1,
    },
    {
      terminalId: term.lobby,
      eventId: 'h2',
      startedAt: at('2026-03-02T09:30:00Z'),
      periodSeconds: 60,
      count: 8,
      officeId: office.a1,
    },
    {
      terminalId: term.shop,
      eventId: 'h3',
      startedAt: at('2026-03-03T15:00:00Z'),
      periodSeconds: 60,
      count: 5,
      officeId: office.shop,
    },
    {
      terminalId: term.bScreen,
      eventId: 'h4',
      startedAt: at('2026-03-02T09:00:00Z'),
      periodSeconds: 60,
      count: 999,
      officeId: office.b,
    },
  ]);
  await rebuildCoarseRollups(db);
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const signIn = (
    atIso: string,
    userId: number | null,
    username: string,
    status: number,
    userAgent: string,
  ) => ({
    at: at(atIso),
    userId,
    username,
    officeId: null,
    method: 'POST',
    path: '/apm-web/a/login',
    action: '/apm-web/a/login',
    type: 'login',
    status,
    code: status >= 400 ? status : 0,
    durationMs: 5,
    userAgent,
  });
  await db
    .insert(auditLogs)
    .values([
      signIn('2026-03-02T08:15:00Z', users.a1admin, 'a1admin', 200, chrome),
      signIn('2026-03-02T08:45:00Z', users.a1admin, 'a1admin', 200, chrome),
      signIn('2026-03-03T13:00:00Z', users.a1op, 'a1op', 200, iphone),
      signIn('2026-03-03T12:59:00Z', null, 'a1op', 401, iphone),
      signIn('2026-03-02T08:00:00Z', users.bAdmin, 'badmin', 200, chrome),
    ]);
}
