import { sql, type SQL } from 'drizzle-orm';
import {
  playReachDaily,
  playReachHourly,
  REACH_CHUNK_BITS,
  terminalOnlinePeriods,
} from '../../db/schema/index.js';
import { ONLINE_KIND, UNROLLED } from '../../terminal/online-rollup.js';
import {
  ALL_SUBJECTS,
  hourlySums,
  inSpans,
  namesTerminals,
  periodParts,
  terminalSums,
} from './play-rollup-reads.js';
import type { StatsPeriod } from './stats-period.js';
import { rowScope, scopedTerminalIds, type StatsScope } from './stats-scope.js';

/**
 * Online time, startup rate and the online map read the online roll-ups (kind `online` of the play
 * roll-ups, raised by `rollUpOnline`) up to each period's watermark and the periods themselves after
 * it, in one statement so that a roll-up running meanwhile is seen whole or not at all. Where the
 * roll-ups cannot answer exactly — a period not on UTC hours (zones such as UTC+5:30), a scope that
 * names terminals (their periods are few) — every period is read whole, as before the roll-ups.
 */

const HOUR_MS = 3_600_000;
const CHUNK = REACH_CHUNK_BITS;

/** Whether the roll-ups answer the call: the period is on whole UTC hours and the scope is offices. */
export const rollupAnswers = (scope: StatsScope, p: StatsPeriod): boolean =>
  !namesTerminals(scope) && p.from.getTime() % HOUR_MS === 0 && p.to.getTime() % HOUR_MS === 0;

/** The end of what a period reads: its end, or now while it lasts. */
export const untilOf = (p: StatsPeriod, now: Date): Date => new Date(Math.min(p.to.getTime(), now.getTime()));

/**
 * The online periods of the scoped terminals still to read as periods, clipped to `[from, min(to, now))`,
 * as the body of a CTE `p(terminal_id, s, e)` (an open period lasts until now): with the roll-ups, only
 * the part after each period's watermark; else the whole periods.
 */
export function periodsToRead(scope: StatsScope, p: StatsPeriod, now: Date, rolled: boolean): SQL {
  const from = p.from.toISOString();
  const to = untilOf(p, now).toISOString();
  const t = terminalOnlinePeriods;
  const start = rolled ? sql`coalesce(${t.rolledUntil}, ${t.startedAt})` : sql`${t.startedAt}`;
  return sql`select ${t.terminalId} as terminal_id,
      greatest(${start}, ${from}::timestamptz) as s,
      least(coalesce(${t.endedAt}, ${now.toISOString()}::timestamptz), ${to}::timestamptz) as e
    from ${t}
    where ${rolled ? UNROLLED : sql`true`}
      and ${t.terminalId} in ${scopedTerminalIds(scope)}
      and ${start} < ${to}::timestamptz
      and (${t.endedAt} is null or ${t.endedAt} > ${from}::timestamptz)`;
}

/**
 * The periods (CTE `p`) cut at the buckets of the period (CTE `b` of `bucketRows`) as a CTE
 * `pb(terminal_id, bucket, s, e)`, with the CTEs `bi(i, b, e)` and `starts(a)` that number the buckets:
 * each period joins only the buckets it overlaps, found by a binary search of the bucket starts
 * (`width_bucket`), not by comparing every period with every bucket.
 */
export const periodsByBucket = sql`bi as (select row_number() over (order by b) as i, b, e from b),
  starts as (select array_agg(b order by i) as a from bi),
  pb as (
    select p.terminal_id, bi.b as bucket, greatest(p.s, bi.b) as s, least(p.e, bi.e) as e
    from p cross join starts
      cross join lateral generate_series(width_bucket(p.s, starts.a), width_bucket(p.e, starts.a)) g(i)
      join bi on bi.i = g.i
    where p.e > p.s and least(p.e, bi.e) > greatest(p.s, bi.b))`;

/** Rolled-up online hours of the scope `(hour, office_id, ms)` (none without the roll-ups), as a subquery. */
export function rolledHours(scope: StatsScope, p: StatsPeriod, rolled: boolean): SQL {
  if (!rolled) return sql`(select null::timestamptz as hour, 0 as office_id, 0::bigint as ms where false)`;
  return sql`(select r.hour, r.office_id, r.ms from ${hourlySums(scope, p, { kind: ONLINE_KIND })} r)`;
}

/** Rolled-up online seconds per terminal of the scope `(terminal_id, seconds)` (none without the roll-ups). */
export function rolledTerminalSeconds(scope: StatsScope, p: StatsPeriod, rolled: boolean): SQL {
  if (!rolled) return sql`(select 0 as terminal_id, 0::float8 as seconds where false)`;
  return sql`(select r.terminal_id, sum(r.ms)::float8 / 1000 as seconds
    from ${terminalSums(scope, p, { kind: ONLINE_KIND })} r group by r.terminal_id)`;
}

/** A terminal's bit in its chunk's set (as in the reach roll-ups). */
const terminalBit = (id: SQL) => sql`set_bit(B'0'::bit(${sql.raw(String(CHUNK))}), ${id} % ${CHUNK}, 1)`;

/**
 * Per bucket, how many terminals were online at some time in it, as a CTE `started(bucket, n)` after
 * {@link periodsByBucket}: the OR of the rolled-up hours' terminal sets and of the periods read.
 */
export function startedByBucket(scope: StatsScope, p: StatsPeriod, rolled: boolean): SQL {
  const r = playReachHourly;
  const rolledRows = rolled
    ? sql`select bi.b as bucket, ${r.chunk} as chunk, ${r.terminals} as terminals
        from ${r} cross join starts join bi on bi.i = width_bucket(${r.at}, starts.a)
        where ${r.kind} = ${ONLINE_KIND} and ${r.subjectId} = ${ALL_SUBJECTS}
          and ${rowScope(scope, r.officeId, r.officeId)}
          and ${r.at} >= ${p.from.toISOString()}::timestamptz and ${r.at} < ${p.to.toISOString()}::timestamptz`
    : sql`select null::timestamptz as bucket, 0 as chunk, null::bit(${sql.raw(String(CHUNK))}) as terminals where false`;
  return sql`sets as (
      ${rolledRows}
      union all
      select bucket, terminal_id / ${CHUNK}, bit_or(${terminalBit(sql`terminal_id`)}) from pb group by 1, 2),
    merged as (select bucket, bit_or(terminals) as terminals from sets group by bucket, chunk),
    started as (select bucket, sum(bit_count(terminals))::int as n from merged group by bucket)`;
}

/**
 * How many terminals were online at some time in the period, as a CTE `started_any(n)` after a CTE `p`
 * of the periods read: the rolled-up whole days' and hours' terminal sets OR-ed with the periods'.
 */
export function startedInPeriod(scope: StatsScope, p: StatsPeriod, rolled: boolean): SQL {
  const parts = periodParts(p.from, p.to);
  const part = (t: typeof playReachDaily | typeof playReachHourly, spans: [Date, Date][]) =>
    sql`select ${t.chunk} as chunk, ${t.terminals} as terminals from ${t}
      where ${inSpans(t.at, spans)} and ${t.kind} = ${ONLINE_KIND} and ${t.subjectId} = ${ALL_SUBJECTS}
        and ${rowScope(scope, t.officeId, t.officeId)}`;
  const rolledRows = rolled
    ? sql`${part(playReachDaily, parts.days ? [parts.days] : [])} union all ${part(playReachHourly, parts.hours)}`
    : sql`select 0 as chunk, null::bit(${sql.raw(String(CHUNK))}) as terminals where false`;
  return sql`any_sets as (
      ${rolledRows}
      union all
      select terminal_id / ${CHUNK}, bit_or(${terminalBit(sql`terminal_id`)}) from p where e > s group by 1),
    any_merged as (select bit_or(terminals) as terminals from any_sets group by chunk),
    started_any as (select coalesce(sum(bit_count(terminals)), 0)::int as n from any_merged)`;
}
