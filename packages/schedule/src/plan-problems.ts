import type { PlanDocument, PlanEntry, PlanProblem } from '@apm/contract';
import { dayFromIso, isoFromDay, ZoneClock } from './calendar.js';
import { firstEntryDay, rruleProblem } from './entry-days.js';
import {
  entryOccurrences,
  interruptPeriodMs,
  MIN_TURN_MS,
  DEFAULT_TURN_MS,
  type Occurrence,
} from './occurrences.js';

/** Days ahead of the later start that overlaps of exclusive entries are looked for. */
const OVERLAP_HORIZON_DAYS = 366;

/** What to check a plan against. */
export interface PlanCheckOptions {
  /** The zone overlaps are computed in (wall times are the same everywhere; DST edges differ). */
  timeZone?: string;
  /** One cycle of each program (ms), to check that an interrupt's programs fit its period. */
  programMs?: ReadonlyMap<number, number>;
}

/**
 * The problems of a plan: errors refuse the save (a malformed date range or RRULE, duplicate entry ids,
 * an interrupt without a rate); warnings are shown before saving (an entry that never plays, exclusive
 * entries of the same priority that overlap, an interrupt longer than its period).
 */
export function planProblems(document: PlanDocument, options: PlanCheckOptions = {}): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const seen = new Set<string>();
  for (const entry of document.entries) {
    if (seen.has(entry.id))
      problems.push(error('duplicateId', entry, 'id', `entry id ${entry.id} is used twice`));
    seen.add(entry.id);
    problems.push(...entryProblems(entry, options));
  }
  problems.push(...exclusiveOverlaps(document.entries, options.timeZone ?? 'UTC'));
  return problems;
}

function error(
  code: PlanProblem['code'],
  entry: PlanEntry | null,
  field: string,
  message: string,
): PlanProblem {
  return { code, entryId: entry?.id ?? null, field, severity: 'error', message };
}

function warning(code: PlanProblem['code'], entry: PlanEntry, field: string, message: string): PlanProblem {
  return { code, entryId: entry.id, field, severity: 'warning', message };
}

function entryProblems(entry: PlanEntry, options: PlanCheckOptions): PlanProblem[] {
  const out: PlanProblem[] = [];
  const start = dayFromIso(entry.startDate);
  if (Number.isNaN(start))
    out.push(error('dateRange', entry, 'startDate', `${entry.startDate} is not a date`));
  if (entry.endDate !== null) {
    const end = dayFromIso(entry.endDate);
    if (Number.isNaN(end)) out.push(error('dateRange', entry, 'endDate', `${entry.endDate} is not a date`));
    else if (end < start)
      out.push(error('dateRange', entry, 'endDate', 'the end date is before the start date'));
  }
  for (const field of ['exdates', 'rdates'] as const) {
    entry[field].forEach((date, i) => {
      if (Number.isNaN(dayFromIso(date)))
        out.push(error('dateRange', entry, `${field}[${i}]`, `${date} is not a date`));
    });
  }
  if (entry.rrule !== null && !Number.isNaN(start)) {
    const problem = rruleProblem(entry.rrule, entry.startDate);
    if (problem) out.push(error('rrule', entry, 'rrule', `malformed RRULE: ${problem}`));
  }
  if (entry.kind === 'interrupt') {
    if (!entry.everyMinutes && !entry.perHour) {
      out.push(
        error(
          'interruptRate',
          entry,
          'everyMinutes',
          'an interrupt needs every N minutes or N times an hour',
        ),
      );
    } else {
      const length = entry.items.reduce(
        (sum, item) =>
          sum +
          Math.max(
            MIN_TURN_MS,
            item.durationSec
              ? item.durationSec * 1000
              : (options.programMs?.get(item.programId) ?? DEFAULT_TURN_MS),
          ),
        0,
      );
      if (length > interruptPeriodMs(entry)) {
        out.push(
          warning(
            'interruptRate',
            entry,
            'everyMinutes',
            'its programs last longer than the time between two firings: each firing is cut short',
          ),
        );
      }
    }
  }
  if (out.every((p) => p.severity !== 'error') && firstEntryDay(entry) === null) {
    out.push(
      warning(
        'windowNeverOccurs',
        entry,
        entry.rrule ? 'rrule' : 'weekdays',
        'no day of its date range matches its days and recurrence: it never plays',
      ),
    );
  }
  return out;
}

/** At most this many overlaps are named (past that, the plan has a bigger problem than the list shows). */
const MAX_OVERLAPS = 20;
/** At most this many occurrences are looked at: a save is checked in bounded time, whatever the plan. */
const OCCURRENCE_BUDGET = 200_000;
/** Days generated at a time. */
const CHUNK_DAYS = 31;

/**
 * Exclusive entries of the same priority whose windows overlap on some day (the first such day is
 * named), from the earliest start to a year after the latest: one sweep over their occurrences in
 * time order, each compared only with the ones of its priority still running.
 */
function exclusiveOverlaps(entries: readonly PlanEntry[], timeZone: string): PlanProblem[] {
  const exclusive = entries.filter((e) => e.kind === 'exclusive' && !Number.isNaN(dayFromIso(e.startDate)));
  const out: PlanProblem[] = [];
  if (exclusive.length < 2) return out;
  const order = new Map(exclusive.map((e, i) => [e.id, i]));
  const clock = new ZoneClock(timeZone);
  const starts = exclusive.map((e) => dayFromIso(e.startDate));
  const ends = exclusive.map((e) => (e.endDate ? dayFromIso(e.endDate) : Infinity));
  const first = Math.min(...starts) - 1;
  const last = Math.min(Math.max(...starts) + OVERLAP_HORIZON_DAYS, Math.max(...ends));
  const plans = [{ id: 0, document: { entries: exclusive, defaultProgramId: null } }];
  const running = new Map<number, Occurrence[]>();
  const named = new Set<string>();
  let budget = OCCURRENCE_BUDGET;
  for (let day = first; day <= last && budget > 0; day += CHUNK_DAYS) {
    const chunk = entryOccurrences(plans, new Map(), clock, day, Math.min(last, day + CHUNK_DAYS - 1));
    budget -= chunk.length;
    chunk.sort((a, b) => a.start - b.start);
    for (const o of chunk) {
      const same = (running.get(o.priority) ?? []).filter((r) => r.end > o.start);
      for (const r of same) {
        if (r.entryId === o.entryId) continue;
        const [a, b] = [r.entryId!, o.entryId!].sort((x, y) => order.get(x)! - order.get(y)!) as [
          string,
          string,
        ];
        if (named.has(`${a}|${b}`)) continue;
        named.add(`${a}|${b}`);
        out.push({
          code: 'exclusiveOverlap',
          entryId: a,
          otherEntryId: b,
          field: 'windows',
          date: isoFromDay(clock.dayOf(o.start)),
          severity: 'warning',
          message: `exclusive entries ${a} and ${b} have the same priority and overlap`,
        });
        if (out.length >= MAX_OVERLAPS) return out;
      }
      same.push(o);
      running.set(o.priority, same);
    }
  }
  return out;
}
