/**
 * A synthetic but realistic proof-of-play history for benchmarks of the statistics queries: an office
 * tree (customers with offices under the platform root), terminals spread over the offices, a handful
 * of programs, materials and messages per customer, and `days` days of opening hours in which each
 * terminal plays something every few minutes (program, scene and material events; now and then a
 * message, a widget or a button press), online periods (a gap now and then) and head counts of the
 * terminals with a camera. Raw rows go in with COPY (PostgreSQL: pg-copy-streams; PGlite: /dev/blob);
 * the hourly roll-up is then built from them the way the ingest builds it. Deterministic for a seed.
 *
 * Used by `bench/stats/queries.ts` and `bench/stats/ingest.ts`; the database must be migrated and
 * initialised (a platform root office).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { PlayPartitions } from '../../apps/server/src/terminal/play-partitions.js';
import { intArray, queryRows } from '../../apps/server/src/terminal/sql.js';
import { copyInto } from './copy.js';
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
}

/** Inserts rows with RETURNING id, in order. */
async function ids(db: Database, statement: ReturnType<typeof sql>): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, statement)).map((r) => r.id);
}

/** The office tree, terminals and each customer's programs, materials and messages. */
async function loadFleet(db: Database, o: Required<Omit<StatsDatasetOptions, 'end'>>) {
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
    sql`INSERT INTO terminals (device_id, name, state, token_hash, office_id, platform, last_seen_at)
        SELECT 'bench-stats-' || g, 'Screen ' || g, 'claimed', md5('bench-stats-' || g),
          (${intArray(officeIds)})[1 + (g - 1) % ${officeIds.length}], 'android', now()
        FROM generate_series(1, ${o.terminals}) g
        RETURNING id, office_id`,
  );
  return { root, customerIds, officeIds, catalogues, terminals };
}

/**
 * Builds `play_hourly` from the raw events of a period the way the ingest does (same subjects, UTC hours),
 * adding to what is there. Answers the roll-up rows written.
 */
export async function rollUpPeriod(db: Database, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH up AS (
      INSERT INTO play_hourly (hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
      SELECT date_trunc('hour', started_at, 'UTC'), terminal_id, max(coalesce(office_id, 0)), kind,
        coalesce(CASE kind WHEN 'program' THEN program_id WHEN 'scene' THEN program_id
          WHEN 'message' THEN message_id WHEN 'material' THEN material_id END, 0),
        coalesce(CASE kind WHEN 'scene' THEN scene_id WHEN 'widget' THEN widget_type WHEN 'click' THEN widget_type END, ''),
        max(CASE kind WHEN 'program' THEN program_name WHEN 'scene' THEN program_name
          WHEN 'message' THEN message_name WHEN 'material' THEN material_name END),
        count(*), sum(duration_ms)
      FROM play_events WHERE started_at >= ${from.toISOString()} AND started_at < ${to.toISOString()}
      GROUP BY 1, 2, 4, 5, 6
      ON CONFLICT (hour, terminal_id, kind, subject_id, subject_key) DO UPDATE SET
        plays = play_hourly.plays + EXCLUDED.plays, duration_ms = play_hourly.duration_ms + EXCLUDED.duration_ms
      RETURNING 1)
    SELECT count(*)::int AS n FROM up`,
  );
  return row?.n ?? 0;
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
    ...options,
  };
  const end = options.end ?? new Date(new Date().setUTCHours(0, 0, 0, 0));
  const from = new Date(end.getTime() - o.days * DAY);
  const fleet = await loadFleet(db, o);
  const partitions = new PlayPartitions(db);
  const months: Date[] = [];
  for (let at = from.getTime(); at < end.getTime() + DAY; at += DAY) months.push(new Date(at));
  await partitions.ensure(months);
  const side = { periods: [] as string[], heads: [] as string[] };
  const playEvents = await copyInto(
    db,
    driver,
    'play_events',
    PLAY_COLUMNS,
    chunked(terminalDays(fleet, o, from.getTime(), random(o.seed), side)),
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
  const playHourly = await rollUpPeriod(db, from, end);
  await db.execute(sql`ANALYZE play_events`);
  await db.execute(sql`ANALYZE play_hourly`);
  await db.execute(sql`ANALYZE terminal_online_periods`);
  await db.execute(sql`ANALYZE head_counts`);
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
  };
}
