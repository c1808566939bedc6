import {
  STATS_HOURLY_MAX_DAYS,
  STATS_MAX_DAYS,
  type StatsGranularity,
  type StatsPeriodQuery,
} from '@apm/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeZone, zoneInput } from '../plans/time-zones.js';
import { fieldError } from '../users/user-access.js';

const DAY_MS = 86_400_000;

/** A checked statistics period: `[from, to)`, the zone its days and hours are counted in, the bucket size. */
export interface StatsPeriod {
  from: Date;
  to: Date;
  timeZone: string;
  granularity: StatsGranularity;
}

/**
 * Checks a period: `to` after `from`, at most {@link STATS_MAX_DAYS} days (hourly buckets at most
 * {@link STATS_HOURLY_MAX_DAYS}), a known IANA zone (default: the caller's office's, else the
 * server's). 400 naming the field otherwise.
 */
export async function checkPeriod(
  db: Database,
  auth: AuthContext,
  q: Pick<StatsPeriodQuery, 'from' | 'to' | 'timeZone' | 'granularity'>,
  fallbackZone: string,
  maxDays = STATS_MAX_DAYS,
): Promise<StatsPeriod> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (Number.isNaN(from.getTime())) throw fieldError(400, 'from', 'from must be an ISO 8601 date-time');
  if (Number.isNaN(to.getTime())) throw fieldError(400, 'to', 'to must be an ISO 8601 date-time');
  if (to <= from) throw fieldError(400, 'to', 'to must be after from');
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  if (days > maxDays) throw fieldError(400, 'to', `the period from–to may span at most ${maxDays} days`);
  const granularity = q.granularity ?? (days > 62 ? 'month' : days > 2 ? 'day' : 'hour');
  if (granularity === 'hour' && days > STATS_HOURLY_MAX_DAYS)
    throw fieldError(
      400,
      'granularity',
      `hourly buckets cover at most ${STATS_HOURLY_MAX_DAYS} days; choose day or month`,
    );
  const timeZone = zoneInput(q.timeZone) ?? (await officeZone(db, auth.officePath, fallbackZone));
  return { from, to, timeZone, granularity };
}

/** ISO 8601 text (UTC) of a timestamptz expression. */
export const isoText = (expr: SQL | AnyPgColumn): SQL<string> =>
  sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The start of the bucket holding `column` (a timestamptz) in the period's zone, as a timestamptz. */
export const bucketStart = (column: AnyPgColumn | SQL, p: StatsPeriod): SQL =>
  sql`(date_trunc(${p.granularity}, ${column} at time zone ${p.timeZone}) at time zone ${p.timeZone})`;

/** The start of the bucket holding `column`, as ISO 8601 text. */
export const bucketOf = (column: AnyPgColumn | SQL, p: StatsPeriod): SQL<string> =>
  isoText(bucketStart(column, p));

/**
 * Every bucket of the period as rows `(b, e)` (start and end, timestamptz), stepping in local time so
 * that days and months follow the zone's clock across daylight-saving changes.
 */
export function bucketRows(p: StatsPeriod): SQL {
  return sql`select l at time zone ${p.timeZone} as b, (l + ${`1 ${p.granularity}`}::interval) at time zone ${p.timeZone} as e
    from generate_series(date_trunc(${p.granularity}, ${p.from.toISOString()}::timestamptz at time zone ${p.timeZone}),
                         ${p.to.toISOString()}::timestamptz at time zone ${p.timeZone} - interval '1 microsecond',
                         ${`1 ${p.granularity}`}::interval) l`;
}

/** Fills a sparse series so every bucket of the period appears (0 where nothing happened). */
export function fillSeries<T extends { bucket: string }>(
  buckets: readonly string[],
  rows: readonly T[],
  empty: (bucket: string) => T,
): T[] {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((b) => byBucket.get(b) ?? empty(b));
}

/** A bucket of the period: its start as ISO text and its bounds in epoch ms. */
export interface Bucket {
  bucket: string;
  start: number;
  end: number;
}

/** Every bucket of the period in order (see {@link bucketRows}), read once per call. */
export async function periodBuckets(db: Database, p: StatsPeriod): Promise<Bucket[]> {
  const rows = await queryRows<{ b: string; e: string }>(
    db,
    sql`select ${isoText(sql`b`)} as b, ${isoText(sql`e`)} as e from (${bucketRows(p)}) x order by 1`,
  );
  return rows.map((r) => ({ bucket: r.b, start: Date.parse(r.b), end: Date.parse(r.e) }));
}

/** Index of the bucket holding the instant `at` (epoch ms), or -1 (binary search). */
export function bucketIndex(buckets: readonly Bucket[], at: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = buckets[mid]!;
    if (at < b.start) hi = mid - 1;
    else if (at >= b.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday (1 = Monday) and hour of day of an instant on the clocks of `timeZone`. */
export function localClock(timeZone: string): (at: number) => { weekday: number; hour: number } {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = format.formatToParts(new Date(at));
    const weekday = WEEKDAYS[parts.find((x) => x.type === 'weekday')!.value]!;
    return { weekday, hour: Number(parts.find((x) => x.type === 'hour')!.value) };
  };
}
