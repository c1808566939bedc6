import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourStart, rollUpAllOnline, rollUpOnline } from '../../../src/terminal/online-rollup.js';
import { queryRows } from '../../../src/terminal/sql.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { terminalsWithBranch } from './fixtures.js';

const H = 3_600_000;
const DAY = 24 * H;
const MIN = 60_000;

/** A closed online period of a terminal, in epoch ms. */
interface Span {
  terminal: number;
  start: number;
  end: number;
}

type OnlineTime = {
  terminals: number;
  onlineSeconds: number;
  series: { bucket: string; seconds: number }[];
  byOffice: { officeId: number; onlineRate: number }[];
};
type StartupRate = { terminals: number; rate: number; series: { bucket: string; started: number }[] };
type OnlineMap = { points: { terminalId: number; onlineSeconds: number }[] };

describe('online statistics: the online roll-ups and the periods after their watermark answer as the periods alone', () => {
  let t: TestApp;
  let cookie: string;
  let branch: number;
  const spans: Span[] = [];
  // Closed periods within the last days, none in the current hour: every figure is fixed.
  const base = hourStart(Date.now()).getTime() - 3 * DAY;
  const day0 = Math.floor(base / DAY) * DAY;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
    // The last terminal in another bit-set chunk than the first ones; the last two in a branch office.
    const made = await terminalsWithBranch(t.db, 4, 3100, 2);
    branch = made.branch;
    const ids = made.terminals;
    await t.db.execute(sql`UPDATE terminals SET latitude = 31.2, longitude = 121.4`);
    const [a, b, c, d] = ids as [number, number, number, number];
    spans.push(
      // Mid-hour starts and ends, a period across midnight UTC and across midnight UTC+8.
      { terminal: a, start: base + 17 * MIN, end: base + 5 * H + 41 * MIN },
      { terminal: a, start: base + 20 * H + 5 * MIN, end: base + 30 * H + 12 * MIN },
      { terminal: b, start: base - 2 * H, end: base + 2 * DAY + 7 * MIN },
      { terminal: c, start: base + 9 * H, end: base + 9 * H + 20 * MIN },
      { terminal: c, start: base + 9 * H + 25 * MIN, end: base + 9 * H + 50 * MIN },
      // Zero long, and one that ended in an hour a first roll-up leaves for later.
      { terminal: d, start: base + DAY, end: base + DAY },
      { terminal: d, start: base + DAY + 30 * MIN, end: base + 2 * DAY + 90 * MIN },
    );
    for (const s of spans)
      await t.db.execute(sql`INSERT INTO terminal_online_periods (terminal_id, started_at, ended_at)
        VALUES (${s.terminal}, ${new Date(s.start).toISOString()}, ${new Date(s.end).toISOString()})`);
  }, 120_000);
  afterAll(() => t.close());

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await t.app.inject({
      method,
      url: `/apm-web/a/api/statistics/${path}`,
      headers: { cookie },
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  /** Online ms of the spans within [from, to), per terminal. */
  const secondsIn = (from: number, to: number) => {
    const by = new Map<number, number>();
    for (const s of spans) {
      const ms = Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));
      by.set(s.terminal, (by.get(s.terminal) ?? 0) + ms / 1000);
    }
    return by;
  };
  const startedIn = (from: number, to: number) =>
    new Set(spans.filter((s) => s.end > s.start && s.start < to && s.end > from).map((s) => s.terminal)).size;

  /** Periods on UTC days, on days of UTC+8 (whole hours off UTC) and of UTC+5:30 (not on UTC hours). */
  const periods: [number, number, string, 'day' | 'hour'][] = [
    [day0, day0 + 4 * DAY, 'UTC', 'day'],
    [day0 - 8 * H, day0 + 4 * DAY - 8 * H, 'Asia/Shanghai', 'day'],
    [day0 - 5.5 * H, day0 + 3 * DAY - 5.5 * H, 'Asia/Kolkata', 'day'],
    [base, base + DAY, 'UTC', 'hour'],
  ];

  /** Every figure of the three calls over every period, checked against the spans themselves. */
  async function expectExact(state: string) {
    for (const [from, to, zone, granularity] of periods) {
      const q = {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        timeZone: zone,
        granularity,
      };
      const query = new URLSearchParams(q).toString();
      const label = `${state}: ${zone} ${granularity}`;
      const online = await call<OnlineTime>('GET', `onlineTime?${query}`);
      const total = [...secondsIn(from, to).values()].reduce((x, y) => x + y, 0);
      expect(online.onlineSeconds, label).toBeCloseTo(total, 1);
      for (const point of online.series) {
        const start = Date.parse(point.bucket);
        const end = granularity === 'hour' ? start + H : start + DAY;
        const expected = [...secondsIn(Math.max(start, from), Math.min(end, to)).values()].reduce(
          (x, y) => x + y,
          0,
        );
        expect(point.seconds, `${label} ${point.bucket}`).toBeCloseTo(expected, 1);
      }
      const startup = await call<StartupRate>('POST', 'startupRate', q);
      expect(startup.rate, label).toBeCloseTo(startedIn(from, to) / startup.terminals, 6);
      for (const point of startup.series) {
        const start = Date.parse(point.bucket);
        const end = granularity === 'hour' ? start + H : start + DAY;
        expect(point.started, `${label} ${point.bucket}`).toBe(
          startedIn(Math.max(start, from), Math.min(end, to)),
        );
      }
      const map = await call<OnlineMap>('GET', `onlineMap?${query}`);
      const perTerminal = secondsIn(from, to);
      for (const point of map.points)
        expect(point.onlineSeconds, `${label} terminal ${point.terminalId}`).toBeCloseTo(
          perTerminal.get(point.terminalId) ?? 0,
          1,
        );
      const office = await call<OnlineTime>('GET', `onlineTime?${query}&officeId=${branch}`);
      const inBranch = [...secondsIn(from, to).entries()]
        .filter(([id]) => id === spans[3]!.terminal || id === spans[5]!.terminal)
        .reduce((x, [, s]) => x + s, 0);
      expect(office.onlineSeconds, `${label} branch`).toBeCloseTo(inBranch, 1);
    }
  }

  it('before, during and after the roll-up, with every shape of period', async () => {
    await expectExact('nothing rolled up');
    // A first run up to an hour inside the spans: some rolled whole, some in part, one ended after it.
    expect(await rollUpOnline(t.db, new Date(base + DAY + H))).toBeGreaterThan(0);
    await expectExact('rolled up in part');
    await rollUpAllOnline(t.db, hourStart(Date.now()));
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM terminal_online_periods
        WHERE ended_at IS NULL OR rolled_until IS NULL OR rolled_until < ended_at`,
    );
    expect(left!.n).toBe(0);
    await expectExact('rolled up whole');
    // Again, as the leader's job does every five minutes: nothing is rolled up twice.
    expect(t.app.services.onlineRollup.running).toBe(true);
    expect(await t.app.services.onlineRollup.run()).toBe(0);
    await expectExact('rolled up again');
  });
});
