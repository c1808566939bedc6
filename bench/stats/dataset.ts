/**
 * A synthetic but realistic proof-of-play history for benchmarks of the statistics queries: an office
 * tree (customers with offices under the platform root), terminals spread over the offices, a handful
 * of programs, materials and messages per customer, and `days` days of opening hours in which each
 * terminal plays something every few minutes (program, scene and material events; now and then a
 * message, a widget or a button press), online periods (a gap now and then) and head counts of the
 * terminals with a camera. Raw rows go in with COPY (PostgreSQL: pg-copy-streams; PGlite: /dev/blob),
 * or the play events are generated in PostgreSQL itself (`generator: 'sql'`, dataset-sql.ts); the
 * hourly roll-up is then built from them the way the ingest builds it. Deterministic for a seed.
 *
 * Used by `bench/stats/queries.ts` and `bench/stats/ingest.ts`; the database must be migrated and
 * initialised (a platform root office).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { PlayPartitions } from '../../apps/server/src/terminal/play-partitions.js';
import { hourStart, rollUpAllOnline } from '../../apps/server/src/terminal/online-rollup.js';
import { hourlyOf, rebuildCoarseRollups } from '../../apps/server/src/terminal/play-rollup.js';
import { intArray, queryRows } from '../../apps/server/src/terminal/sql.js';
import { copyInto } from './copy.js';
import { generatePlayEventsInSql } from './dataset-sql.js';
import { chunked, DAY, PLAY_COLUMNS, random, terminalDays, type Catalogue } from './dataset-rows.js';

/** What to load; every field has a default. */
export interface StatsDatasetOptions {
  /** Terminals (default 200). */
  terminals?: number;
  /** Days of history ending at `end` (default 30). */
  days?: number;
  /** End of the history, excluded (default: today 00:00 UTC). */
  end?: Date;
  /** Customers under the platform root (default 2), each with `officesPerCustomer` offices (default 5). */
  customers?: number;
  officesPerCustomer?: number;
  /** Programs, materials and messages per customer (defaults 6, 12, 2). */
  programs?: number;
  materials?: number;
  messages?: number;
  /** Mean minutes from one play to the next on a terminal (default 4). */
  playEveryMinutes?: number;
  /** Opening hours, UTC (default 8 to 22). */
  openHour?: number;
  closeHour?: number;
  /** Seed of the generator (default 1). */
  seed?: number;
  /**
   * Where the play events are made: `js` (default) builds them in Node and COPYs them in; `sql`
   * (PostgreSQL) generates them in the database (dataset-sql.ts), for fleets of ≈ 100 M rows.
   */
  generator?: 'js' | 'sql';
  /** Hears progress lines of a long load (default: none). */
  log?: (line: string) => void;
}

/** What was loaded: the ids to query by, the period, and the row counts. */
export interface StatsDataset {
  from: Date;
  to: Date;
  rootOfficeId: number;
  customerIds: number[];
  /** The offices holding terminals, by customer in order. */
  officeIds: number[];
  terminalIds: number[];
  programIds: number[];
  materialIds: number[];
  messageIds: number[];
  rows: { playEvents: number; playHourly: number; onlinePeriods: number; headCounts: number };
  loadMs: number;
  /** Of `loadMs`, rolling the online periods up (as the leader's job would have). */
  onlineRollupMs: number;
}

/** Inserts rows with RETURNING id, in order. */
async function ids(db: Database, statement: ReturnType<typeof sql>): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, statement)).map((r) => r.id);
}

/** The office tree, terminals and each customer's programs, materials and messages. */
async function loadFleet(db: Database, o: Required<Omit<StatsDatasetOptions, 'end' | 'log'>>) {
  const [root] = await queryRows<{ id: number; path: string }>(
    db,
    sql`SELECT id, path FROM offices WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
  );
  if (!root) throw new Error('the database has no root office: initialise the system first');
  const customerIds: number[] = [];
  const officeIds: number[] = [];
  const catalogues: Catalogue[] = [];
  for (let c = 1; c <= o.customers; c++) {
    const [customer] = await ids(
      db,
      sql`INSERT INTO offices (parent_id, name, kind, path) VALUES (${root.id}, ${`Bench customer ${c}`}, 'customer', '/') RETURNING id`,
    );
    await db.execute(sql`UPDATE offices SET path = ${root.path} || id || '/' WHERE id = ${customer!}`);
    customerIds.push(customer!);
    const offices = await ids(
      db,
      sql`INSERT INTO offices (parent_id, name, kind, path)
          SELECT ${customer!}, ${`Bench customer ${c} store `} || g, 'office', '/' FROM generate_series(1, ${o.officesPerCustomer}) g
          RETURNING id`,
    );
    await db.execute(sql`UPDATE offices o SET path = p.path || o.id || '/' FROM offices p
      WHERE p.id = o.parent_id AND o.id = ANY(${intArray(offices)})`);
    officeIds.push(...offices);
    const programs = await queryRows<{ id: number; name: string }>(
      db,
      sql`INSERT INTO programs (name, office_id, document, format_version, width, height)
          SELECT ${`C${c} program `} || g, ${customer!}, '{}', 2, 1920, 1080 FROM generate_series(1, ${o.programs}) g
          RETURNING id, name`,
    );
    const materials = await queryRows<{ id: number; name: string }>(
      db,
      sql`WITH f AS (
            INSERT INTO material_files (md5, size, mime, kind, storage_path)
            SELECT md5(${`bench-${c}-`} || g), 100000, 'image/jpeg', 'image', 'bench/' || md5(${`bench-${c}-`} || g)
            FROM generate_series(1, ${o.materials}) g RETURNING id, md5)
          INSERT INTO materials (name, file_id, office_id, kind, size, md5)
          SELECT ${`C${c} poster `} || f.id || '.jpg', f.id, ${customer!}, 'image', 100000, f.md5 FROM f
          RETURNING id, name`,
    );
    const messages = await queryRows<{ id: number; name: string }>(
      db,
      sql`INSERT INTO messages (name, office_id, kind, document, priority)
          SELECT ${`C${c} notice `} || g, ${customer!}, 'ticker', '{}', 1 FROM generate_series(1, ${o.messages}) g
          RETURNING id, name`,
    );
    catalogues.push({ programs, materials, messages });
  }
  const terminals = await queryRows<{ id: number; office_id: number }>(
    db,
    sql`INSERT INTO terminals (device_id, name, state, token_hash, office_id, platform, last_seen_at, latitude, longitude)
        SELECT 'bench-stats-' || g, 'Screen ' || g, 'claimed', md5('bench-stats-' || g),
          (${intArray(officeIds)})[1 + (g - 1) % ${officeIds.length}], 'android', now(),
          30 + (g % 100) * 0.05, 110 + (g / 100) * 0.05
        FROM generate_series(1, ${o.terminals}) g
        RETURNING id, office_id`,
  );
  return { root, customerIds, officeIds, catalogues, terminals };
}

/**
 * Builds the roll-ups from the raw events of a period the way the ingest does (same subjects, UTC
 * hours): `play_hourly`, then the coarser ones from it. Answers the hourly rows written.
 */
export async function rollUpPeriod(db: Database, from: Date, to: Date): Promise<number> {
  let rows = 0;
  // Day by day: one statement over a fleet's month of events would sort all of it at once.
  for (let day = from.getTime(); day < to.getTime(); day += DAY) {
    const until = new Date(Math.min(day + DAY, to.getTime())).toISOString();
    const events = `(SELECT * FROM play_events WHERE started_at >= '${new Date(day).toISOString()}' AND started_at < '${until}') e`;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH up AS (
        INSERT INTO play_hourly (hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
        ${hourlyOf(events)}
        ON CONFLICT (hour, terminal_id, kind, subject_id, subject_key) DO UPDATE SET
          plays = play_hourly.plays + EXCLUDED.plays, duration_ms = play_hourly.duration_ms + EXCLUDED.duration_ms
        RETURNING 1)
      SELECT count(*)::int AS n FROM up`,
    );
    rows += row?.n ?? 0;
  }
  await rebuildCoarseRollups(db);
  return rows;
}

/** Loads the dataset (see the file's comment) and answers what it loaded. */
export async function loadStatsDataset(
  db: Database,
  driver: 'pglite' | 'postgres',
  options: StatsDatasetOptions = {},
): Promise<StatsDataset> {
  const started = performance.now();
  const o = {
    terminals: 200,
    days: 30,
    customers: 2,
    officesPerCustomer: 5,
    programs: 6,
    materials: 12,
    messages: 2,
    playEveryMinutes: 4,
    openHour: 8,
    closeHour: 22,
    seed: 1,
    generator: 'js' as 'js' | 'sql',
    ...options,
  };
  const log = options.log ?? (() => {});
  const end = options.end ?? new Date(new Date().setUTCHours(0, 0, 0, 0));
  const from = new Date(end.getTime() - o.days * DAY);
  const fleet = await loadFleet(db, o);
  const partitions = new PlayPartitions(db);
  const months: Date[] = [];
  for (let at = from.getTime(); at < end.getTime() + DAY; at += DAY) months.push(new Date(at));
  await partitions.ensure(months);
  const side = { periods: [] as string[], heads: [] as string[] };
  const rand = random(o.seed);
  let playEvents: number;
  if (o.generator === 'sql') {
    if (driver !== 'postgres') throw new Error('the sql generator needs PostgreSQL');
    playEvents = await generatePlayEventsInSql(db, fleet, o, from.getTime(), (day, rows) =>
      log(
        `day ${day + 1}/${o.days}: ${rows.toLocaleString('en')} events (${Math.round((performance.now() - started) / 1000)} s)`,
      ),
    );
    // Without events it yields nothing: it fills `side` with the periods and head counts.
    Array.from(terminalDays(fleet, o, from.getTime(), rand, side, false));
  } else
    playEvents = await copyInto(
      db,
      driver,
      'play_events',
      PLAY_COLUMNS,
      chunked(terminalDays(fleet, o, from.getTime(), rand, side)),
    );
  const onlinePeriods = await copyInto(
    db,
    driver,
    'terminal_online_periods',
    ['terminal_id', 'started_at', 'ended_at'],
    chunked(side.periods),
  );
  const headCounts = await copyInto(
    db,
    driver,
    'head_counts',
    ['terminal_id', 'event_id', 'started_at', 'period_seconds', 'count', 'office_id'],
    chunked(side.heads),
  );
  log(
    `events, periods and head counts in (${Math.round((performance.now() - started) / 1000)} s); rolling up`,
  );
  const playHourly = await rollUpPeriod(db, from, end);
  log(
    `rolled up: ${playHourly.toLocaleString('en')} hourly rows (${Math.round((performance.now() - started) / 1000)} s)`,
  );
  // What the leader's online roll-up job would have done by now (the periods came in by COPY).
  const onlineRolled = performance.now();
  await rollUpAllOnline(db, hourStart(Date.now()));
  const onlineRollupMs = performance.now() - onlineRolled;
  await db.execute(sql`ANALYZE play_events`);
  // VACUUM as autovacuum would have by then: past days' roll-up rows no longer change, so their pages
  // are all-visible and the covering indexes answer without reading the heap.
  for (const table of [
    'play_hourly',
    'play_daily',
    'play_office_hourly',
    'play_reach_hourly',
    'play_reach_daily',
    'terminal_online_periods',
    'head_counts',
  ])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const catalogue = (k: keyof Catalogue) => fleet.catalogues.flatMap((c) => c[k].map((x) => x.id));
  return {
    from,
    to: end,
    rootOfficeId: fleet.root.id,
    customerIds: fleet.customerIds,
    officeIds: fleet.officeIds,
    terminalIds: fleet.terminals.map((t) => t.id),
    programIds: catalogue('programs'),
    materialIds: catalogue('materials'),
    messageIds: catalogue('messages'),
    rows: { playEvents, playHourly, onlinePeriods, headCounts },
    loadMs: performance.now() - started,
    onlineRollupMs,
  };
}
