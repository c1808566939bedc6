/**
 * `npm run bench:alarms`: the alarm centre at fleet scale, in-process like the server tests (PGlite in
 * memory, or PostgreSQL with `TARGET=postgres` / `BENCH_DATABASE_URL`).
 *
 * Seeds `TERMINALS` (default 10,000) claimed terminals with SQL, a fifth of them with a power schedule
 * (half of those off now), all silent past the offline threshold, and measures:
 * 1. the sweep's raise: `raiseOfflineAlarms` for every silent terminal (power schedules read in each
 *    terminal's zone, the muted ones skipped, one INSERT for the rest) against a bare
 *    `INSERT … SELECT` of the same alarms in the same run;
 * 2. the periodic check for missed alarms (`raiseMissedOfflineAlarms`) over the same fleet once every
 *    alarm is open (it must find nothing and cost little);
 * 3. the notification run over the new alarms (`AlarmNotifier.runOnce` until drained; one e-mail rule
 *    with a daily limit of 1 per terminal and kind, so each terminal's first alarm is sent to the outbox and
 *    later ones are held back) in alarms per second;
 * 4. the alarm list (`abnormalAlarmList`, page 1 and a deep page, with a severity filter and a keyword)
 *    p95 over the API against `GET /f/common/health`-like bare API calls (`askIsHaveAbnormalAlarm`).
 */
import { sql } from 'drizzle-orm';
import { createTestApp, initSystem, login } from '../apps/server/test/helpers/app.js';
import { raiseMissedOfflineAlarms, raiseOfflineAlarms } from '../apps/server/src/terminal/offline-alarms.js';
import { queryRows } from '../apps/server/src/terminal/sql.js';

const TERMINALS = Number(process.env.TERMINALS ?? 10_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (process.env.TARGET === 'postgres') process.env.TEST_DATABASE_URL = PG_URL;
else delete process.env.TEST_DATABASE_URL;

const ms = (start: number) => performance.now() - start;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const r = (x: number) => Math.round(x * 10) / 10;

/** Minutes of now in UTC, as HH:MM shifted by `minutes`. */
const hhmm = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
};

const t = await createTestApp(
  { APM_TIME_ZONE: 'UTC', APM_TERMINAL_OFFLINE_SECONDS: '90' },
  { logger: false },
);
try {
  await initSystem(t.app);
  const cookie = await login(t.app);
  const [root] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM offices ORDER BY id LIMIT 1`);
  const seed = performance.now();
  const everyDay = [0, 1, 2, 3, 4, 5, 6];
  // A fifth have a power schedule: half of them off now (on only from in an hour), half on now.
  const offNow = JSON.stringify({ powerSchedule: [{ weekdays: everyDay, on: hhmm(60), off: hhmm(120) }] });
  const onNow = JSON.stringify({ powerSchedule: [{ weekdays: everyDay, on: hhmm(-60), off: hhmm(60) }] });
  await t.db.execute(sql`
    INSERT INTO terminals (device_id, name, state, token_hash, office_id, online, last_seen_at, settings)
    SELECT 'bench-' || g, 'Screen ' || g, 'claimed', md5('bench-' || g), ${root!.id}, false,
      now() - interval '10 minutes',
      CASE WHEN g % 10 = 0 THEN ${offNow}::jsonb WHEN g % 10 = 5 THEN ${onNow}::jsonb ELSE '{}'::jsonb END
    FROM generate_series(1, ${TERMINALS}) g`);
  const ids = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM terminals ORDER BY id`)).map(
    (row) => row.id,
  );
  console.log(`seeded ${ids.length} terminals in ${(ms(seed) / 1000).toFixed(1)} s`);

  // 1. Baseline: the same alarms by a bare INSERT … SELECT (then removed), then the sweep's raise.
  const bare = performance.now();
  await t.db.execute(sql`
    INSERT INTO abnormal_alarms (terminal_id, office_id, type, detail, notified_at)
    SELECT id, office_id, 'offline', jsonb_build_object('lastSeenAt', last_seen_at), now() FROM terminals`);
  const bareMs = ms(bare);
  await t.db.execute(sql`DELETE FROM abnormal_alarms`);
  const raise = performance.now();
  const muted = await raiseOfflineAlarms(t.db, ids, 'UTC');
  const raiseMs = ms(raise);
  const [{ n: raised }] = (await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM abnormal_alarms`,
  )) as [{ n: number }];
  console.log(
    `raise: ${raised} alarms, ${muted.length} muted by power-off, ${r(raiseMs)} ms vs bare insert ${r(bareMs)} ms = ×${r(raiseMs / bareMs)}`,
  );

  // 2. The periodic check once every silent terminal has its alarm: it finds only the muted ones (still off).
  const missed = performance.now();
  const caught = await raiseMissedOfflineAlarms(t.db, 90, async () => new Set<number>(), 'UTC');
  const missedMs = ms(missed);
  console.log(`missed-alarm check over ${TERMINALS}: ${caught} raised, ${r(missedMs)} ms`);

  // 3. Notifications: one e-mail rule, daily limit 1 per terminal and kind.
  await t.db.execute(sql`
    INSERT INTO alarm_rules (office_id, name, types, min_severity, channel, target, daily_limit)
    VALUES (${root!.id}, 'Bench', '[]'::jsonb, 'info', 'email', 'ops@example.com', 1)`);
  // Half the alarms again for the same terminals (a second offline period): held back by the limit.
  await t.db.execute(sql`
    INSERT INTO abnormal_alarms (terminal_id, office_id, type, detail, ended_at)
    SELECT terminal_id, office_id, 'offline', detail, now() FROM abnormal_alarms WHERE terminal_id % 2 = 0`);
  const notify = performance.now();
  let taken = 0;
  for (
    let n = await t.app.services.alarmNotifier.runOnce();
    n > 0;
    n = await t.app.services.alarmNotifier.runOnce()
  )
    taken += n;
  const notifyMs = ms(notify);
  const states = await queryRows<{ state: string; n: number }>(
    t.db,
    sql`SELECT state, count(*)::int AS n FROM alarm_notifications GROUP BY state ORDER BY state`,
  );
  console.log(
    `notifier: ${taken} alarms in ${(notifyMs / 1000).toFixed(1)} s = ${Math.round(taken / (notifyMs / 1000))}/s (${states.map((s) => `${s.state} ${s.n}`).join(', ')})`,
  );

  // 4. The alarm list over the API against a bare API call of the same module.
  const get = async (url: string) => {
    const start = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/abnormalAlarm/${url}`,
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms(start);
  };
  const rounds = 40;
  const timings: Record<string, number[]> = { bare: [], first: [], deep: [], filtered: [] };
  for (let i = 0; i < rounds; i++) {
    timings.bare!.push(await get('askIsHaveAbnormalAlarm'));
    timings.first!.push(await get('abnormalAlarmList?pageNo=1&pageSize=20'));
    timings.deep!.push(await get(`abnormalAlarmList?pageNo=${Math.floor(TERMINALS / 40)}&pageSize=20`));
    timings.filtered!.push(
      await get('abnormalAlarmList?pageNo=1&pageSize=20&severity=critical&keyword=Screen%2012'),
    );
  }
  const bareP95 = p95(timings.bare!);
  for (const [name, xs] of Object.entries(timings)) {
    console.log(`list ${name}: p95 ${r(p95(xs))} ms (×${r(p95(xs) / bareP95)} of askIsHaveAbnormalAlarm)`);
  }
} finally {
  await t.close();
}
