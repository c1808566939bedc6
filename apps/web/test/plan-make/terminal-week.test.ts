import type { PlanDocument, PlanEntry, TimelineSegment } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { newEntry } from '../../src/pages/plan-make/state/entry-ops';
import { isOwnSegment, previewRange, segmentsFromIso } from '../../src/pages/plan-make/state/terminal-week';
import { weekLayout } from '../../src/pages/plan-make/state/week-layout';

const entry = (id: string, patch: Partial<PlanEntry>): PlanEntry => ({
  ...newEntry(id, '2026-01-01', 1),
  ...patch,
});

const seg = (start: string, end: string, patch: Partial<TimelineSegment> = {}): TimelineSegment => ({
  start,
  end,
  programId: 1,
  planId: null,
  entryId: 'a',
  kind: 'normal',
  hides: [],
  ...patch,
});

const programMs = new Map([[1, 10_000]]);
const document: PlanDocument = {
  defaultProgramId: null,
  entries: [entry('a', { weekdays: ['MO'], windows: [{ start: '09:00', end: '10:00' }] })],
};

describe('the week on a terminal', () => {
  it('asks for the week with a day to spare on each side, in UTC', () => {
    expect(previewRange('2026-05-04')).toEqual({
      from: '2026-05-03T00:00:00.000Z',
      to: '2026-05-12T00:00:00.000Z',
    });
  });

  it('reads ISO segments as epoch milliseconds', () => {
    const [s] = segmentsFromIso([seg('2026-05-04T00:00:00.000Z', '2026-05-04T01:00:00.000Z')]);
    expect(s!.start).toBe(Date.UTC(2026, 4, 4));
    expect(s!.end - s!.start).toBe(3_600_000);
    expect(s!.entryId).toBe('a');
  });

  it('tells the plan’s own segments from other plans’ and published programs', () => {
    expect(isOwnSegment({ planId: null, kind: 'normal' }, null)).toBe(true);
    expect(isOwnSegment({ planId: 7, kind: 'normal' }, 7)).toBe(true);
    expect(isOwnSegment({ planId: 8, kind: 'exclusive' }, 7)).toBe(false);
    expect(isOwnSegment({ planId: 8, kind: 'normal' }, null)).toBe(false);
    expect(isOwnSegment({ planId: null, kind: 'published' }, null)).toBe(false);
    expect(isOwnSegment({ planId: null, kind: 'idle' }, 7)).toBe(false);
  });

  it('draws the outside segments in the terminal’s zone, other plans as their own blocks', () => {
    // Tokyo (UTC+9): Monday 2026-05-04 09:00 is 00:00 UTC.
    const segments = segmentsFromIso([
      seg('2026-05-03T15:00:00.000Z', '2026-05-04T00:00:00.000Z', {
        planId: 12,
        entryId: 'x',
        programId: 5,
      }),
      seg('2026-05-04T00:00:00.000Z', '2026-05-04T01:00:00.000Z'),
      // Another plan's entry rotating with ours for a minute, then alone till 12:00 Tokyo.
      seg('2026-05-04T01:00:00.000Z', '2026-05-04T01:01:00.000Z', { planId: 12, entryId: 'x', programId: 5 }),
      seg('2026-05-04T01:01:00.000Z', '2026-05-04T01:02:00.000Z', { planId: 12, entryId: 'x', programId: 6 }),
      seg('2026-05-04T01:02:00.000Z', '2026-05-04T03:00:00.000Z', { planId: 12, entryId: 'x', programId: 5 }),
      seg('2026-05-04T03:00:00.000Z', '2026-05-04T15:00:00.000Z', {
        planId: 12,
        entryId: null,
        kind: 'default',
        programId: 9,
      }),
      seg('2026-05-04T15:00:00.000Z', '2026-05-05T15:00:00.000Z', {
        planId: null,
        entryId: null,
        kind: 'published',
        programId: 4,
      }),
    ]);
    const layout = weekLayout({
      document,
      programMs,
      timeZone: 'Asia/Tokyo',
      monday: '2026-05-04',
      planId: null,
      segments,
    });
    // The plan's own window plays fully (09:00–10:00 Tokyo).
    expect(layout.blocks.map((b) => [b.column, b.top, b.bottom, b.plays])).toEqual([
      [0, 540, 600, [[540, 600]]],
    ]);
    // Plan 12's entry: 00:00–09:00 and 10:00–12:00 on Monday (merged across its programs).
    expect(
      layout.others.map((o) => [o.planId, o.entryId, o.kind, o.column, o.top, o.bottom, o.programIds]),
    ).toEqual([
      [12, 'x', 'normal', 0, 0, 540, [5, 6]],
      [12, 'x', 'normal', 0, 600, 720, [5, 6]],
      [null, null, 'published', 1, 0, 1440, [4]],
    ]);
    // Another plan's default program is shaded, marked as not the plan's own.
    expect(layout.defaults).toEqual([{ column: 0, top: 720, bottom: 1440, programId: 9, own: false }]);
    // Our block and plan 12's first block do not overlap: one lane each.
    expect(layout.others[0]!.lanes).toBe(1);
  });

  it('puts other plans’ blocks beside the plan’s own where they overlap', () => {
    const segments = segmentsFromIso([
      seg('2026-05-04T00:00:00.000Z', '2026-05-04T01:00:00.000Z', { planId: 3, entryId: 'y' }),
    ]);
    const layout = weekLayout({
      document,
      programMs,
      timeZone: 'Asia/Tokyo',
      monday: '2026-05-04',
      planId: 7,
      segments,
    });
    expect(layout.blocks[0]!.plays).toEqual([]);
    expect([layout.blocks[0]!.lane, layout.others[0]!.lane, layout.others[0]!.lanes]).toEqual([0, 1, 2]);
  });

  it('resolves the document alone without outside segments (no other blocks)', () => {
    const layout = weekLayout({
      document,
      programMs,
      timeZone: 'Asia/Tokyo',
      monday: '2026-05-04',
      planId: 7,
    });
    expect(layout.others).toEqual([]);
    expect(layout.blocks[0]!.plays).toEqual([[540, 600]]);
  });
});

describe('other plans of a terminal', () => {
  it('lists the other plans that play or are hidden, not the plan itself', async () => {
    const { otherPlanIds } = await import('../../src/pages/plan-make/use-other-plans');
    const segments = segmentsFromIso([
      seg('2026-05-04T00:00:00.000Z', '2026-05-04T01:00:00.000Z', {
        hides: [{ planId: 4, entryId: 'z', kind: 'normal' }],
      }),
      seg('2026-05-04T01:00:00.000Z', '2026-05-04T02:00:00.000Z', { planId: 9, entryId: 'y' }),
      seg('2026-05-04T02:00:00.000Z', '2026-05-04T03:00:00.000Z', { planId: 7, entryId: 'a' }),
      seg('2026-05-04T03:00:00.000Z', '2026-05-04T04:00:00.000Z', { planId: null, kind: 'published' }),
    ]);
    expect(otherPlanIds(segments, 7)).toEqual([4, 9]);
    expect(otherPlanIds(null, 7)).toEqual([]);
  });
});
