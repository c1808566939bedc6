import { sql } from 'drizzle-orm';
import type { TerminalStatus } from '@apm/contract';
import type { Database } from '../db/client.js';
import { intArray, jsonRows } from './sql.js';

/** One terminal's presence as a flush writes it to `terminals`. */
export interface PresenceRow {
  id: number;
  online: boolean;
  last_seen_at: string | null;
  online_since: string | null;
  status: TerminalStatus | null;
  app_version: string | null;
  resolution: string | null;
  /** Online seconds to add to the row. */
  add_seconds: number;
}

/**
 * Writes presence rows in one statement. A row never puts an older `last_seen_at` over a newer one:
 * an instance that lost a terminal's channel cannot undo its connect to another instance. The rows
 * written also keep the online history: an online row opens a period at `online_since` unless one is
 * open, an offline row closes the open one at `last_seen_at`.
 */
export async function writePresenceRows(db: Database, rows: readonly PresenceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    WITH written AS (
      UPDATE terminals t SET online = v.online, last_seen_at = v.last_seen_at,
        online_since = v.online_since, status = coalesce(v.status, t.status),
        app_version = coalesce(v.app_version, t.app_version),
        resolution = coalesce(v.resolution, t.resolution),
        online_seconds = t.online_seconds + v.add_seconds
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(id int, online boolean, last_seen_at timestamptz,
        online_since timestamptz, status jsonb, app_version text, resolution text, add_seconds bigint)
      WHERE t.id = v.id
        AND (t.last_seen_at IS NULL OR v.last_seen_at IS NULL OR v.last_seen_at >= t.last_seen_at)
      RETURNING t.id, t.online, t.last_seen_at, t.online_since
    ),
    closed AS (
      UPDATE terminal_online_periods p
      SET ended_at = greatest(p.started_at, coalesce(w.last_seen_at, now()))
      FROM written w
      WHERE NOT w.online AND p.terminal_id = w.id AND p.ended_at IS NULL
      RETURNING 1
    )
    INSERT INTO terminal_online_periods (terminal_id, started_at)
    SELECT w.id, w.online_since FROM written w WHERE w.online AND w.online_since IS NOT NULL
    ON CONFLICT (terminal_id) WHERE ended_at IS NULL DO NOTHING`);
}

/** Ends the open offline alarms of terminals heard from again. */
export async function endOfflineAlarms(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE abnormal_alarms SET ended_at = now()
    WHERE terminal_id = ANY(${intArray(ids)}) AND type = 'offline' AND ended_at IS NULL`);
}
