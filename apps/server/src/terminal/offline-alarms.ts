import { powerOnAt } from '@apm/schedule';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { effectiveZones } from '../modules/plans/time-zones.js';
import { intArray, queryRows } from './sql.js';

/**
 * Offline alarms, muted while a terminal is in its scheduled power-off: a screen that its power
 * schedule turned off is expected to be dark. A terminal muted when it went silent gets its alarm
 * from the periodic check for missed ones, once its schedule has it on and it is still silent.
 */

/**
 * Terminals with an open offline alarm. Used as `NOT IN` (a hashed subplan: one pass) rather than
 * `NOT EXISTS`, which without table statistics (PGlite never gathers them) is planned as a nested
 * loop over every alarm for every terminal.
 */
const OPEN_OFFLINE = sql`SELECT terminal_id FROM abnormal_alarms WHERE type = 'offline' AND ended_at IS NULL`;

interface PowerEntry {
  weekdays: number[];
  on: string;
  off: string;
}

/** The weekday (0 = Sunday) and minute of the day at `atMs` in a zone. */
export function wallClockAt(atMs: number, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(atMs);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { weekday, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const isEntry = (e: unknown): e is PowerEntry =>
  typeof e === 'object' &&
  e !== null &&
  Array.isArray((e as PowerEntry).weekdays) &&
  typeof (e as PowerEntry).on === 'string' &&
  typeof (e as PowerEntry).off === 'string' &&
  /^\d{2}:\d{2}$/.test((e as PowerEntry).on) &&
  /^\d{2}:\d{2}$/.test((e as PowerEntry).off);

/** Of these terminals, those their power schedule has off at `atMs` (in each one's zone). */
export async function poweredOff(
  db: Database,
  ids: readonly number[],
  zoneFallback: string,
  atMs = Date.now(),
): Promise<Set<number>> {
  const off = new Set<number>();
  if (ids.length === 0) return off;
  const rows = await queryRows<{ id: number; settings: Record<string, unknown>; path: string | null }>(
    db,
    sql`SELECT t.id, t.settings, o.path FROM terminals t LEFT JOIN offices o ON o.id = t.office_id
      WHERE t.id = ANY(${intArray(ids)}) AND jsonb_typeof(t.settings->'powerSchedule') = 'array'
        AND jsonb_array_length(t.settings->'powerSchedule') > 0`,
  );
  if (rows.length === 0) return off;
  const zones = await effectiveZones(
    db,
    rows.map((r) => ({ id: r.id, settings: r.settings, officePath: r.path })),
    zoneFallback,
  );
  for (const row of rows) {
    const entries = (row.settings.powerSchedule as unknown[]).filter(isEntry);
    if (entries.length === 0) continue;
    const { weekday, minute } = wallClockAt(atMs, zones.get(row.id) ?? zoneFallback);
    if (!powerOnAt(entries, minute, weekday)) off.add(row.id);
  }
  return off;
}

/**
 * Raises an offline alarm for silent terminals: claimed ones only, once per silence (removed ones
 * skipped by the join), none for a terminal in its scheduled power-off. Answers the muted ones.
 */
export async function raiseOfflineAlarms(
  db: Database,
  ids: readonly number[],
  zoneFallback: string,
  atMs = Date.now(),
): Promise<number[]> {
  if (ids.length === 0) return [];
  const muted = await poweredOff(db, ids, zoneFallback, atMs);
  const raise = muted.size ? ids.filter((id) => !muted.has(id)) : ids;
  if (raise.length) {
    await db.execute(sql`
      INSERT INTO abnormal_alarms (terminal_id, office_id, type, detail)
      SELECT t.id, t.office_id, 'offline', jsonb_build_object('lastSeenAt', t.last_seen_at)
      FROM terminals t
      WHERE t.id = ANY(${intArray(raise)}) AND t.state = 'claimed' AND t.id NOT IN (${OPEN_OFFLINE})`);
  }
  return [...muted];
}

/**
 * Claimed terminals silent past the offline threshold without an open offline alarm: muted by a
 * power-off when they went silent, or left unraised while the server was down. `isLive` answers
 * which of them presence holds online after all (a channel not yet flushed to the table).
 */
export async function raiseMissedOfflineAlarms(
  db: Database,
  offlineSeconds: number,
  isLive: (ids: number[]) => Promise<Set<number>>,
  zoneFallback: string,
  atMs = Date.now(),
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM terminals t
      WHERE t.state = 'claimed' AND NOT t.online AND t.last_seen_at IS NOT NULL
        AND t.last_seen_at < ${new Date(atMs - offlineSeconds * 1000).toISOString()}::timestamptz
        AND t.id NOT IN (${OPEN_OFFLINE})
      LIMIT 5000`,
  );
  if (rows.length === 0) return 0;
  const live = await isLive(rows.map((r) => r.id));
  const silent = rows.map((r) => r.id).filter((id) => !live.has(id));
  const muted = await raiseOfflineAlarms(db, silent, zoneFallback, atMs);
  return silent.length - muted.length;
}
