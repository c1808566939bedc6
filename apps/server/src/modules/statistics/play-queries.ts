import type {
  PlayDimension,
  PlayFilterQuery,
  PlaySubject,
  PlaySummary,
  PlayTopRow,
  WidgetActivity,
} from '@apm/contract';
import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, playHourly, terminals } from '../../db/schema/index.js';
import { queryRows } from '../../terminal/sql.js';
import { fieldError } from '../users/user-access.js';
import { bucketOf, bucketRows, isoText, type StatsPeriod } from './stats-period.js';
import { rowScope, type StatsScope } from './stats-scope.js';

const h = playHourly;

/** What plays are counted for and of which one subject, checked. */
export interface PlayFilter {
  subject: PlaySubject;
  subjectId?: number;
}

/** The subject of a play filter: a material id counts materials; 400 naming programId when it contradicts the subject. */
export function playFilter(q: Pick<PlayFilterQuery, 'subject' | 'programId' | 'materialId'>): PlayFilter {
  if (q.programId !== undefined && q.materialId !== undefined)
    throw fieldError(400, 'materialId', 'give programId or materialId, not both');
  const subject = q.subject ?? (q.materialId !== undefined ? 'material' : 'program');
  if (q.programId !== undefined && subject !== 'program')
    throw fieldError(400, 'programId', 'programId counts programs: leave subject out or set it to program');
  if (q.materialId !== undefined && subject !== 'material')
    throw fieldError(
      400,
      'materialId',
      'materialId counts materials: leave subject out or set it to material',
    );
  return { subject, subjectId: q.programId ?? q.materialId };
}

/** Roll-up rows of the scope, period and subject (whole hours: a row counts when its hour starts in the period). */
export function playWhere(scope: StatsScope, p: StatsPeriod, f: PlayFilter, kind: string = f.subject): SQL {
  const conds = [
    rowScope(scope, h.officeId, h.terminalId),
    sql`${h.kind} = ${kind}`,
    gte(h.hour, p.from),
    lt(h.hour, p.to),
  ];
  if (f.subjectId !== undefined && kind === f.subject) conds.push(sql`${h.subjectId} = ${f.subjectId}`);
  return and(...conds)!;
}

/** The group key, name and join of a dimension (top lists and exports). */
export function dimensionOf(dimension: PlayDimension): { key: SQL; name: SQL<string>; join: SQL } {
  switch (dimension) {
    case 'terminal':
      return {
        key: sql`${h.terminalId}`,
        name: sql<string>`coalesce(max(${terminals.name}), '#' || ${h.terminalId})`,
        join: sql`left join ${terminals} on ${terminals.id} = ${h.terminalId}`,
      };
    case 'office':
      return {
        key: sql`${h.officeId}`,
        name: sql<string>`coalesce(max(${offices.name}), '#' || ${h.officeId})`,
        join: sql`left join ${offices} on ${offices.id} = ${h.officeId}`,
      };
    default:
      return {
        key: sql`${h.subjectId}`,
        name: sql<string>`coalesce(max(${h.subjectName}), '#' || ${h.subjectId})`,
        join: sql``,
      };
  }
}

/** The roll-up kind a dimension reads: its own for subjects, the filter's for terminals and offices. */
export const dimensionKind = (dimension: PlayDimension, f: PlayFilter): string =>
  dimension === 'terminal' || dimension === 'office' ? f.subject : dimension;

const TOP_SORTS = { plays: sql`sum(${h.plays})`, seconds: sql`sum(${h.durationMs})`, name: sql`2` };

/** Proof of play from the hourly roll-up (never the raw events). */
export class PlayStats {
  constructor(private readonly db: Database) {}

  /** Totals, a series per bucket and the weekday × hour-of-day heat map. */
  async summary(scope: StatsScope, p: StatsPeriod, f: PlayFilter): Promise<PlaySummary> {
    const where = playWhere(scope, p, f);
    const [totals] = await this.db
      .select({
        plays: sql<number>`coalesce(sum(${h.plays}), 0)::int`,
        ms: sql<number>`coalesce(sum(${h.durationMs}), 0)::float8`,
        terminals: sql<number>`count(distinct ${h.terminalId})::int`,
        subjects: sql<number>`count(distinct (${h.subjectId}, ${h.subjectKey}))::int`,
      })
      .from(h)
      .where(where);
    const series = await queryRows<{ bucket: string; plays: number; ms: number }>(
      this.db,
      sql`with b as (${bucketRows(p)}),
          r as (select ${bucketOf(h.hour, p)} as bucket, sum(${h.plays}) as plays, sum(${h.durationMs}) as ms
                from ${h} where ${where} group by 1)
        select ${isoText(sql`b.b`)} as bucket, coalesce(r.plays, 0)::int as plays, coalesce(r.ms, 0)::float8 as ms
        from b left join r on r.bucket = ${isoText(sql`b.b`)} order by b.b`,
    );
    const cells = await queryRows<{ d: number; hr: number; n: number }>(
      this.db,
      sql`select extract(isodow from ${h.hour} at time zone ${p.timeZone})::int as d,
          extract(hour from ${h.hour} at time zone ${p.timeZone})::int as hr, sum(${h.plays})::int as n
        from ${h} where ${where} group by 1, 2 order by 1, 2`,
    );
    return {
      plays: totals?.plays ?? 0,
      seconds: Number(totals?.ms ?? 0) / 1000,
      terminals: totals?.terminals ?? 0,
      subjects: totals?.subjects ?? 0,
      series: series.map((r) => ({ bucket: r.bucket, plays: r.plays, seconds: Number(r.ms) / 1000 })),
      heatMap: cells.map((c) => [c.d, c.hr, c.n] as [number, number, number]),
    };
  }

  /** One page of programs, materials, messages, terminals or offices by plays, seconds or name. */
  async top(
    scope: StatsScope,
    p: StatsPeriod,
    f: PlayFilter,
    q: {
      dimension: PlayDimension;
      sort: keyof typeof TOP_SORTS;
      order: 'asc' | 'desc';
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ list: PlayTopRow[]; count: number; pageNo: number; pageSize: number }> {
    const d = dimensionOf(q.dimension);
    const where = playWhere(scope, p, f, dimensionKind(q.dimension, f));
    const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
    const rows = await queryRows<PlayTopRow & { ms: number; total: number }>(
      this.db,
      sql`select ${d.key} as id, ${d.name} as name, sum(${h.plays})::int as plays, sum(${h.durationMs})::float8 as ms,
          count(distinct ${h.terminalId})::int as terminals, count(*) over ()::int as total
        from ${h} ${d.join} where ${where}
        group by ${d.key} order by ${TOP_SORTS[q.sort]} ${dir}, 1 asc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
    );
    let count = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNo > 1) {
      const [c] = await queryRows<{ n: number }>(
        this.db,
        sql`select count(distinct ${d.key})::int as n from ${h} where ${where}`,
      );
      count = c?.n ?? 0;
    }
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        plays: r.plays,
        seconds: Number(r.ms) / 1000,
        terminals: r.terminals,
      })),
      count,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  /** Widget events (`widget`: shown, with seconds; `click`: touched) by widget type and per bucket. */
  async widgets(scope: StatsScope, p: StatsPeriod, kind: 'widget' | 'click'): Promise<WidgetActivity> {
    const where = playWhere(scope, p, { subject: 'program' }, kind);
    const byType = await this.db
      .select({
        type: h.subjectKey,
        count: sql<number>`sum(${h.plays})::int`,
        ms: sql<number>`sum(${h.durationMs})::float8`,
      })
      .from(h)
      .where(where)
      .groupBy(h.subjectKey)
      .orderBy(sql`sum(${h.plays}) desc`, h.subjectKey);
    const series = await queryRows<{ bucket: string; value: number }>(
      this.db,
      sql`with b as (${bucketRows(p)}),
          r as (select ${bucketOf(h.hour, p)} as bucket, sum(${h.plays}) as n from ${h} where ${where} group by 1)
        select ${isoText(sql`b.b`)} as bucket, coalesce(r.n, 0)::int as value
        from b left join r on r.bucket = ${isoText(sql`b.b`)} order by b.b`,
    );
    return {
      total: byType.reduce((n, r) => n + r.count, 0),
      seconds: byType.reduce((n, r) => n + Number(r.ms), 0) / 1000,
      byType: byType.map((r) => ({ type: r.type, count: r.count, seconds: Number(r.ms) / 1000 })),
      series,
    };
  }
}
