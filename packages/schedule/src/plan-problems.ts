import type { PlanDocument, PlanEntry, PlanProblem } from '@apm/contract';
import { dayFromIso, isoFromDay, ZoneClock } from './calendar.js';
import { firstEntryDay, rruleProblem } from './entry-days.js';
import { entryOccurrences, interruptPeriodMs, MIN_TURN_MS, DEFAULT_TURN_MS } from './occurrences.js';

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

/** Exclusive entries of the same priority whose windows overlap on some day (the first such day is named). */
function exclusiveOverlaps(entries: readonly PlanEntry[], timeZone: string): PlanProblem[] {
  const exclusive = entries.filter((e) => e.kind === 'exclusive' && !Number.isNaN(dayFromIso(e.startDate)));
  const out: PlanProblem[] = [];
  if (exclusive.length < 2) return out;
  const clock = new ZoneClock(timeZone);
  for (let i = 0; i < exclusive.length; i++) {
    for (let j = i + 1; j < exclusive.length; j++) {
      const a = exclusive[i]!;
      const b = exclusive[j]!;
      if (a.priority !== b.priority || a.id === b.id) continue;
      const first = Math.max(dayFromIso(a.startDate), dayFromIso(b.startDate));
      const ends = [a.endDate, b.endDate].filter((d): d is string => d !== null).map(dayFromIso);
      const last = Math.min(first + OVERLAP_HORIZON_DAYS, ...ends);
      if (last < first - 1) continue;
      const plans = [{ id: 0, document: { entries: [a, b], defaultProgramId: null } }];
      const occurrences = entryOccurrences(plans, new Map(), clock, first - 1, last);
      const ofA = occurrences.filter((o) => o.entryId === a.id);
      const ofB = occurrences.filter((o) => o.entryId === b.id);
      const clash = ofA.find((x) => ofB.some((y) => x.start < y.end && y.start < x.end));
      if (clash) {
        out.push({
          code: 'exclusiveOverlap',
          entryId: a.id,
          otherEntryId: b.id,
          field: 'windows',
          date: isoFromDay(clock.dayOf(clash.start)),
          severity: 'warning',
          message: `exclusive entries ${a.id} and ${b.id} have the same priority and overlap`,
        });
      }
    }
  }
  return out;
}
