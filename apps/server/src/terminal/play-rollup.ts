import { sql, type SQL } from 'drizzle-orm';
import { REACH_CHUNK_BITS } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { jsonRows, queryRows } from './sql.js';

/** One event as the ingest writes it (snake case: the keys of `jsonb_to_recordset`). */
export interface PlayRow {
  terminal_id: number;
  event_id: string;
  kind: string;
  program_id: number | null;
  scene_id: string | null;
  message_id: number | null;
  material_id: number | null;
  widget_type: string | null;
  widget_id: string | null;
  /** ISO 8601. */
  started_at: string;
  duration_ms: number;
}

/**
 * The roll-up kind of audience counts (`head_counts`): `plays` is people counted and `duration_ms` the
 * time counted, so that the statistics read them by hour, day and office like plays.
 */
export const AUDIENCE_KIND = 'audience';

/** The terminals a reach row's bit set holds (see `play_reach_hourly`). */
const CHUNK = REACH_CHUNK_BITS;

/**
 * CTEs raising the roll-ups from a CTE `hourly` of increments of `play_hourly` (columns hour, terminal_id,
 * office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms): `play_hourly` itself
 * (`rolled`, see {@link rollupCtes}), and the coarser ones `play_daily`,
 * `play_office_hourly`, `play_reach_hourly` and `play_reach_daily`, each also with the all-subjects row of
 * a kind (`subject_id` -1, `subject_key` '*'). Every insert goes in key order: two writers raising the
 * same rows never wait on each other in a cycle.
 */
function coarseRollupCtes(): string {
  return `
    expanded AS (
      SELECT hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms FROM hourly
      UNION ALL
      SELECT hour, terminal_id, max(office_id), kind, -1, '*', NULL, sum(plays), sum(duration_ms)
      FROM hourly GROUP BY hour, terminal_id, kind
    ),
    daily AS (
      INSERT INTO play_daily (day, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
      SELECT date_trunc('day', hour, 'UTC'), terminal_id, max(office_id), kind, subject_id, subject_key, max(subject_name),
        sum(plays), sum(duration_ms)
      FROM expanded GROUP BY 1, terminal_id, kind, subject_id, subject_key
      ORDER BY 1, terminal_id, kind, subject_id, subject_key
      ON CONFLICT (day, terminal_id, kind, subject_id, subject_key) DO UPDATE SET
        plays = play_daily.plays + EXCLUDED.plays,
        duration_ms = play_daily.duration_ms + EXCLUDED.duration_ms,
        subject_name = coalesce(EXCLUDED.subject_name, play_daily.subject_name),
        office_id = EXCLUDED.office_id
      RETURNING 1
    ),
    office_hourly AS (
      INSERT INTO play_office_hourly (hour, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
      SELECT hour, office_id, kind, subject_id, subject_key, max(subject_name), sum(plays), sum(duration_ms)
      FROM expanded GROUP BY hour, office_id, kind, subject_id, subject_key
      ORDER BY hour, office_id, kind, subject_id, subject_key
      ON CONFLICT (hour, office_id, kind, subject_id, subject_key) DO UPDATE SET
        plays = play_office_hourly.plays + EXCLUDED.plays,
        duration_ms = play_office_hourly.duration_ms + EXCLUDED.duration_ms,
        subject_name = coalesce(EXCLUDED.subject_name, play_office_hourly.subject_name)
      RETURNING 1
    ),
    reach_hourly AS (
      INSERT INTO play_reach_hourly (hour, office_id, kind, subject_id, subject_key, chunk, terminals)
      SELECT hour, office_id, kind, subject_id, subject_key, terminal_id / ${CHUNK},
        bit_or(set_bit(B'0'::bit(${CHUNK}), terminal_id % ${CHUNK}, 1))
      FROM expanded GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (hour, office_id, kind, subject_id, subject_key, chunk) DO UPDATE SET
        terminals = play_reach_hourly.terminals | EXCLUDED.terminals
      RETURNING 1
    ),
    reach_daily AS (
      INSERT INTO play_reach_daily (day, office_id, kind, subject_id, subject_key, chunk, terminals)
      SELECT date_trunc('day', hour, 'UTC'), office_id, kind, subject_id, subject_key, terminal_id / ${CHUNK},
        bit_or(set_bit(B'0'::bit(${CHUNK}), terminal_id % ${CHUNK}, 1))
      FROM expanded GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (day, office_id, kind, subject_id, subject_key, chunk) DO UPDATE SET
        terminals = play_reach_daily.terminals | EXCLUDED.terminals
      RETURNING 1
    )`;
}

/**
 * CTEs adding a CTE `hourly` of increments (see {@link coarseRollupCtes}) to `play_hourly` (`rolled`)
 * and to every coarser roll-up, in one statement with whatever wrote the raw rows. The statement ends
 * with a SELECT of {@link ROLLUP_COUNTS}, so that each of them runs.
 */
export function rollupCtes(): SQL {
  return sql.raw(`
    rolled AS (
      INSERT INTO play_hourly (hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
      SELECT hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms
      FROM hourly
      -- One order for every writer: two instances raising the same hours never wait on each other in a cycle.
      ORDER BY hour, terminal_id, kind, subject_id, subject_key
      ON CONFLICT (hour, terminal_id, kind, subject_id, subject_key) DO UPDATE SET
        plays = play_hourly.plays + EXCLUDED.plays,
        duration_ms = play_hourly.duration_ms + EXCLUDED.duration_ms,
        subject_name = coalesce(EXCLUDED.subject_name, play_hourly.subject_name),
        office_id = EXCLUDED.office_id
      RETURNING 1
    ),${coarseRollupCtes()}`);
}

/** The rows the coarse roll-up CTEs wrote, as a sum. */
const COARSE_COUNTS = `(SELECT count(*) FROM daily) + (SELECT count(*) FROM office_hourly)
  + (SELECT count(*) FROM reach_hourly) + (SELECT count(*) FROM reach_daily)`;

/** The rows the roll-up CTEs of {@link rollupCtes} wrote, as a sum. */
export const ROLLUP_COUNTS = sql.raw(`(SELECT count(*) FROM rolled) + ${COARSE_COUNTS}`);

/**
 * Inserts the events into `play_events` (their partitions must exist), skipping those already stored,
 * with the terminal's office and the program, message and material names as they are now; and adds the
 * rows really inserted to the hourly roll-up `play_hourly` and the coarser ones built on it (see
 * {@link coarseRollupCtes}). One statement: all or nothing.
 * Roll-up subjects: the program (`program`; `scene` with the scene id as key), the message, the
 * material, or the widget type as key (`widget`, `click`). Hours and days are UTC.
 * Answers how many events were new.
 */
export async function insertPlayRows(db: Database, rows: readonly PlayRow[]): Promise<number> {
  const [result] = await queryRows<{ inserted: number }>(
    db,
    sql`
    WITH v AS (
      SELECT DISTINCT ON (r.terminal_id, r.event_id, r.started_at) r.*
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS r(terminal_id int, event_id text, kind text, program_id int,
        scene_id text, message_id int, material_id int, widget_type text, widget_id text,
        started_at timestamptz, duration_ms int)
    ),
    ins AS (
      INSERT INTO play_events (terminal_id, event_id, kind, office_id, program_id, program_name, scene_id,
        message_id, message_name, material_id, material_name, widget_type, widget_id, started_at, duration_ms)
      SELECT v.terminal_id, v.event_id, v.kind, t.office_id, v.program_id, p.name, v.scene_id,
        v.message_id, m.name, v.material_id, ma.name, v.widget_type, v.widget_id, v.started_at, v.duration_ms
      FROM v
      LEFT JOIN terminals t ON t.id = v.terminal_id
      LEFT JOIN programs p ON p.id = v.program_id
      LEFT JOIN messages m ON m.id = v.message_id
      LEFT JOIN materials ma ON ma.id = v.material_id
      ON CONFLICT DO NOTHING
      RETURNING terminal_id, kind, office_id, program_id, program_name, scene_id, message_id, message_name,
        material_id, material_name, widget_type, started_at, duration_ms
    ),
    hourly AS (${hourlyOf('ins')}),
    ${rollupCtes()}
    SELECT (SELECT count(*) FROM ins)::int AS inserted, (${ROLLUP_COUNTS})::int AS rolled`,
  );
  return result?.inserted ?? 0;
}

/**
 * The increments of `play_hourly` from a relation of play events (columns of `play_events`): per UTC
 * hour, terminal, kind and subject.
 */
export function hourlyOf(events: string): SQL {
  return sql.raw(`
      SELECT date_trunc('hour', started_at, 'UTC') AS hour, terminal_id, max(coalesce(office_id, 0)) AS office_id, kind,
        coalesce(CASE kind WHEN 'program' THEN program_id WHEN 'scene' THEN program_id
          WHEN 'message' THEN message_id WHEN 'material' THEN material_id END, 0) AS subject_id,
        coalesce(CASE kind WHEN 'scene' THEN scene_id WHEN 'widget' THEN widget_type
          WHEN 'click' THEN widget_type END, '') AS subject_key,
        max(CASE kind WHEN 'program' THEN program_name WHEN 'scene' THEN program_name
          WHEN 'message' THEN message_name WHEN 'material' THEN material_name END) AS subject_name,
        count(*)::int AS plays, sum(duration_ms)::bigint AS duration_ms
      FROM ${events}
      GROUP BY 1, 2, 4, 5, 6`);
}

/**
 * Builds the coarser roll-ups again from `play_hourly` (all of it, or one kind's rows), after adding the
 * audience rows of `head_counts` to it afresh (unless only another kind is rebuilt): for data written
 * into `play_hourly` or `head_counts` directly (the benchmark's dataset, tests). Not while the online
 * roll-up job runs: rows it adds between the truncation and the rebuild would count twice.
 * One statement per UTC day of data. Answers the coarse rows written.
 */
export async function rebuildCoarseRollups(db: Database, kind?: string): Promise<number> {
  const coarse = ['play_daily', 'play_office_hourly', 'play_reach_hourly', 'play_reach_daily'];
  if (kind === undefined) await db.execute(sql.raw(`TRUNCATE ${coarse.join(', ')}`));
  else
    for (const table of coarse)
      await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE kind = ${kind}`);
  if (kind === undefined || kind === AUDIENCE_KIND) {
    await db.execute(sql`DELETE FROM play_hourly WHERE kind = ${AUDIENCE_KIND}`);
    await db.execute(sql`INSERT INTO play_hourly (hour, terminal_id, office_id, kind, plays, duration_ms)
      SELECT date_trunc('hour', started_at, 'UTC'), terminal_id, max(coalesce(office_id, 0)), ${AUDIENCE_KIND},
        sum(count), sum(period_seconds) * 1000
      FROM head_counts GROUP BY 1, 2`);
  }
  const ofKind = kind === undefined ? sql`` : sql`AND kind = ${kind}`;
  // A UTC day at a time: every coarse row is of one hour or one UTC day, so the slices add up to the whole,
  // and a fleet's month of hourly rows is never sorted at once (at 77 M rows that spilled 40 GB).
  const days = await queryRows<{ day: number }>(
    db,
    sql`SELECT DISTINCT floor(extract(epoch FROM hour) / 86400)::int AS day FROM play_hourly WHERE true ${ofKind} ORDER BY 1`,
  );
  let written = 0;
  for (const { day } of days) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH hourly AS (
          SELECT hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms FROM play_hourly
          WHERE hour >= to_timestamp(${day * 86400}::float8) AND hour < to_timestamp(${(day + 1) * 86400}::float8) ${ofKind}
        ),
        ${sql.raw(coarseRollupCtes())}
        SELECT (${sql.raw(COARSE_COUNTS)})::int AS n`,
    );
    written += row?.n ?? 0;
  }
  return written;
}
