import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  playDaily,
  playHourly,
  playOfficeHourly,
  playReachDaily,
  playReachHourly,
} from '../../db/schema/index.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { StatsPeriod } from './stats-period.js';
import { rowScope, type StatsScope } from './stats-scope.js';

const DAY_MS = 86_400_000;

/** The subject id of the roll-up rows that hold all subjects of a kind together (key '*'). */
export const ALL_SUBJECTS = -1;

/**
 * A period as the roll-ups answer it exactly: the whole UTC days inside it (`[d0, d1)`, read from the
 * daily roll-ups) and the hours before and after them (read from the hourly ones). A row counts when
 * its hour (or day) starts in the period, as everywhere in the statistics.
 */
export interface PeriodParts {
  days: [Date, Date] | null;
  hours: [Date, Date][];
}

/** Splits `[from, to)` into {@link PeriodParts}. */
export function periodParts(from: Date, to: Date): PeriodParts {
  const d0 = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const d1 = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  if (d1 <= d0) return { days: null, hours: [[from, to]] };
  const hours: [Date, Date][] = [];
  if (from.getTime() < d0) hours.push([from, new Date(d0)]);
  if (d1 < to.getTime()) hours.push([new Date(d1), to]);
  return { days: [new Date(d0), new Date(d1)], hours };
}

/** A condition: `column` (an hour or day start) lies in one of the spans (false when there are none). */
export function inSpans(column: AnyPgColumn, spans: readonly [Date, Date][]): SQL {
  if (!spans.length) return sql`false`;
  const each = spans.map(
    ([a, b]) =>
      sql`(${column} >= ${a.toISOString()}::timestamptz and ${column} < ${b.toISOString()}::timestamptz)`,
  );
  return sql`(${sql.join(each, sql` or `)})`;
}

/** Whether the scope names terminals: then the per-terminal roll-ups are small enough and the only exact ones. */
export const namesTerminals = (scope: StatsScope): boolean =>
  scope.terminalId !== undefined || scope.terminalIds !== undefined;

/** What rows of a kind are read: one subject (all its keys), or all subjects together. */
export interface SubjectPick {
  kind: string;
  subjectId?: number;
}

/**
 * The hourly sums of the scope as rows of a subquery `(hour, office_id, subject_id, subject_key,
 * subject_name, plays, ms)`: from `play_office_hourly` (the all-subjects rows when no subject is named,
 * `bySubject` for one row per subject), or from `play_hourly` when the scope names terminals.
 */
export function hourlySums(scope: StatsScope, p: StatsPeriod, pick: SubjectPick, bySubject = false): SQL {
  const byTerminal = namesTerminals(scope);
  const t = byTerminal ? playHourly : playOfficeHourly;
  const conds = [
    rowScope(scope, t.officeId, byTerminal ? playHourly.terminalId : t.officeId),
    sql`${t.kind} = ${pick.kind}`,
    sql`${t.hour} >= ${p.from.toISOString()}::timestamptz`,
    sql`${t.hour} < ${p.to.toISOString()}::timestamptz`,
  ];
  if (pick.subjectId !== undefined) conds.push(sql`${t.subjectId} = ${pick.subjectId}`);
  else if (bySubject || byTerminal) conds.push(sql`${t.subjectId} <> ${ALL_SUBJECTS}`);
  else conds.push(sql`${t.subjectId} = ${ALL_SUBJECTS}`);
  return sql`(select ${t.hour} as hour, ${t.officeId} as office_id, ${t.subjectId} as subject_id,
      ${t.subjectKey} as subject_key, ${t.subjectName} as subject_name, ${t.plays} as plays, ${t.durationMs} as ms
    from ${t} where ${sql.join(conds, sql` and `)})`;
}

/**
 * Per-terminal sums of the period as rows of a subquery `(terminal_id, office_id, plays, ms)`: whole
 * days from `play_daily`, the hours around them from `play_hourly`.
 */
export function terminalSums(scope: StatsScope, p: StatsPeriod, pick: SubjectPick): SQL {
  const parts = periodParts(p.from, p.to);
  const d = playDaily;
  const h = playHourly;
  const dayConds = [
    rowScope(scope, d.officeId, d.terminalId),
    sql`${d.kind} = ${pick.kind}`,
    sql`${d.subjectId} = ${pick.subjectId ?? ALL_SUBJECTS}`,
    parts.days ? inSpans(d.day, [parts.days]) : sql`false`,
  ];
  const hourConds = [
    rowScope(scope, h.officeId, h.terminalId),
    sql`${h.kind} = ${pick.kind}`,
    inSpans(h.hour, parts.hours),
  ];
  if (pick.subjectId !== undefined) hourConds.push(sql`${h.subjectId} = ${pick.subjectId}`);
  return sql`(select ${d.terminalId} as terminal_id, ${d.officeId} as office_id, ${d.plays} as plays, ${d.durationMs} as ms
      from ${d} where ${sql.join(dayConds, sql` and `)}
    union all
    select ${h.terminalId}, ${h.officeId}, ${h.plays}, ${h.durationMs}
      from ${h} where ${sql.join(hourConds, sql` and `)})`;
}

/** How {@link reach} groups: one count, or one per subject or per office. */
export type ReachGroup = 'none' | 'subject' | 'office';

/**
 * Distinct terminals that played in the period — overall, or per subject or office (restricted to
 * `keys` when given) — exactly: the OR of the terminal bit sets of the period's whole days
 * (`play_reach_daily`) and remaining hours (`play_reach_hourly`), bits counted. When the scope names
 * terminals, a distinct count over their `play_hourly` rows. Answers count by key (0 when ungrouped).
 */
export async function reach(
  db: Database,
  scope: StatsScope,
  p: StatsPeriod,
  pick: SubjectPick,
  group: ReachGroup = 'none',
  keys?: readonly number[],
): Promise<Map<number, number>> {
  const keyOf = (t: { subjectId: AnyPgColumn; officeId: AnyPgColumn }) =>
    group === 'subject' ? sql`${t.subjectId}` : group === 'office' ? sql`${t.officeId}` : sql`0`;
  const subjectCond = (column: AnyPgColumn) =>
    pick.subjectId !== undefined
      ? sql`${column} = ${pick.subjectId}`
      : group === 'subject' || namesTerminals(scope)
        ? sql`${column} <> ${ALL_SUBJECTS}`
        : sql`${column} = ${ALL_SUBJECTS}`;
  const keyCond = (key: SQL) => (keys ? sql`${key} = any(${intArray([...keys])})` : sql`true`);
  let rows: { key: number; n: number }[];
  if (namesTerminals(scope)) {
    const h = playHourly;
    const key = keyOf(h);
    rows = await queryRows(
      db,
      sql`select ${key} as key, count(distinct ${h.terminalId})::int as n from ${h}
        where ${rowScope(scope, h.officeId, h.terminalId)} and ${h.kind} = ${pick.kind} and ${subjectCond(h.subjectId)}
          and ${h.hour} >= ${p.from.toISOString()}::timestamptz and ${h.hour} < ${p.to.toISOString()}::timestamptz
          and ${keyCond(key)}
        group by 1`,
    );
  } else {
    const parts = periodParts(p.from, p.to);
    const part = (t: typeof playReachDaily | typeof playReachHourly, spans: [Date, Date][]) => {
      const key = keyOf(t);
      return sql`select ${key} as key, ${t.chunk} as chunk, ${t.terminals} as terminals from ${t}
        where ${inSpans(t.at, spans)} and ${rowScope(scope, t.officeId, t.officeId)}
          and ${t.kind} = ${pick.kind} and ${subjectCond(t.subjectId)} and ${keyCond(key)}`;
    };
    rows = await queryRows(
      db,
      sql`with u as (
          ${part(playReachDaily, parts.days ? [parts.days] : [])}
          union all
          ${part(playReachHourly, parts.hours)}),
        c as (select key, bit_or(terminals) as terminals from u group by key, chunk)
        select key, sum(bit_count(terminals))::int as n from c group by key`,
    );
  }
  return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
}
