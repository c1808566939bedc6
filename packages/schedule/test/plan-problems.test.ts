import { describe, expect, it } from 'vitest';
import { planProblems } from '../src/index.js';
import { entry, plan } from './fixtures.js';

const codes = (doc: Parameters<typeof planProblems>[0], options?: Parameters<typeof planProblems>[1]) =>
  planProblems(doc, options).map((p) => `${p.severity} ${p.code} ${p.entryId}.${p.field}`);

describe('planProblems', () => {
  it('finds nothing in a plain plan', () => {
    expect(codes(plan([entry({ id: 'a' })]))).toEqual([]);
  });

  it('refuses an end before the start, a malformed RRULE, bad dates and duplicate ids', () => {
    expect(
      codes(
        plan([
          entry({ id: 'a', startDate: '2026-05-02', endDate: '2026-05-01' }),
          entry({ id: 'b', rrule: 'FREQ=NEVER' }),
          entry({ id: 'c', exdates: ['2026-02-31'] }),
          entry({ id: 'c' }),
        ]),
      ),
    ).toEqual([
      'error dateRange a.endDate',
      'error rrule b.rrule',
      'error dateRange c.exdates[0]',
      'error duplicateId c.id',
    ]);
  });

  it('warns about an entry that never plays', () => {
    const never = entry({ id: 'n', startDate: '2026-05-04', endDate: '2026-05-05', weekdays: ['SA'] });
    expect(codes(plan([never]))).toEqual(['warning windowNeverOccurs n.weekdays']);
    const rule = entry({
      id: 'r',
      startDate: '2026-05-01',
      endDate: '2026-05-20',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=25',
    });
    expect(codes(plan([rule]))).toEqual(['warning windowNeverOccurs r.rrule']);
  });

  it('warns about exclusive entries of the same priority that overlap, naming the first day', () => {
    const doc = plan([
      entry({
        id: 'x',
        kind: 'exclusive',
        priority: 4,
        windows: [{ start: '10:00', end: '12:00' }],
        weekdays: ['MO'],
      }),
      entry({
        id: 'y',
        kind: 'exclusive',
        priority: 4,
        windows: [{ start: '11:00', end: '13:00' }],
        startDate: '2026-03-01',
      }),
      entry({ id: 'z', kind: 'exclusive', priority: 5, windows: [{ start: '11:00', end: '13:00' }] }),
    ]);
    const problems = planProblems(doc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'exclusiveOverlap',
      entryId: 'x',
      otherEntryId: 'y',
      date: '2026-03-02',
      severity: 'warning',
    });
  });

  it('does not count windows that only touch as overlapping', () => {
    const doc = plan([
      entry({ id: 'x', kind: 'exclusive', windows: [{ start: '10:00', end: '11:00' }] }),
      entry({ id: 'y', kind: 'exclusive', windows: [{ start: '11:00', end: '12:00' }] }),
    ]);
    expect(codes(doc)).toEqual([]);
  });

  it('needs a rate for an interrupt and warns when its programs outlast the period', () => {
    expect(codes(plan([entry({ id: 'i', kind: 'interrupt' })]))).toEqual([
      'error interruptRate i.everyMinutes',
    ]);
    const long = entry({ id: 'j', kind: 'interrupt', everyMinutes: 1, items: [{ programId: 3 }] });
    expect(codes(plan([long]), { programMs: new Map([[3, 90_000]]) })).toEqual([
      'warning interruptRate j.everyMinutes',
    ]);
  });

  it('names at most 20 overlaps, however many exclusive entries clash', () => {
    const entries = Array.from({ length: 500 }, (_, i) =>
      entry({
        id: `x${i}`,
        kind: 'exclusive',
        windows: [
          { start: '00:00', end: '12:00' },
          { start: '12:00', end: '00:00' },
        ],
      }),
    );
    const problems = planProblems(plan(entries));
    expect(problems).toHaveLength(20);
    expect(problems.every((p) => p.code === 'exclusiveOverlap' && p.date === '2026-01-01')).toBe(true);
  });
});
