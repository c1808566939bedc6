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
import { hourlySums, reach, terminalSums, type SubjectPick } from './play-rollup-reads.js';
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

/** The subject a read of `kind` is narrowed to: the filter's, when it counts that kind. */
const pickOf = (f: PlayFilter, kind: string): SubjectPick => ({
  kind,
  subjectId: kind === f.subject ? f.subjectId : undefined,
});

/** Sort keys of a top list, by position in its select list (id, name, plays, ms). */
const TOP_SORTS = { plays: sql`3`, seconds: sql`4`, name: sql`2` };

/** A page of a top list as the queries below read it: key, name, sums and the total of keys. */
interface TopRow {
  id: number;
  name: string;
  plays: number;
  ms: number;
  total: number;
}

/**
 * Proof of play from the roll-ups (never the raw events): fleet-wide sums from `play_office_hourly`,
 * per-terminal sums from `play_daily` and `play_hourly`, distinct terminals from the reach bit sets
 * (see `play-rollup-reads.ts`); when the scope names terminals, from their `play_hourly` rows.
 */
export class PlayStats {
  constructor(private readonly db: Database) {}

  /**
   * Totals, a series per bucket and the weekday × hour-of-day heat map: one scan sums the roll-up by
   * hour (at most 24 rows a day), buckets and heat-map cells are made from those; the distinct
   * terminals come from the reach bit sets, the distinct subjects from the office roll-up.
   */
  async summary(scope: StatsScope, p: StatsPeriod, f: PlayFilter): Promise<PlaySummary> {
    const pick = pickOf(f, f.subject);
    const byHour = await queryRows<{ at: string; plays: number; ms: number }>(
      this.db,
      sql`select ${isoText(sql`hour`)} as at, sum(plays)::int as plays, sum(ms)::float8 as ms
        from ${hourlySums(scope, p, pick)} s group by hour`,
    );
    let terminals = 0;
    let subjects = 0;
    if (byHour.length) {
      terminals = (await reach(this.db, scope, p, pick)).get(0) ?? 0;
      const [row] = await queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from (select distinct subject_id, subject_key
          from ${hourlySums(scope, p, pick, true)} s) x`,
      );
      subjects = row?.n ?? 0;
    }
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
      terminals,
      subjects,
      series,
      heatMap: [...cells.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    };
  }

  /**
   * One page of programs, materials, messages, terminals or offices by plays, seconds or name: the page
   * is sorted and cut from the sums, then its distinct terminals are counted (subjects and offices).
   */
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
    const pick = pickOf(f, dimensionKind(q.dimension, f));
    const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
    const page = sql`order by ${TOP_SORTS[q.sort]} ${dir}, 1 asc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`;
    let rows: TopRow[];
    let counted: (keys: number[]) => Promise<Map<number, number>>;
    if (q.dimension === 'terminal') {
      // Summed per terminal first: the names are joined to one row per terminal, not to every day.
      rows = await queryRows<TopRow>(
        this.db,
        sql`with s as (
            select terminal_id, sum(plays) as plays, sum(ms) as ms from ${terminalSums(scope, p, pick)} x group by terminal_id)
          select s.terminal_id as id, coalesce(${terminals.name}, '#' || s.terminal_id) as name,
            s.plays::int as plays, s.ms::float8 as ms, count(*) over ()::int as total
          from s left join ${terminals} on ${terminals.id} = s.terminal_id
          ${page}`,
      );
      counted = async (keys) => new Map(keys.map((k) => [k, 1]));
    } else if (q.dimension === 'office') {
      rows = await queryRows<TopRow>(
        this.db,
        sql`select s.office_id as id, coalesce(max(${offices.name}), '#' || s.office_id) as name,
            sum(s.plays)::int as plays, sum(s.ms)::float8 as ms, count(*) over ()::int as total
          from ${hourlySums(scope, p, pick)} s left join ${offices} on ${offices.id} = s.office_id
          group by s.office_id ${page}`,
      );
      counted = (keys) => reach(this.db, scope, p, pick, 'office', keys);
    } else {
      rows = await queryRows<TopRow>(
        this.db,
        sql`select s.subject_id as id, coalesce(max(s.subject_name), '#' || s.subject_id) as name,
            sum(s.plays)::int as plays, sum(s.ms)::float8 as ms, count(*) over ()::int as total
          from ${hourlySums(scope, p, pick, true)} s group by s.subject_id ${page}`,
      );
      counted = (keys) => reach(this.db, scope, p, pick, 'subject', keys);
    }
    let count = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNo > 1) {
      const source =
        q.dimension === 'terminal'
          ? sql`(select terminal_id as k from ${terminalSums(scope, p, pick)} s)`
          : q.dimension === 'office'
            ? sql`(select office_id as k from ${hourlySums(scope, p, pick)} s)`
            : sql`(select subject_id as k from ${hourlySums(scope, p, pick, true)} s)`;
      const [c] = await queryRows<{ n: number }>(
        this.db,
        sql`select count(distinct k)::int as n from ${source} x`,
      );
      count = c?.n ?? 0;
    }
    const terminalCounts = rows.length ? await counted(rows.map((r) => Number(r.id))) : new Map();
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        plays: r.plays,
        seconds: Number(r.ms) / 1000,
        terminals: terminalCounts.get(Number(r.id)) ?? 0,
      })),
      count,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  /** Widget events (`widget`: shown, with seconds; `click`: touched) by widget type and per bucket, in one scan. */
  async widgets(scope: StatsScope, p: StatsPeriod, kind: 'widget' | 'click'): Promise<WidgetActivity> {
    const rows = await queryRows<{ at: string; type: string; n: number; ms: number }>(
      this.db,
      sql`select ${isoText(sql`hour`)} as at, subject_key as type, sum(plays)::int as n, sum(ms)::float8 as ms
        from ${hourlySums(scope, p, { kind }, true)} s group by hour, subject_key`,
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
