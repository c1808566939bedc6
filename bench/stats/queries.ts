/**
 * `npm run bench:stats`: p50 / p95 of every statistics call through `app.inject` on a fleet loaded by
 * bench/stats/dataset.ts, against bare baselines in the same run (a `SELECT 1` round trip, and an
 * authenticated call that reads one row). In-process like the server tests: PostgreSQL with
 * `TARGET=postgres` (`BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/test`), else
 * PGlite in memory at a smaller scale. `TERMINALS`, `DAYS`, `PLAY_EVERY` (minutes between plays) and
 * `CALLS` (per call, after 3 warm-ups) override the scale; `GENERATOR=js|sql` says where the play events
 * are made (PostgreSQL default `sql`: in the database, ≈ 100 M rows with `PLAY_EVERY=8`). The target: every call's p95 < 500 ms.
 * `BENCH_KEEP_DB=<name>` (PostgreSQL) keeps the loaded fleet in that database and measures it again on
 * the next run instead of loading (a full-density fleet takes an hour to load); drop the database to
 * load afresh.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, initSystem, login } from '../../apps/server/test/helpers/app.js';
import { programDoc } from '../../apps/server/test/modules/programs/fixture.js';
import { intArray, queryRows } from '../../apps/server/src/terminal/sql.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { adminQuery, withDatabase } from '../../apps/server/test/helpers/database-template.js';
import { loadStatsDataset, type StatsDataset } from './dataset.js';

const POSTGRES = process.env.TARGET === 'postgres';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (POSTGRES) process.env.TEST_DATABASE_URL = PG_URL;
else delete process.env.TEST_DATABASE_URL;
const TERMINALS = Number(process.env.TERMINALS ?? (POSTGRES ? 10_000 : 500));
const DAYS = Number(process.env.DAYS ?? 30);
const PLAY_EVERY = Number(process.env.PLAY_EVERY ?? (POSTGRES ? 30 : 10));
const CALLS = Number(process.env.CALLS ?? 50);
/** Where the play events are made (dataset.ts): in PostgreSQL by default there, else in Node. */
const GENERATOR = (process.env.GENERATOR ?? (POSTGRES ? 'sql' : 'js')) as 'js' | 'sql';
const TARGET_MS = 500;
const KEEP_DB = POSTGRES ? process.env.BENCH_KEEP_DB : undefined;
if (KEEP_DB !== undefined && !/^[a-z_][a-z0-9_]*$/.test(KEEP_DB))
  throw new Error('BENCH_KEEP_DB: a database name of lower-case letters, digits and _');

/** The kept database (created when missing), or undefined for a fresh one per run. */
async function keptDatabase() {
  if (!KEEP_DB) return undefined;
  try {
    await adminQuery(PG_URL, `CREATE DATABASE ${KEEP_DB}`);
  } catch (err) {
    if (!/already exists/.test(String(err))) throw err;
  }
  return openDatabase({ url: withDatabase(PG_URL, KEEP_DB) });
}

const r = (x: number) => Math.round(x * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

const t = await createTestApp({}, { logger: false, database: await keptDatabase() });
try {
  const driver = POSTGRES ? 'postgres' : 'pglite';
  const shape = { terminals: TERMINALS, days: DAYS, playEveryMinutes: PLAY_EVERY, generator: GENERATOR };
  await t.db.execute(
    sql`CREATE TABLE IF NOT EXISTS bench_stats_dataset (shape text PRIMARY KEY, data jsonb NOT NULL)`,
  );
  const [kept] = await queryRows<{ data: StatsDataset }>(
    t.db,
    sql`SELECT data FROM bench_stats_dataset WHERE shape = ${JSON.stringify(shape)}`,
  );
  const fresh = !kept;
  if (fresh) {
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM terminals`,
    );
    if (n > 0) throw new Error(`${KEEP_DB} holds another fleet: drop the database to load this one`);
    await initSystem(t.app);
  }
  // The dataset rolls the online periods up itself once they are in: the leader's job, rolling up at
  // the same time, would race the loader's rebuild of the coarse roll-ups (see rebuildCoarseRollups).
  t.app.services.onlineRollup.detach();
  const data: StatsDataset = kept
    ? { ...kept.data, from: new Date(kept.data.from), to: new Date(kept.data.to) }
    : await loadStatsDataset(t.db, driver, { ...shape, log: (line) => console.error(line) });
  if (fresh && KEEP_DB)
    await t.db.execute(
      sql`INSERT INTO bench_stats_dataset VALUES (${JSON.stringify(shape)}, ${JSON.stringify(data)}::jsonb)`,
    );
  if (POSTGRES && fresh) await t.db.execute(sql`ANALYZE`);
  console.log(
    `${driver}: ${data.terminalIds.length} terminals × ${DAYS} days, a play every ~${PLAY_EVERY} min: ` +
      `${data.rows.playEvents.toLocaleString('en')} raw events, ${data.rows.playHourly.toLocaleString('en')} roll-up rows, ` +
      `${data.rows.onlinePeriods.toLocaleString('en')} online periods, ${data.rows.headCounts.toLocaleString('en')} head counts ` +
      `(loaded in ${r(data.loadMs / 1000)} s, of which ${r((data.onlineRollupMs ?? 0) / 1000)} s rolling the online periods up)`,
  );
  // One program with a real document published to 20 terminals: what reconciliation compares.
  const campaign = data.programIds[0]!;
  const published = data.terminalIds.slice(0, 20);
  if (fresh)
    await t.db.execute(
      sql`UPDATE programs SET document = ${JSON.stringify(programDoc('Bench campaign'))}::jsonb WHERE id = ${campaign}`,
    );
  if (fresh)
    await t.db.execute(sql`INSERT INTO program_publications (program_id, terminal_id, published_at)
    SELECT ${campaign}, id, ${data.from.toISOString()}::timestamptz FROM unnest(${intArray(published)}) id`);
  const cookie = await login(t.app);

  const period = `from=${data.from.toISOString()}&to=${data.to.toISOString()}&timeZone=UTC`;
  // The console's periods are whole days of the reader's zone: in UTC+8 they start at 16:00 UTC, so the
  // coarse roll-ups answer the whole UTC days and the hourly ones the 16 + 8 hours around them.
  const shift = (d: Date) => new Date(d.getTime() - 8 * 3_600_000).toISOString();
  const shanghai = `from=${shift(data.from)}&to=${shift(data.to)}&timeZone=Asia/Shanghai`;
  const lastDay = `from=${new Date(data.to.getTime() - 86_400_000).toISOString()}&to=${data.to.toISOString()}`;
  const body = {
    from: data.from.toISOString(),
    to: data.to.toISOString(),
    timeZone: 'UTC',
    granularity: 'day',
  };
  const S = '/apm-web/a/api/statistics';
  const calls: [string, 'GET' | 'POST', string, object?][] = [
    ['baseline: getUserInfo', 'GET', '/apm-web/a/api/user/getUserInfo'],
    ['home dashboard', 'GET', '/apm-web/a/api/home/dashboard'],
    ['terminalCount', 'GET', `${S}/terminalCount`],
    ['onlineTime (30 d by day)', 'GET', `${S}/onlineTime?${period}&granularity=day`],
    ['onlineTime (30 d, UTC+8 days)', 'GET', `${S}/onlineTime?${shanghai}&granularity=day`],
    [
      'onlineTime (one office, by hour, 1 d)',
      'GET',
      `${S}/onlineTime?${lastDay}&granularity=hour&officeId=${data.officeIds[0]}`,
    ],
    ['loginActivity', 'GET', `${S}/loginActivity?${period}&granularity=day`],
    ['resourceCases', 'GET', `${S}/resourceCases`],
    ['widgetNumber', 'GET', `${S}/widgetNumber`],
    ['widgetClick', 'GET', `${S}/widgetClick?${period}&granularity=day`],
    ['widgetUse', 'GET', `${S}/widgetUse?${period}&granularity=day`],
    ['officeInstant', 'GET', `${S}/officeInstant?officeId=${data.customerIds[0]}`],
    [
      'terminalsByIds (100)',
      'GET',
      `${S}/terminalsByIds?${period}&ids=${data.terminalIds.slice(0, 100).join(',')}`,
    ],
    ['onlineMap (30 d)', 'GET', `${S}/onlineMap?${period}`],
    ['startupRate', 'POST', `${S}/startupRate`, body],
    [
      'startupRate (UTC+8 days)',
      'POST',
      `${S}/startupRate`,
      { ...body, from: shift(data.from), to: shift(data.to), timeZone: 'Asia/Shanghai' },
    ],
    ['headCount', 'POST', `${S}/headCount`, body],
    ['plays (30 d by day)', 'GET', `${S}/plays?${period}&granularity=day`],
    [
      'plays (one office, by hour, 1 d)',
      'GET',
      `${S}/plays?${lastDay}&granularity=hour&officeId=${data.officeIds[0]}`,
    ],
    ['plays (30 d by day, UTC+8 days)', 'GET', `${S}/plays?${shanghai}&granularity=day`],
    ['playTop programs', 'GET', `${S}/playTop?${period}&dimension=program`],
    ['playTop programs (UTC+8 days)', 'GET', `${S}/playTop?${shanghai}&dimension=program`],
    ['playTop offices', 'GET', `${S}/playTop?${period}&dimension=office`],
    ['playTop terminals', 'GET', `${S}/playTop?${period}&dimension=terminal&sort=plays&order=desc`],
    ['reconcile (1 d, 20 terminals)', 'GET', `${S}/reconcile?${lastDay}&programId=${campaign}&pageSize=20`],
  ];
  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < CALLS + 3; i++) {
      const start = performance.now();
      await run();
      if (i >= 3) samples.push(performance.now() - start);
    }
    return samples.sort((a, b) => a - b);
  };
  const rows: { call: string; p50: number; p95: number }[] = [];
  const select1 = await time(() => t.db.execute(sql`SELECT 1`));
  rows.push({
    call: 'baseline: SELECT 1',
    p50: r(percentile(select1, 0.5)),
    p95: r(percentile(select1, 0.95)),
  });
  for (const [name, method, url, payload] of calls) {
    const samples = await time(async () => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    });
    rows.push({ call: name, p50: r(percentile(samples, 0.5)), p95: r(percentile(samples, 0.95)) });
  }
  console.table(rows);
  const slow = rows.filter((x) => !x.call.startsWith('baseline') && x.p95 >= TARGET_MS);
  console.log(
    slow.length
      ? `over ${TARGET_MS} ms at p95: ${slow.map((x) => x.call).join(', ')}`
      : `every call's p95 < ${TARGET_MS} ms`,
  );
} finally {
  await t.close();
}
