import type { OfficeInstant, TerminalFigures } from '@apm/contract';
import { and, eq, gte, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, playOfficeHourly, terminalOnlinePeriods, terminals } from '../../db/schema/index.js';
import { ALL_SUBJECTS, terminalSums } from './play-rollup-reads.js';
import { dataScope } from '../../lib/data-scope.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { claimedInScope } from '../terminals/terminal-scope.js';
import type { StatsPeriod } from './stats-period.js';

/** Most child offices `officeInstant` lists. */
const CHILDREN_MAX = 200;

/** Office instant figures and figures of named terminals. */
export class InstantStats {
  constructor(private readonly db: Database) {}

  /**
   * The office (default the caller's) and each of its child offices in the range: claimed terminals
   * and how many are online now, plays and seconds played since midnight in `timeZone`.
   */
  async officeInstant(
    auth: AuthContext,
    officeId: number,
    timeZone: string,
    now = new Date(),
  ): Promise<OfficeInstant> {
    const root = await officeInScope(this.db, auth, officeId, 'officeId');
    const rows = await this.db
      .select({ id: offices.id, name: offices.name, path: offices.path })
      .from(offices)
      .where(and(or(eq(offices.id, root.id), eq(offices.parentId, root.id)), dataScope(auth, offices.id)))
      .orderBy(sql`${offices.id} <> ${root.id}`, offices.name)
      .limit(CHILDREN_MAX + 1);
    const terminalRows = await this.db
      .select({
        path: offices.path,
        total: sql<number>`count(*)::int`,
        online: sql<number>`(count(*) filter (where ${terminals.online}))::int`,
      })
      .from(terminals)
      .innerJoin(offices, eq(offices.id, terminals.officeId))
      .where(and(claimedInScope(auth), like(offices.path, `${root.path}%`)))
      .groupBy(offices.path);
    const midnight = await queryRows<{ t: string }>(
      this.db,
      sql`select (date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})::text as t`,
    );
    const playRows = await this.db
      .select({
        path: offices.path,
        plays: sql<number>`sum(${playOfficeHourly.plays})::int`,
        ms: sql<number>`sum(${playOfficeHourly.durationMs})::float8`,
      })
      .from(playOfficeHourly)
      .innerJoin(offices, eq(offices.id, playOfficeHourly.officeId))
      .where(
        and(
          dataScope(auth, playOfficeHourly.officeId),
          like(offices.path, `${root.path}%`),
          sql`${playOfficeHourly.kind} = 'program'`,
          eq(playOfficeHourly.subjectId, ALL_SUBJECTS),
          gte(playOfficeHourly.hour, new Date(midnight[0]!.t)),
        ),
      )
      .groupBy(offices.path);
    // The office itself counts only its own rows when it has children listed, its whole subtree otherwise.
    const owner = (path: string) =>
      rows.find((r) => r.id !== root.id && path.startsWith(r.path)) ?? rows.find((r) => r.id === root.id)!;
    const out = new Map(
      rows.map((r) => [
        r.id,
        { officeId: r.id, officeName: r.name, terminals: 0, online: 0, playsToday: 0, secondsToday: 0 },
      ]),
    );
    for (const t of terminalRows) {
      const o = out.get(owner(t.path).id)!;
      o.terminals += t.total;
      o.online += t.online;
    }
    for (const p of playRows) {
      const o = out.get(owner(p.path).id)!;
      o.playsToday += p.plays;
      o.secondsToday += Number(p.ms) / 1000;
    }
    return [...out.values()];
  }

  /** Figures of the named terminals in the range over the period; ids outside the range are left out. */
  async terminalsByIds(
    auth: AuthContext,
    ids: number[],
    p: StatsPeriod,
    now = new Date(),
  ): Promise<TerminalFigures> {
    if (!ids.length) return [];
    const until = new Date(Math.min(p.to.getTime(), now.getTime())).toISOString();
    const from = p.from.toISOString();
    const op = terminalOnlinePeriods;
    // One grouped read of the roll-up and of the online periods for all the ids (not one per terminal).
    const rows = await queryRows<TerminalFigures[number] & { ms: number }>(
      this.db,
      sql`with t as (
          select ${terminals.id} as id from ${terminals} where ${terminals.id} = any(${intArray(ids)}) and ${claimedInScope(auth)}),
        pl as (
          select s.terminal_id as id, sum(s.plays)::int as plays, sum(s.ms)::float8 as ms
          from ${terminalSums({ auth, terminalIds: ids }, p, { kind: 'program' })} s
          where s.terminal_id in (select id from t)
          group by 1),
        op as (
          select ${op.terminalId} as id, sum(greatest(0, extract(epoch from
              least(coalesce(${op.endedAt}, ${now.toISOString()}::timestamptz), ${until}::timestamptz)
              - greatest(${op.startedAt}, ${from}::timestamptz))))::float8 as seconds
          from ${op} where ${op.terminalId} in (select id from t)
            and ${op.startedAt} < ${until}::timestamptz and (${op.endedAt} is null or ${op.endedAt} > ${from}::timestamptz)
          group by 1)
        select ${terminals.id} as "terminalId", ${terminals.name} as name, ${offices.name} as "officeName",
          ${terminals.online} as online, ${terminals.latitude} as latitude, ${terminals.longitude} as longitude,
          coalesce(op.seconds, 0)::float8 as "onlineSeconds", coalesce(pl.plays, 0)::int as plays, coalesce(pl.ms, 0)::float8 as ms
        from t join ${terminals} on ${terminals.id} = t.id left join ${offices} on ${offices.id} = ${terminals.officeId}
          left join pl on pl.id = t.id left join op on op.id = t.id
        order by ${terminals.name}, ${terminals.id}`,
    );
    return rows.map(({ ms, ...r }) => ({
      ...r,
      onlineSeconds: Number(r.onlineSeconds),
      seconds: Number(ms) / 1000,
    }));
  }
}
