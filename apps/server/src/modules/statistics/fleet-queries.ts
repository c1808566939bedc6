import type { OnlineTime, StartupRate, TerminalCount } from '@apm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, terminals } from '../../db/schema/index.js';
import { queryRows } from '../../terminal/sql.js';
import { seesPending } from '../terminals/terminal-scope.js';
import { bucketRows, isoText, type StatsPeriod } from './stats-period.js';
import {
  periodsByBucket,
  periodsToRead,
  rolledHours,
  rollupAnswers,
  startedByBucket,
  startedInPeriod,
  untilOf,
} from './online-rollup-reads.js';
import { terminalRowScope, type StatsScope } from './stats-scope.js';

/** Most rows of a by-office, by-platform or by-version breakdown. */
const BREAKDOWN_MAX = 50;

const rate = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** Fleet figures: terminal counts, online time, startup rate. */
export class FleetStats {
  constructor(private readonly db: Database) {}

  /** Claimed terminals of the range now, online and offline, by platform and app version. */
  async terminalCount(scope: StatsScope): Promise<TerminalCount> {
    const where = terminalRowScope(scope);
    const [totals] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        online: sql<number>`(count(*) filter (where ${terminals.online}))::int`,
      })
      .from(terminals)
      .where(where);
    const group = (column: typeof terminals.platform | typeof terminals.appVersion) =>
      this.db
        .select({ name: sql<string>`coalesce(${column}, '')`, count: sql<number>`count(*)::int` })
        .from(terminals)
        .where(where)
        .groupBy(column)
        .orderBy(sql`count(*) desc`, column)
        .limit(BREAKDOWN_MAX);
    const pending =
      !scope.officePath && scope.terminalId === undefined && (await seesPending(this.db, scope.auth))
        ? await this.db
            .select({ n: sql<number>`count(*)::int` })
            .from(terminals)
            .where(and(eq(terminals.state, 'pending'), isNull(terminals.officeId)))
        : [{ n: 0 }];
    const total = totals?.total ?? 0;
    const online = totals?.online ?? 0;
    return {
      total,
      online,
      offline: total - online,
      pending: pending[0]?.n ?? 0,
      byPlatform: await group(terminals.platform),
      byVersion: await group(terminals.appVersion),
    };
  }

  /**
   * Online seconds of the range's terminals per bucket and by office. The share is of the time the
   * terminals claimed now could have been online (the period up to now).
   */
  async onlineTime(scope: StatsScope, p: StatsPeriod, now = new Date()): Promise<OnlineTime> {
    const [{ n: count } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(terminals)
      .where(terminalRowScope(scope));
    const until = untilOf(p, now);
    const rolled = rollupAnswers(scope, p);
    const periods = periodsToRead(scope, p, now, rolled);
    // One statement each: a roll-up running meanwhile is seen whole or not at all.
    const series = await queryRows<{ bucket: string; seconds: number; span: number }>(
      this.db,
      sql`with b as (${bucketRows(p)}), p as (${periods}), ${periodsByBucket},
          secs as (select bucket, sum(extract(epoch from e - s)) as seconds from pb group by bucket),
          rsecs as (select bi.b as bucket, sum(rh.ms)::float8 / 1000 as seconds
            from ${rolledHours(scope, p, rolled)} rh cross join starts join bi on bi.i = width_bucket(rh.hour, starts.a)
            group by 1)
        select ${isoText(sql`b.b`)} as bucket,
          (coalesce(secs.seconds, 0) + coalesce(rsecs.seconds, 0))::float8 as seconds,
          greatest(0, extract(epoch from least(b.e, ${until.toISOString()}::timestamptz) - greatest(b.b, ${p.from.toISOString()}::timestamptz)))::float8 as span
        from b left join secs on secs.bucket = b.b left join rsecs on rsecs.bucket = b.b
        order by b.b`,
    );
    const byOffice = await queryRows<{
      officeId: number;
      officeName: string;
      terminals: number;
      onlineNow: number;
      seconds: number;
    }>(
      this.db,
      sql`with p as (${periods}),
          s as (select terminal_id, sum(extract(epoch from e - s))::float8 as seconds from p where e > s group by terminal_id),
          ro as (select office_id, sum(ms)::float8 / 1000 as seconds from ${rolledHours(scope, p, rolled)} rh group by office_id)
        select ${terminals.officeId} as "officeId", ${offices.name} as "officeName",
          count(*)::int as terminals, (count(*) filter (where ${terminals.online}))::int as "onlineNow",
          (coalesce(sum(s.seconds), 0) + coalesce(max(ro.seconds), 0))::float8 as seconds
        from ${terminals} join ${offices} on ${offices.id} = ${terminals.officeId}
          left join s on s.terminal_id = ${terminals.id}
          left join ro on ro.office_id = ${terminals.officeId}
        where ${terminalRowScope(scope)}
        group by ${terminals.officeId}, ${offices.name}
        order by count(*) desc, ${offices.name} limit ${BREAKDOWN_MAX}`,
    );
    const periodSeconds = Math.max(0, (until.getTime() - p.from.getTime()) / 1000);
    const onlineSeconds = series.reduce((sum, r) => sum + Number(r.seconds), 0);
    return {
      terminals: count,
      onlineSeconds,
      onlineRate: rate(onlineSeconds, count * periodSeconds),
      series: series.map((r) => ({
        bucket: r.bucket,
        seconds: Number(r.seconds),
        rate: rate(Number(r.seconds), count * Number(r.span)),
      })),
      byOffice: byOffice.map((o) => ({
        officeId: o.officeId,
        officeName: o.officeName,
        terminals: o.terminals,
        onlineNow: o.onlineNow,
        onlineRate: rate(Number(o.seconds), o.terminals * periodSeconds),
      })),
    };
  }

  /** Per bucket, how many of the range's (or the named) terminals were online at some time in it. */
  async startupRate(scope: StatsScope, p: StatsPeriod, now = new Date()): Promise<StartupRate> {
    const [{ n: count } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(terminals)
      .where(terminalRowScope(scope));
    const rolled = rollupAnswers(scope, p);
    const periods = periodsToRead(scope, p, now, rolled);
    const rows = await queryRows<{ bucket: string; started: number }>(
      this.db,
      sql`with b as (${bucketRows(p)}), p as (${periods}), ${periodsByBucket},
          ${startedByBucket(scope, p, rolled)}
        select ${isoText(sql`b.b`)} as bucket, coalesce(started.n, 0)::int as started
        from b left join started on started.bucket = b.b
        order by b.b`,
    );
    const [{ n: startedAny } = { n: 0 }] = await queryRows<{ n: number }>(
      this.db,
      sql`with p as (${periods}), ${startedInPeriod(scope, p, rolled)} select n from started_any`,
    );
    return {
      terminals: count,
      rate: rate(startedAny, count),
      series: rows.map((r) => ({ bucket: r.bucket, started: r.started, rate: rate(r.started, count) })),
    };
  }
}
