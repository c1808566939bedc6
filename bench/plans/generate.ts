import type { PlanDocument, PlanEntry } from '@apm/contract';
import { PLAN_ENTRY_KINDS, WEEKDAY_CODES } from '@apm/contract';

/** A seeded generator (mulberry32): the same plans every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RULES = [
  null,
  null,
  null,
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR',
  'FREQ=MONTHLY;BYDAY=1MO,3TH',
  'FREQ=DAILY;INTERVAL=3',
];
const hhmm = (quarter: number) =>
  `${String(Math.floor(quarter / 4) % 24).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;

/**
 * `plans` plans of `entriesPerPlan` entries each, in the shape operators make: mostly normal entries
 * in one or two windows a day, some interrupts every 10–60 minutes, a few exclusive hours, with
 * weekdays, recurrence and exception dates; programs 1..`programs`.
 */
export function generatePlans(
  plans: number,
  entriesPerPlan: number,
  programs: number,
  seed = 7,
): { id: number; document: PlanDocument }[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: plans }, (_, p) => {
    const entries: PlanEntry[] = Array.from({ length: entriesPerPlan }, (_, e) => {
      const kind = rnd() < 0.75 ? 'normal' : pick(PLAN_ENTRY_KINDS);
      const start = Math.floor(rnd() * 88);
      const windows = Array.from({ length: 1 + Math.floor(rnd() * 2) }, (_, w) => ({
        start: hhmm(start + w * 24),
        end: hhmm(start + w * 24 + 4 + Math.floor(rnd() * 32)),
      }));
      return {
        id: `p${p}e${e}`,
        name: `Entry ${e}`,
        kind,
        priority: 1 + Math.floor(rnd() * 9),
        items: Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
          programId: 1 + Math.floor(rnd() * programs),
          durationSec: rnd() < 0.5 ? 15 + Math.floor(rnd() * 120) : null,
        })),
        startDate: '2026-11-01',
        endDate: rnd() < 0.5 ? null : '2027-06-30',
        weekdays: rnd() < 0.3 ? WEEKDAY_CODES.filter(() => rnd() < 0.6) : [],
        rrule: pick(RULES),
        exdates: rnd() < 0.2 ? ['2026-12-25', '2027-01-01'] : [],
        rdates: [],
        windows: kind === 'normal' && rnd() < 0.2 ? [] : windows,
        everyMinutes: kind === 'interrupt' ? 10 + Math.floor(rnd() * 50) : null,
        perHour: null,
      };
    });
    return { id: p + 1, document: { entries, defaultProgramId: 1 } };
  });
}

/** Cycle lengths of programs 1..n: 10 s to 5 min. */
export function programLengths(n: number, seed = 11): Map<number, number> {
  const rnd = random(seed);
  return new Map(Array.from({ length: n }, (_, i) => [i + 1, 10_000 + Math.floor(rnd() * 290_000)]));
}
