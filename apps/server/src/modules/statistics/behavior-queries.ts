import type { HeadCount, LoginActivity } from '@apm/contract';
import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLogs, headCounts, terminals, users } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import { AUDIENCE_KIND } from '../../terminal/play-rollup.js';
import { queryRows } from '../../terminal/sql.js';
import { hourlySums, terminalSums } from './play-rollup-reads.js';
import {
  bucketIndex,
  bucketOf,
  bucketRows,
  isoText,
  localClock,
  periodBuckets,
  type StatsPeriod,
} from './stats-period.js';
import { rowScope, type StatsScope } from './stats-scope.js';
import { deviceOf } from './user-agent.js';

const HOUR_MS = 3_600_000;

/** Most users and terminals a breakdown lists. */
const TOP_MAX = 20;
/** Most distinct user agents read for the device breakdown (the rest are rare). */
const AGENTS_MAX = 500;

/** Users of the caller's range (and the office asked for), as a subquery of `users` rows. */
function scopedUsers(scope: StatsScope): SQL {
  const conds = [dataScope(scope.auth, users.officeId, users.id)];
  if (scope.officePath) conds.push(officesUnder(users.officeId, scope.officePath));
  return and(...conds)!;
}

/**
 * Sign-ins of the range's users over the period: a sign-in names its account (successful ones by id,
 * failed ones by the name tried), so both are matched to the users of the range.
 */
function loginWhere(scope: StatsScope, p: StatsPeriod): SQL {
  const mine = scopedUsers(scope);
  return and(
    sql`${auditLogs.type} = 'login'`,
    gte(auditLogs.at, p.from),
    lt(auditLogs.at, p.to),
    sql`(${auditLogs.userId} in (select ${users.id} from ${users} where ${mine})
      or (${auditLogs.userId} is null and ${auditLogs.username} in (select ${users.loginName} from ${users} where ${mine})))`,
  )!;
}

/** Login activity and audience counts. */
export class BehaviorStats {
  constructor(private readonly db: Database) {}

  /** Sign-ins of the range's users over the period: totals, per bucket, by hour, user and device. */
  async loginActivity(scope: StatsScope, p: StatsPeriod): Promise<LoginActivity> {
    const where = loginWhere(scope, p);
    const ok = sql`${auditLogs.status} < 400`;
    const [totals] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        succeeded: sql<number>`(count(*) filter (where ${ok}))::int`,
        users: sql<number>`count(distinct ${auditLogs.userId})::int`,
      })
      .from(auditLogs)
      .where(where);
    const series = await queryRows<{ bucket: string; succeeded: number; failed: number }>(
      this.db,
      sql`with b as (${bucketRows(p)}),
          l as (select ${bucketOf(auditLogs.at, p)} as bucket, ${ok} as ok from ${auditLogs} where ${where})
        select ${isoText(sql`b.b`)} as bucket,
          (count(l.bucket) filter (where l.ok))::int as succeeded,
          (count(l.bucket) filter (where not l.ok))::int as failed
        from b left join l on l.bucket = ${isoText(sql`b.b`)} group by b.b order by b.b`,
    );
    const hours = await this.db
      .select({
        hour: sql<number>`extract(hour from ${auditLogs.at} at time zone ${p.timeZone})::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(auditLogs)
      .where(where)
      .groupBy(sql`1`);
    const byHour = Array.from({ length: 24 }, () => 0);
    for (const h of hours) byHour[h.hour] = h.n;
    const byUser = await this.loginsByUser(scope, p, TOP_MAX, 0);
    const agents = await this.db
      .select({ agent: auditLogs.userAgent, n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(where)
      .groupBy(auditLogs.userAgent)
      .orderBy(sql`count(*) desc`)
      .limit(AGENTS_MAX);
    const devices = new Map<string, number>();
    for (const a of agents) devices.set(deviceOf(a.agent), (devices.get(deviceOf(a.agent)) ?? 0) + a.n);
    const total = totals?.total ?? 0;
    return {
      total,
      succeeded: totals?.succeeded ?? 0,
      failed: total - (totals?.succeeded ?? 0),
      users: totals?.users ?? 0,
      series,
      byHour,
      byUser,
      byDevice: [...devices]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    };
  }

  /** Sign-ins per account (failed ones of unknown accounts by the name tried), most first, one page. */
  loginsByUser(scope: StatsScope, p: StatsPeriod, limit: number, offset: number) {
    const ok = sql`${auditLogs.status} < 400`;
    return this.db
      .select({
        userId: auditLogs.userId,
        username: sql<string>`coalesce(max(${auditLogs.username}), '')`,
        succeeded: sql<number>`(count(*) filter (where ${ok}))::int`,
        failed: sql<number>`(count(*) filter (where not ${ok}))::int`,
        lastAt: isoText(sql`max(${auditLogs.at})`),
      })
      .from(auditLogs)
      .where(loginWhere(scope, p))
      .groupBy(auditLogs.userId, sql`case when ${auditLogs.userId} is null then ${auditLogs.username} end`)
      .orderBy(sql`count(*) desc`, sql`max(${auditLogs.at}) desc`, sql`max(${auditLogs.username})`)
      .limit(limit)
      .offset(offset);
  }

  /** Every row of {@link loginsByUser}, a page at a time (the sign-in export). */
  async *allLoginsByUser(scope: StatsScope, p: StatsPeriod, pageSize = 1000) {
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.loginsByUser(scope, p, pageSize, offset);
      if (page.length) yield page;
      if (page.length < pageSize) return;
    }
  }

  /**
   * People counted by the range's camera terminals: total, per bucket, by hour of day, top terminals.
   * Whole hours come from the roll-ups (kind `audience`), the parts of hours at the period's ends from
   * the raw counts.
   */
  async headCount(scope: StatsScope, p: StatsPeriod): Promise<HeadCount> {
    const h = headCounts;
    const firstHour = new Date(Math.ceil(p.from.getTime() / HOUR_MS) * HOUR_MS);
    const lastHour = new Date(Math.max(firstHour.getTime(), Math.floor(p.to.getTime() / HOUR_MS) * HOUR_MS));
    const hours = { ...p, from: firstHour, to: lastHour };
    // The parts of hours at the ends (none when the period starts and ends on the hour).
    const ends = (
      [
        [p.from, firstHour < p.to ? firstHour : p.to],
        [lastHour > p.from ? lastHour : p.to, p.to],
      ] as [Date, Date][]
    ).filter(([a, b]) => a < b);
    const rawEnds = ends.length
      ? and(
          rowScope(scope, h.officeId, h.terminalId),
          or(...ends.map(([a, b]) => and(gte(h.startedAt, a), lt(h.startedAt, b)))),
        )!
      : sql`false`;
    const pick = { kind: AUDIENCE_KIND };
    const rows = await queryRows<{ at: string; n: number }>(
      this.db,
      sql`select ${isoText(sql`hour`)} as at, sum(plays)::int as n from ${hourlySums(scope, hours, pick)} s group by hour
        union all
        select ${isoText(h.startedAt)}, sum(${h.count})::int from ${h} where ${rawEnds} group by ${h.startedAt}`,
    );
    const buckets = await periodBuckets(this.db, p);
    const series = buckets.map((b) => ({ bucket: b.bucket, value: 0 }));
    const byHour = Array.from({ length: 24 }, () => 0);
    const local = localClock(p.timeZone);
    let total = 0;
    for (const r of rows) {
      const at = Date.parse(r.at);
      const i = bucketIndex(buckets, at);
      if (i >= 0) series[i]!.value += r.n;
      byHour[local(at).hour]! += r.n;
      total += r.n;
    }
    const byTerminal = await queryRows<HeadCount['byTerminal'][number]>(
      this.db,
      sql`with c as (
          select terminal_id, plays as n from ${terminalSums(scope, hours, pick)} s
          union all
          select ${h.terminalId}, ${h.count} from ${h} where ${rawEnds})
        select c.terminal_id as "terminalId", coalesce(max(${terminals.name}), '#' || c.terminal_id) as name,
          sum(c.n)::int as count
        from c left join ${terminals} on ${terminals.id} = c.terminal_id
        group by c.terminal_id order by sum(c.n) desc, c.terminal_id limit ${TOP_MAX}`,
    );
    return { total, series, byHour, byTerminal };
  }
}
