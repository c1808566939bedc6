import type { PlanDocument, PlanEntry, SegmentKind } from '@apm/contract';
import { minutesOf, type ZoneClock } from './calendar.js';
import { entryDays } from './entry-days.js';

/** A plan as the resolver takes it. */
export interface ScheduledPlan {
  id: number;
  document: PlanDocument;
}

/** A program published to the terminal without a plan, with its publication window (ISO; null = open). */
export interface PublishedProgram {
  programId: number;
  startAt?: string | null;
  endAt?: string | null;
}

/** One program turn of an occurrence's sequence. */
export interface Turn {
  programId: number | null;
  ms: number;
}

/** One stretch of time an entry (or the default, or a published program, or nothing) asks for. */
export interface Occurrence {
  /** Unique over the resolution: plan, entry, day, window. */
  key: string;
  /** The same for every occurrence of one entry (plan, entry, kind): what a segment hides. */
  entryKey: string;
  planId: number | null;
  entryId: string | null;
  kind: SegmentKind;
  /** Entry priority; the default and published programs 0, nothing −1. */
  priority: number;
  /** Plan order, then entry order: who goes first in a rotation and wins a tie. */
  order: number;
  start: number;
  end: number;
  turns: Turn[];
  /** Interrupts: ms between two firings. */
  periodMs: number;
}

/** Length of a program turn when neither the entry nor the program says (ms). */
export const DEFAULT_TURN_MS = 30_000;
/** The shortest turn (ms): a shorter program still plays this long. */
export const MIN_TURN_MS = 1_000;

/** Entry order within the resolution: plans by id, then their entries in order. */
const ORDER_PER_PLAN = 1_000;

function turnsOf(entry: PlanEntry, programMs: ReadonlyMap<number, number>): Turn[] {
  return entry.items.map((item) => ({
    programId: item.programId,
    ms: Math.max(
      MIN_TURN_MS,
      item.durationSec ? item.durationSec * 1000 : (programMs.get(item.programId) ?? DEFAULT_TURN_MS),
    ),
  }));
}

/** Interrupt period (ms): `everyMinutes`, else an even share of the hour, else once an hour. */
export function interruptPeriodMs(entry: Pick<PlanEntry, 'everyMinutes' | 'perHour'>): number {
  if (entry.everyMinutes) return entry.everyMinutes * 60_000;
  if (entry.perHour) return Math.round(3_600_000 / entry.perHour);
  return 3_600_000;
}

/** The windows of one day as [start, end) instants; an end at or before the start is on the next day. */
export function windowInstants(
  entry: Pick<PlanEntry, 'windows'>,
  day: number,
  clock: ZoneClock,
): [number, number][] {
  const windows = entry.windows.length ? entry.windows : [{ start: '00:00', end: '24:00' }];
  const out: [number, number][] = [];
  for (const window of windows) {
    const startMin = minutesOf(window.start);
    let endMin = minutesOf(window.end);
    if (endMin <= startMin) endMin += 1440;
    const start = clock.toInstant(day, startMin);
    const end = clock.toInstant(day, endMin);
    if (end > start) out.push([start, end]);
  }
  return out;
}

/** Every occurrence of the plans' entries on the days `[firstDay, lastDay]` (no default, nothing). */
export function entryOccurrences(
  plans: readonly ScheduledPlan[],
  programMs: ReadonlyMap<number, number>,
  clock: ZoneClock,
  firstDay: number,
  lastDay: number,
): Occurrence[] {
  const out: Occurrence[] = [];
  const sorted = [...plans].sort((a, b) => a.id - b.id);
  sorted.forEach((plan, planIndex) => {
    plan.document.entries.forEach((entry, entryIndex) => {
      const turns = turnsOf(entry, programMs);
      const periodMs = interruptPeriodMs(entry);
      const entryKey = `${plan.id}:${entry.id}:${entry.kind}`;
      for (const day of entryDays(entry, firstDay, lastDay)) {
        windowInstants(entry, day, clock).forEach(([start, end], w) => {
          out.push({
            key: `${plan.id}:${entry.id}:${day}:${w}`,
            entryKey,
            planId: plan.id,
            entryId: entry.id,
            kind: entry.kind,
            priority: entry.priority,
            order: planIndex * ORDER_PER_PLAN + entryIndex,
            start,
            end,
            turns,
            periodMs,
          });
        });
      }
    });
  });
  return out;
}

/**
 * The lowest layer, one occurrence per day (local midnight to midnight): the plans' default programs
 * rotating with the programs published without a plan (each inside its publication window), and
 * "nothing" under them, so every instant has something.
 */
export function fallbackOccurrences(
  plans: readonly ScheduledPlan[],
  published: readonly PublishedProgram[],
  programMs: ReadonlyMap<number, number>,
  clock: ZoneClock,
  firstDay: number,
  lastDay: number,
): Occurrence[] {
  const out: Occurrence[] = [];
  const sorted = [...plans].sort((a, b) => a.id - b.id);
  const turn = (programId: number): Turn[] => [
    { programId, ms: Math.max(MIN_TURN_MS, programMs.get(programId) ?? DEFAULT_TURN_MS) },
  ];
  const base = { entryId: null, periodMs: 0 };
  for (let day = firstDay; day <= lastDay; day++) {
    const dayStart = clock.toInstant(day, 0);
    const dayEnd = clock.toInstant(day + 1, 0);
    out.push({
      ...base,
      key: `idle:${day}`,
      entryKey: 'idle',
      planId: null,
      kind: 'idle',
      priority: -1,
      order: 0,
      start: dayStart,
      end: dayEnd,
      turns: [{ programId: null, ms: Infinity }],
    });
    sorted.forEach((plan, planIndex) => {
      const programId = plan.document.defaultProgramId;
      if (!programId) return;
      out.push({
        ...base,
        key: `default:${plan.id}:${day}`,
        entryKey: `default:${plan.id}`,
        planId: plan.id,
        kind: 'default',
        priority: 0,
        order: planIndex,
        start: dayStart,
        end: dayEnd,
        turns: turn(programId),
      });
    });
    published.forEach((program, index) => {
      const from = program.startAt ? Date.parse(program.startAt) : -Infinity;
      const until = program.endAt ? Date.parse(program.endAt) : Infinity;
      const start = Math.max(dayStart, Number.isNaN(from) ? -Infinity : from);
      const end = Math.min(dayEnd, Number.isNaN(until) ? Infinity : until);
      if (end <= start) return;
      out.push({
        ...base,
        key: `published:${program.programId}:${day}`,
        entryKey: `published:${program.programId}`,
        planId: null,
        kind: 'published',
        priority: 0,
        order: sorted.length + index,
        start,
        end,
        turns: turn(program.programId),
      });
    });
  }
  return out;
}
