import { ONLINE_MAP_DEFAULT, type OnlineMap, type OnlineMapQuery } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, terminals } from '../../db/schema/index.js';
import { queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { periodsToRead, rolledTerminalSeconds, rollupAnswers, untilOf } from './online-rollup-reads.js';
import { checkPeriod, type StatsPeriod } from './stats-period.js';
import { checkScope, terminalRowScope, type StatsScope } from './stats-scope.js';

/** A terminal has a position when both coordinates are set. */
const positioned = sql`${terminals.latitude} is not null and ${terminals.longitude} is not null`;

/**
 * The online-rate map of the statistics page: the scoped terminals with a position and their online
 * rate over the period (online seconds over the seconds of the period up to now), lowest rate first.
 */
export class OnlineMapStats {
  constructor(
    private readonly db: Database,
    /** The server's zone: the period's zone when neither the call nor the caller's offices name one. */
    private readonly defaultZone: string,
  ) {}

  /** Checks the period and the office / terminal filters (400 / 404 naming the field), then reads the map. */
  async onlineMap(auth: AuthContext, q: OnlineMapQuery, now = new Date()): Promise<OnlineMap> {
    const period = await checkPeriod(this.db, auth, q, this.defaultZone);
    const scope = await checkScope(this.db, auth, q);
    return this.read(scope, period, q.limit ?? ONLINE_MAP_DEFAULT, now);
  }

  /** The positioned terminals of the scope (at most `limit`) and the counts with and without a position. */
  async read(scope: StatsScope, p: StatsPeriod, limit: number, now: Date): Promise<OnlineMap> {
    const where = terminalRowScope(scope);
    const [counts] = await queryRows<{ positioned: number; unpositioned: number }>(
      this.db,
      sql`select (count(*) filter (where ${positioned}))::int as positioned,
          (count(*) filter (where not (${positioned})))::int as unpositioned
        from ${terminals} where ${where}`,
    );
    const until = untilOf(p, now);
    const periodSeconds = Math.max(0, (until.getTime() - p.from.getTime()) / 1000);
    const rolled = rollupAnswers(scope, p);
    const rows = await queryRows<{
      terminalId: number;
      name: string;
      officeName: string | null;
      online: boolean;
      latitude: number;
      longitude: number;
      onlineSeconds: number;
    }>(
      this.db,
      sql`with t as (select ${terminals.id} as id from ${terminals} where ${where} and ${positioned}),
        p as (${periodsToRead(scope, p, now, rolled)}),
        s as (
          select id, sum(seconds)::float8 as seconds from (
            select terminal_id as id, extract(epoch from e - s) as seconds from p
            where e > s and terminal_id in (select id from t)
            union all
            select terminal_id, seconds from ${rolledTerminalSeconds(scope, p, rolled)} r
          ) u group by id)
        select ${terminals.id} as "terminalId", ${terminals.name} as name, ${offices.name} as "officeName",
          ${terminals.online} as online, ${terminals.latitude} as latitude, ${terminals.longitude} as longitude,
          coalesce(s.seconds, 0)::float8 as "onlineSeconds"
        from t join ${terminals} on ${terminals.id} = t.id
          left join ${offices} on ${offices.id} = ${terminals.officeId}
          left join s on s.id = t.id
        order by coalesce(s.seconds, 0), ${terminals.name}, ${terminals.id}
        limit ${limit}`,
    );
    return {
      points: rows.map((r) => {
        const onlineSeconds = Number(r.onlineSeconds);
        return {
          ...r,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          onlineSeconds,
          onlineRate: periodSeconds > 0 ? Math.min(1, onlineSeconds / periodSeconds) : 0,
        };
      }),
      positioned: counts?.positioned ?? 0,
      unpositioned: counts?.unpositioned ?? 0,
    };
  }
}
