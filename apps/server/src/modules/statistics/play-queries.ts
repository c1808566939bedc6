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
import { bucketIndex, isoText, localClock, periodBuckets, type StatsPeriod } from './stats-period.js';
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

  /**
   * Totals, a series per bucket and the weekday × hour-of-day heat map: one scan sums the roll-up by
   * hour (at most 24 rows a day), buckets and heat-map cells are made from those; a second counts the
   * distinct terminals and subjects.
   */
  async summary(scope: StatsScope, p: StatsPeriod, f: PlayFilter): Promise<PlaySummary> {
    const where = playWhere(scope, p, f);
    const byHour = await queryRows<{ at: string; plays: number; ms: number }>(
      this.db,
      sql`select ${isoText(h.hour)} as at, sum(${h.plays})::int as plays, sum(${h.durationMs})::float8 as ms
        from ${h} where ${where} group by ${h.hour}`,
    );
    const [distinct] = byHour.length
      ? await this.db
          .select({
            terminals: sql<number>`count(distinct ${h.terminalId})::int`,
            subjects: sql<number>`count(distinct (${h.subjectId}, ${h.subjectKey}))::int`,
          })
          .from(h)
          .where(where)
      : [{ terminals: 0, subjects: 0 }];
    const hours = byHour.map((r) => ({ at: Date.parse(r.at), plays: r.plays, ms: Number(r.ms) }));
    const buckets = await periodBuckets(this.db, p);
    const series = buckets.map((b) => ({ bucket: b.bucket, plays: 0, seconds: 0 }));
    const cells = new Map<string, [number, number, number]>();
    const local = localClock(p.timeZone);
    for (const x of hours) {
      const i = bucketIndex(buckets, x.at);
      if (i >= 0) {
        series[i]!.plays += x.plays;
        series[i]!.seconds += x.ms / 1000;
      }
      const { weekday, hour } = local(x.at);
      const key = `${weekday}:${hour}`;
      const cell = cells.get(key) ?? [weekday, hour, 0];
      cell[2] += x.plays;
      cells.set(key, cell);
    }
    return {
      plays: hours.reduce((n, x) => n + x.plays, 0),
      seconds: hours.reduce((n, x) => n + x.ms, 0) / 1000,
      terminals: distinct?.terminals ?? 0,
      subjects: distinct?.subjects ?? 0,
      series,
      heatMap: [...cells.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
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

  /** Widget events (`widget`: shown, with seconds; `click`: touched) by widget type and per bucket, in one scan. */
  async widgets(scope: StatsScope, p: StatsPeriod, kind: 'widget' | 'click'): Promise<WidgetActivity> {
    const where = playWhere(scope, p, { subject: 'program' }, kind);
    const rows = await queryRows<{ at: string; type: string; n: number; ms: number }>(
      this.db,
      sql`select ${isoText(h.hour)} as at, ${h.subjectKey} as type, sum(${h.plays})::int as n, sum(${h.durationMs})::float8 as ms
        from ${h} where ${where} group by ${h.hour}, ${h.subjectKey}`,
    );
    const buckets = await periodBuckets(this.db, p);
    const series = buckets.map((b) => ({ bucket: b.bucket, value: 0 }));
    const types = new Map<string, { type: string; count: number; seconds: number }>();
    for (const r of rows) {
      const i = bucketIndex(buckets, Date.parse(r.at));
      if (i >= 0) series[i]!.value += r.n;
      const t = types.get(r.type) ?? { type: r.type, count: 0, seconds: 0 };
      t.count += r.n;
      t.seconds += Number(r.ms) / 1000;
      types.set(r.type, t);
    }
    const byType = [...types.values()].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
    return {
      total: byType.reduce((n, r) => n + r.count, 0),
      seconds: byType.reduce((n, r) => n + r.seconds, 0),
      byType,
      series,
    };
  }
}
