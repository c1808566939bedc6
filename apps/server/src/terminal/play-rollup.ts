import { sql } from 'drizzle-orm';
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
 * Inserts the events into `play_events` (their partitions must exist), skipping those already stored,
 * with the terminal's office and the program, message and material names as they are now; and adds the
 * rows really inserted to the hourly roll-up `play_hourly`. One statement: both or neither.
 * Roll-up subjects: the program (`program`; `scene` with the scene id as key), the message, the
 * material, or the widget type as key (`widget`, `click`). Hours are UTC hours.
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
    subject AS (
      SELECT date_trunc('hour', started_at, 'UTC') AS hour, terminal_id, coalesce(office_id, 0) AS office_id, kind,
        coalesce(CASE kind WHEN 'program' THEN program_id WHEN 'scene' THEN program_id
          WHEN 'message' THEN message_id WHEN 'material' THEN material_id END, 0) AS subject_id,
        coalesce(CASE kind WHEN 'scene' THEN scene_id WHEN 'widget' THEN widget_type
          WHEN 'click' THEN widget_type END, '') AS subject_key,
        CASE kind WHEN 'program' THEN program_name WHEN 'scene' THEN program_name
          WHEN 'message' THEN message_name WHEN 'material' THEN material_name END AS subject_name,
        duration_ms
      FROM ins
    ),
    rolled AS (
      INSERT INTO play_hourly (hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
      SELECT hour, terminal_id, max(office_id), kind, subject_id, subject_key, max(subject_name), count(*), sum(duration_ms)
      FROM subject
      GROUP BY hour, terminal_id, kind, subject_id, subject_key
      -- One order for every writer: two instances raising the same hours never wait on each other in a cycle.
      ORDER BY hour, terminal_id, kind, subject_id, subject_key
      ON CONFLICT (hour, terminal_id, kind, subject_id, subject_key) DO UPDATE SET
        plays = play_hourly.plays + EXCLUDED.plays,
        duration_ms = play_hourly.duration_ms + EXCLUDED.duration_ms,
        subject_name = coalesce(EXCLUDED.subject_name, play_hourly.subject_name),
        office_id = EXCLUDED.office_id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM rolled)::int AS hours`,
  );
  return result?.inserted ?? 0;
}
