import type { PlanDocument, PlanEntry } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { newEntry } from '../../src/pages/plan-make/state/entry-ops';
import {
  addDays,
  mergeIntervals,
  mondayOf,
  playsAt,
  weekLayout,
} from '../../src/pages/plan-make/state/week-layout';

const entry = (id: string, patch: Partial<PlanEntry>): PlanEntry => ({
  ...newEntry(id, '2026-01-01', 1),
  ...patch,
});

const programMs = new Map([
  [1, 10_000],
  [2, 10_000],
  [9, 10_000],
]);

describe('week layout', () => {
  it('finds the Monday of a week and moves dates', () => {
    expect(mondayOf('2026-05-07')).toBe('2026-05-04');
    expect(mondayOf('2026-05-04')).toBe('2026-05-04');
    expect(mondayOf('2026-05-10')).toBe('2026-05-04');
    expect(addDays('2026-05-04', 7)).toBe('2026-05-11');
  });

  it('merges close intervals', () => {
    expect(
      mergeIntervals(
        [
          [10, 20],
          [0, 5],
          [22, 30],
        ],
        2,
      ),
    ).toEqual([
      [0, 5],
      [10, 30],
    ]);
  });

  it('draws windows in their day columns, across midnight into the next', () => {
    const document: PlanDocument = {
      defaultProgramId: 9,
      entries: [entry('a', { weekdays: ['MO'], windows: [{ start: '22:00', end: '02:00' }] })],
    };
    const layout = weekLayout({ document, programMs, timeZone: 'Europe/Berlin', monday: '2026-05-04' });
    expect(layout.days[0]).toBe('2026-05-04');
    const blocks = layout.blocks.map((b) => [
      b.column,
      b.top,
      b.bottom,
      b.fromPrevious,
      b.toNext,
      b.windowIndex,
    ]);
    expect(blocks).toEqual([
      [0, 1320, 1440, false, true, 0],
      [1, 0, 120, true, false, 0],
    ]);
    expect(layout.blocks[0]!.plays).toEqual([[1320, 1440]]);
    // The default program fills the rest of Monday.
    expect(layout.defaults.filter((d) => d.column === 0)).toMatchObject([
      { column: 0, top: 0, bottom: 1320 },
    ]);
  });

  it('shows a normal entry hidden by an exclusive one, side by side in lanes', () => {
    const document: PlanDocument = {
      defaultProgramId: null,
      entries: [
        entry('a', { windows: [{ start: '08:00', end: '12:00' }] }),
        entry('x', {
          kind: 'exclusive',
          items: [{ programId: 2 }],
          windows: [{ start: '09:00', end: '10:00' }],
        }),
      ],
    };
    const layout = weekLayout({ document, programMs, timeZone: 'UTC', monday: '2026-05-04' });
    const monday = layout.blocks.filter((b) => b.column === 0);
    const a = monday.find((b) => b.entryId === 'a')!;
    const x = monday.find((b) => b.entryId === 'x')!;
    expect(a.plays).toEqual([
      [480, 540],
      [600, 720],
    ]);
    expect(x.plays).toEqual([[540, 600]]);
    expect([a.lane, x.lane, a.lanes]).toEqual([0, 1, 2]);
  });

  it('answers what plays at an instant', () => {
    const document: PlanDocument = {
      defaultProgramId: 9,
      entries: [entry('a', { items: [{ programId: 2 }], windows: [{ start: '08:00', end: '09:00' }] })],
    };
    const input = { document, programMs, timeZone: 'Asia/Shanghai' };
    // 08:30 in Shanghai is 00:30 UTC.
    expect(playsAt(input, Date.parse('2026-05-05T00:30:00Z'))).toMatchObject({ programId: 2, entryId: 'a' });
    expect(playsAt(input, Date.parse('2026-05-05T02:00:00Z'))).toMatchObject({
      programId: 9,
      kind: 'default',
    });
  });
});
