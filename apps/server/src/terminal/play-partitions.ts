import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { queryRows } from './sql.js';

/** The name of the partition of `play_events` holding a month: `play_events_p202602`. */
export function partitionName(month: Date): string {
  return `play_events_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant (UTC) of the month of `at`, `offset` months later. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The month a partition name stands for, or null when the name is not a month partition's. */
export function monthOfPartition(name: string): Date | null {
  const match = /^play_events_p(\d{4})(\d{2})$/.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? new Date(Date.UTC(Number(match[1]), month - 1, 1)) : null;
}

/** Postgres error code of a row that no partition accepts (its partition was dropped meanwhile). */
const NO_PARTITION = '23514';

/** Whether an error is Postgres refusing a row for want of a partition. */
export function isMissingPartition(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e = err as { code?: string; cause?: unknown } | undefined;
    e && !seen.has(e);
    e = e.cause as never
  ) {
    seen.add(e);
    if (e.code === NO_PARTITION) return true;
  }
  return false;
}

/**
 * The monthly partitions of `play_events` (UTC months): created on demand for the months a batch
 * touches, remembered so that a batch of known months costs no statement.
 */
export class PlayPartitions {
  private readonly known = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Creates the partitions of the months of these instants that this instance does not know yet. */
  async ensure(instants: Iterable<Date>): Promise<void> {
    const months = new Map<string, Date>();
    for (const at of instants) {
      const month = monthStart(at);
      const name = partitionName(month);
      if (!this.known.has(name)) months.set(name, month);
    }
    for (const [name, month] of months) {
      await this.create(name, month);
      this.known.add(name);
    }
  }

  /** Forgets what it knew (a partition may have been dropped by the retention job on another instance). */
  forget(): void {
    this.known.clear();
  }

  /** The partitions that exist, with their months, oldest first. */
  async list(): Promise<{ name: string; month: Date }[]> {
    const rows = await queryRows<{ name: string }>(
      this.db,
      sql`SELECT c.relname AS name FROM pg_inherits i
          JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'play_events'::regclass`,
    );
    return rows
      .map((r) => ({ name: r.name, month: monthOfPartition(r.name) }))
      .filter((p): p is { name: string; month: Date } => p.month !== null)
      .sort((a, b) => a.month.getTime() - b.month.getTime());
  }

  /** Drops a partition (its rows go with it). */
  async drop(name: string): Promise<void> {
    if (!monthOfPartition(name)) throw new Error(`not a play_events partition: ${name}`);
    await this.db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
    this.known.delete(name);
  }

  private async create(name: string, month: Date): Promise<void> {
    const from = month.toISOString();
    const to = monthStart(month, 1).toISOString();
    try {
      // The name and bounds come from a Date, never from input: the statement is safe to inline.
      await this.db.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF play_events FOR VALUES FROM ('${from}') TO ('${to}')`,
        ),
      );
    } catch (err) {
      // Two instances creating the same month at once: IF NOT EXISTS can still lose the race.
      const [exists] = await queryRows<{ exists: boolean }>(
        this.db,
        sql`SELECT to_regclass(${name}) IS NOT NULL AS exists`,
      );
      if (!exists?.exists) throw err;
    }
  }
}
