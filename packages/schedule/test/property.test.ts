import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_ENTRY_KINDS, WEEKDAY_CODES, type PlanEntry } from '@apm/contract';
import { resolveTimeline, type Segment } from '../src/index.js';
import { entry } from './fixtures.js';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Shanghai', 'UTC'];
const time = fc
  .integer({ min: 0, max: 95 })
  .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
const date = fc
  .integer({ min: 0, max: 800 })
  .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));

const entryArb = fc
  .record({
    kind: fc.constantFrom(...PLAN_ENTRY_KINDS),
    priority: fc.integer({ min: 1, max: 9 }),
    items: fc.array(
      fc.record({
        programId: fc.integer({ min: 1, max: 6 }),
        durationSec: fc.option(fc.integer({ min: 60, max: 7200 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    startDate: date,
    span: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    weekdays: fc.subarray([...WEEKDAY_CODES]),
    rrule: fc.constantFrom(
      null,
      null,
      'FREQ=WEEKLY;INTERVAL=2',
      'FREQ=MONTHLY;BYDAY=1MO,3FR',
      'FREQ=DAILY;COUNT=40',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    ),
    windows: fc.array(fc.record({ start: time, end: time }), { maxLength: 3 }),
    everyMinutes: fc.integer({ min: 10, max: 240 }),
  })
  .map(({ span, ...e }): Omit<PlanEntry, 'id'> => ({
    ...entry({
      id: 'x',
      ...e,
      endDate:
        span === null
          ? null
          : new Date(Date.parse(e.startDate) + span * 86_400_000).toISOString().slice(0, 10),
    }),
  }));

const planArb = fc.record({
  entries: fc.array(entryArb, { maxLength: 6 }),
  defaultProgramId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
});

const programMs = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, id * 11 * 60_000]));

/** A generated plan: entries without ids yet. */
interface GeneratedPlan {
  entries: Omit<PlanEntry, 'id'>[];
  defaultProgramId: number | null;
}

function resolvePlan(doc: GeneratedPlan, timeZone: string, from: number, to: number): Segment[] {
  const entries = doc.entries.map((e, i) => ({ ...e, id: `e${i}` }));
  return resolveTimeline({
    plans: [{ id: 1, document: { entries, defaultProgramId: doc.defaultProgramId } }],
    programMs,
    timeZone,
    from,
    to,
  });
}

const FROM = Date.parse('2026-01-01T00:00:00Z');
const TWO_YEARS = 730 * 86_400_000;

describe('resolveTimeline properties', () => {
  it('covers two years without gaps or overlaps, every segment non-empty', () => {
    fc.assert(
      fc.property(planArb, fc.constantFrom(...ZONES), (doc, zone) => {
        const segments = resolvePlan(doc, zone, FROM, FROM + TWO_YEARS);
        expect(segments[0]?.start).toBe(FROM);
        expect(segments[segments.length - 1]?.end).toBe(FROM + TWO_YEARS);
        for (let i = 0; i < segments.length; i++) {
          expect(segments[i]!.end).toBeGreaterThan(segments[i]!.start);
          if (i > 0) expect(segments[i]!.start).toBe(segments[i - 1]!.end);
        }
      }),
      { numRuns: 20, seed: 17 },
    );
  }, 120_000);

  it('answers the same at any instant whatever range was asked (player = server)', () => {
    fc.assert(
      fc.property(
        planArb,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 700 * 24 }),
        fc.integer({ min: 1, max: 47 }),
        (doc, zone, hour, cut) => {
          const from = FROM + hour * 3_600_000;
          const to = from + 2 * 86_400_000;
          const whole = resolvePlan(doc, zone, from, to);
          const split = from + cut * 3_600_000 + 1234;
          const late = resolvePlan(doc, zone, split, to);
          for (const probe of [split, split + 60_000, split + 3_600_000, to - 1]) {
            const a = whole.find((s) => s.start <= probe && probe < s.end);
            const b = late.find((s) => s.start <= probe && probe < s.end);
            expect([b?.programId, b?.entryId, b?.kind]).toEqual([a?.programId, a?.entryId, a?.kind]);
          }
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  }, 120_000);
});
