import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { intArray } from './sql.js';

/**
 * Online history (`terminal_online_periods`): presence opens a period when a terminal comes online and
 * closes it when the terminal goes offline, in the statement that writes the terminal's row (see
 * `writePresenceRows`). These are the other ways a period ends.
 */

/**
 * At start-up, closes periods a crash left open at their terminal's `last_seen_at` (never before the
 * period began): every open period on a single instance, which takes every terminal as offline until
 * heard from; in the scale-out mode only those of terminals the table has offline or no longer has,
 * since the other instances hold the channels of the rest. Answers how many it closed.
 */
export async function closeStalePeriods(
  db: Database,
  { everyOpen }: { everyOpen: boolean },
): Promise<number> {
  const result = (await db.execute(sql`
    UPDATE terminal_online_periods p
    SET ended_at = greatest(p.started_at, coalesce(
      (SELECT t.last_seen_at FROM terminals t WHERE t.id = p.terminal_id), p.started_at))
    WHERE p.ended_at IS NULL
      AND (${everyOpen} OR NOT EXISTS (SELECT 1 FROM terminals t WHERE t.id = p.terminal_id AND t.online))`)) as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** Closes the open periods of these terminals now (they were removed). */
export async function closePeriodsNow(db: Database, terminalIds: readonly number[]): Promise<void> {
  if (terminalIds.length === 0) return;
  await db.execute(sql`
    UPDATE terminal_online_periods SET ended_at = greatest(started_at, now())
    WHERE terminal_id = ANY(${intArray(terminalIds)}) AND ended_at IS NULL`);
}
