import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { PresenceDirectory } from './presence-directory.js';
import { raiseOfflineAlarms } from './offline-alarms.js';
import { intArray, queryRows } from './sql.js';

/**
 * Scale-out mode, on the leader only: terminals silent past the offline threshold on any instance
 * (or whose instance died with their channels) go offline in the table and get one offline alarm.
 * A new leader first watches every terminal the table says is online, giving each a full offline
 * period to be heard from.
 */
export class LeaderPresenceSweep {
  /** Whether this instance led at the last run. */
  private leading = false;

  constructor(
    private readonly db: Database,
    private readonly directory: PresenceDirectory,
    private readonly offlineSeconds: number,
    private readonly isLeader: () => boolean,
    private readonly zoneFallback: string,
  ) {}

  /** One sweep; answers the terminals it took offline (none when this instance does not lead). */
  async run(now = Date.now()): Promise<number[]> {
    if (!this.isLeader()) {
      this.leading = false;
      return [];
    }
    if (!this.leading) {
      const online = await queryRows<{ id: number }>(this.db, sql`SELECT id FROM terminals WHERE online`);
      await this.directory.watch(
        online.map((r) => r.id),
        now,
      );
      this.leading = true;
    }
    const silent = await this.directory.sweep(now - this.offlineSeconds * 1000);
    if (silent.length === 0) return silent;
    // Their online periods end when they were last seen (as the table has it: written every minute at least).
    await this.db.execute(sql`
      WITH off AS (
        UPDATE terminals SET online = false, online_since = NULL
        WHERE id = ANY(${intArray(silent)}) AND online
        RETURNING id, last_seen_at
      )
      UPDATE terminal_online_periods p SET ended_at = greatest(p.started_at, coalesce(off.last_seen_at, now()))
      FROM off WHERE p.terminal_id = off.id AND p.ended_at IS NULL`);
    await raiseOfflineAlarms(this.db, silent, this.zoneFallback);
    return silent;
  }
}
