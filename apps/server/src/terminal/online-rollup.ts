import { sql } from 'drizzle-orm';
import { PeriodicLeaderTask } from '../cluster/periodic-task.js';
import type { Database } from '../db/client.js';
import { ROLLUP_COUNTS, rollupCtes } from './play-rollup.js';
import { queryRows } from './sql.js';

/**
 * The roll-up kind of online time (`terminal_online_periods`): `duration_ms` is the time online in the
 * hour (or day), `plays` is 0; the reach bit sets hold the terminals online in it. The statistics read
 * online time, startup rate and the online map from these rows and the periods' unrolled rest.
 */
export const ONLINE_KIND = 'online';

/** How often the leader rolls the online periods up. */
const EVERY_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** Periods moved per statement: one statement holds their row locks until it commits. */
export const ONLINE_ROLLUP_BATCH = 5_000;

/** The periods not rolled up to their end (the predicate of `terminal_online_periods_unrolled_idx`). */
export const UNROLLED = sql.raw('(ended_at IS NULL OR rolled_until IS NULL OR rolled_until < ended_at)');

/**
 * Moves up to `batch` periods' roll-up watermark (`rolled_until`) to `before` (or to their end when
 * they ended by then) and adds the time in between to the roll-ups, per UTC hour, in one statement: a
 * read sees a period's time either in the roll-ups or after its watermark, never both. `before` should
 * be an hour start, so that an open period's hours are rolled up whole. Periods another writer holds
 * are skipped (SKIP LOCKED). Answers how many periods it moved.
 */
export async function rollUpOnline(db: Database, before: Date, batch = ONLINE_ROLLUP_BATCH): Promise<number> {
  const until = before.toISOString();
  const [row] = await queryRows<{ moved: number }>(
    db,
    sql`
    WITH picked AS (
      SELECT id, terminal_id, coalesce(rolled_until, started_at) AS a,
        greatest(coalesce(rolled_until, started_at), least(coalesce(ended_at, ${until}::timestamptz), ${until}::timestamptz)) AS b
      FROM terminal_online_periods
      WHERE ${UNROLLED}
        AND (ended_at <= ${until}::timestamptz OR coalesce(rolled_until, started_at) < ${until}::timestamptz)
      ORDER BY id LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    ),
    moved AS (
      UPDATE terminal_online_periods p SET rolled_until = picked.b
      FROM picked WHERE p.id = picked.id
      RETURNING picked.terminal_id, picked.a, picked.b
    ),
    hourly AS (
      SELECT h AS hour, m.terminal_id, max(coalesce(t.office_id, 0)) AS office_id, ${ONLINE_KIND}::text AS kind,
        0 AS subject_id, ''::text AS subject_key, NULL::text AS subject_name, 0 AS plays,
        sum(round(extract(epoch FROM least(m.b, h + interval '1 hour') - greatest(m.a, h)) * 1000))::bigint AS duration_ms
      FROM moved m
        LEFT JOIN terminals t ON t.id = m.terminal_id
        CROSS JOIN LATERAL generate_series(date_trunc('hour', m.a, 'UTC'), m.b, interval '1 hour') h
      WHERE h < m.b
      GROUP BY 1, 2
    ),
    ${rollupCtes()}
    SELECT (SELECT count(*) FROM moved)::int AS moved, (${ROLLUP_COUNTS})::int AS rolled`,
  );
  return row?.moved ?? 0;
}

/** Rolls every period up to `before` (batch after batch). Answers the periods moved. */
export async function rollUpAllOnline(db: Database, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await rollUpOnline(db, before);
    total += moved;
    if (moved < ONLINE_ROLLUP_BATCH) return total;
  }
}

/** The start of the UTC hour of `ms`. */
export const hourStart = (ms: number): Date => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);

/**
 * The online roll-up job, run once for the cluster by the leader every five minutes: rolls the online
 * periods up to the start of the current hour, so that the statistics read at most the last hour or so
 * of each period from the periods themselves.
 */
export class OnlineRollup extends PeriodicLeaderTask<number> {
  protected readonly failure = 'online roll-up failed';

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    super(EVERY_MS);
  }

  /** One run: every period up to the current hour's start. Answers the periods moved. */
  run(): Promise<number> {
    return rollUpAllOnline(this.db, hourStart(this.now()));
  }

  protected report(moved: number): void {
    if (moved) this.log?.info({ moved }, 'online periods rolled up');
  }
}
