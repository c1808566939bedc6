import { describe, expect, it } from 'vitest';
import { resolveTimeline } from '../src/index.js';
import { at, entry, lines, plan, resolve } from './fixtures.js';

const MIN = 60_000;

describe('resolveTimeline', () => {
  it('fills the range with idle when nothing is scheduled', () => {
    const segments = resolve(plan([]), 'UTC', '2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z');
    expect(lines(segments)).toEqual(['05-01 00:00→05-02 00:00 - idle -']);
  });

  it('plays the default program when no entry does, and an entry inside its window', () => {
    const doc = plan(
      [entry({ id: 'a', items: [{ programId: 7 }], windows: [{ start: '09:00', end: '10:00' }] })],
      9,
    );
    const segments = resolve(doc, 'UTC', '2026-05-01T08:00:00Z', '2026-05-01T11:00:00Z', {
      7: 60 * MIN,
      9: 60 * MIN,
    });
    expect(lines(segments)).toEqual([
      '05-01 08:00→05-01 09:00 9 default -',
      '05-01 09:00→05-01 10:00 7 normal a',
      '05-01 10:00→05-01 11:00 9 default -',
    ]);
  });

  it('lets the highest priority win and hides the lower one', () => {
    const doc = plan([
      entry({ id: 'low', priority: 3, items: [{ programId: 1 }] }),
      entry({
        id: 'high',
        priority: 8,
        items: [{ programId: 2 }],
        windows: [{ start: '12:00', end: '13:00' }],
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T11:00:00Z', '2026-05-01T14:00:00Z', {
      1: 60 * MIN,
      2: 60 * MIN,
    });
    expect(at(segments, '2026-05-01T11:30:00Z')?.entryId).toBe('low');
    const noon = at(segments, '2026-05-01T12:30:00Z');
    expect(noon).toMatchObject({ entryId: 'high', programId: 2 });
    expect(noon?.hides).toEqual([{ planId: 1, entryId: 'low', kind: 'normal' }]);
    expect(at(segments, '2026-05-01T13:30:00Z')?.entryId).toBe('low');
  });

  it('rotates normal entries of the same priority turn by turn, in entry order, from the window start', () => {
    const doc = plan([
      entry({
        id: 'a',
        items: [{ programId: 1, durationSec: 60 }],
        windows: [{ start: '08:00', end: '08:05' }],
      }),
      entry({
        id: 'b',
        items: [{ programId: 2, durationSec: 120 }],
        windows: [{ start: '08:00', end: '08:05' }],
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T08:00:00Z', '2026-05-01T08:05:00Z');
    expect(lines(segments)).toEqual([
      '05-01 08:00→05-01 08:01 1 normal a',
      '05-01 08:01→05-01 08:03 2 normal b',
      '05-01 08:03→05-01 08:04 1 normal a',
      '05-01 08:04→05-01 08:05 2 normal b',
    ]);
  });

  it('plays a sequence in order and loops it', () => {
    const doc = plan([
      entry({
        id: 's',
        items: [
          { programId: 1, durationSec: 30 },
          { programId: 2, durationSec: 90 },
        ],
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T00:00:00Z', '2026-05-01T00:04:00Z');
    expect(segments.map((s) => [s.programId, (s.end - s.start) / 1000])).toEqual([
      [1, 30],
      [2, 90],
      [1, 30],
      [2, 90],
    ]);
  });

  it('fires an interrupt every N minutes from the window start, then returns', () => {
    const doc = plan([
      entry({ id: 'base', items: [{ programId: 1 }] }),
      entry({
        id: 'ad',
        kind: 'interrupt',
        everyMinutes: 20,
        items: [{ programId: 5, durationSec: 60 }],
        windows: [{ start: '10:00', end: '11:00' }],
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T10:00:00Z', '2026-05-01T11:00:00Z', {
      1: 24 * 60 * MIN,
    });
    const ads = segments
      .filter((s) => s.kind === 'interrupt')
      .map((s) => new Date(s.start).toISOString().slice(11, 16));
    expect(ads).toEqual(['10:00', '10:20', '10:40']);
    expect(at(segments, '2026-05-01T10:01:00Z')?.entryId).toBe('base');
    expect(at(segments, '2026-05-01T10:20:30Z')?.hides).toEqual([
      { planId: 1, entryId: 'base', kind: 'normal' },
    ]);
  });

  it('spreads N firings an hour evenly', () => {
    const doc = plan([
      entry({
        id: 'ad',
        kind: 'interrupt',
        perHour: 4,
        items: [{ programId: 5, durationSec: 10 }],
        windows: [{ start: '10:00', end: '11:00' }],
      }),
    ]);
    const starts = resolve(doc, 'UTC', '2026-05-01T10:00:00Z', '2026-05-01T11:00:00Z')
      .filter((s) => s.kind === 'interrupt')
      .map((s) => new Date(s.start).toISOString().slice(11, 16));
    expect(starts).toEqual(['10:00', '10:15', '10:30', '10:45']);
  });

  it('gives the whole window to an exclusive entry, over interrupts', () => {
    const doc = plan([
      entry({ id: 'base', items: [{ programId: 1 }] }),
      entry({ id: 'ad', kind: 'interrupt', everyMinutes: 10, items: [{ programId: 5, durationSec: 60 }] }),
      entry({
        id: 'live',
        kind: 'exclusive',
        priority: 1,
        items: [{ programId: 9 }],
        windows: [{ start: '18:00', end: '19:00' }],
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T18:00:00Z', '2026-05-01T19:00:00Z', { 9: 5 * MIN });
    expect(new Set(segments.map((s) => s.entryId))).toEqual(new Set(['live']));
    expect(at(segments, '2026-05-01T18:30:00Z')?.hides).toEqual([
      { planId: 1, entryId: 'base', kind: 'normal' },
      { planId: 1, entryId: 'ad', kind: 'interrupt' },
    ]);
  });

  it('plays a window across midnight from the evening into the next morning', () => {
    const doc = plan([
      entry({
        id: 'night',
        items: [{ programId: 3 }],
        windows: [{ start: '22:00', end: '02:00' }],
        startDate: '2026-05-01',
        endDate: '2026-05-01',
      }),
    ]);
    const segments = resolve(doc, 'UTC', '2026-05-01T20:00:00Z', '2026-05-02T04:00:00Z', { 3: 4 * 60 * MIN });
    expect(lines(segments)).toEqual([
      '05-01 20:00→05-01 22:00 - idle -',
      '05-01 22:00→05-02 02:00 3 normal night',
      '05-02 02:00→05-02 04:00 - idle -',
    ]);
  });

  it('reads windows in the terminal time zone', () => {
    const doc = plan([entry({ id: 'a', windows: [{ start: '09:00', end: '10:00' }] })]);
    const shanghai = resolve(doc, 'Asia/Shanghai', '2026-05-01T00:00:00Z', '2026-05-01T03:00:00Z');
    expect(at(shanghai, '2026-05-01T01:30:00Z')?.entryId).toBe('a');
    expect(at(shanghai, '2026-05-01T02:30:00Z')?.kind).toBe('idle');
  });

  it('plays programs published without a plan under the plan, inside their window', () => {
    const doc = plan([
      entry({ id: 'a', items: [{ programId: 1 }], windows: [{ start: '12:00', end: '13:00' }] }),
    ]);
    const segments = resolve(
      doc,
      'UTC',
      '2026-05-01T10:00:00Z',
      '2026-05-01T14:00:00Z',
      { 1: 60 * MIN, 4: 60 * MIN },
      [{ programId: 4, startAt: '2026-05-01T11:00:00Z', endAt: null }],
    );
    expect(lines(segments)).toEqual([
      '05-01 10:00→05-01 11:00 - idle -',
      '05-01 11:00→05-01 12:00 4 published -',
      '05-01 12:00→05-01 13:00 1 normal a',
      '05-01 13:00→05-01 14:00 4 published -',
    ]);
  });

  it('merges two plans: their entries compete by priority', () => {
    const one = plan([entry({ id: 'x', priority: 2, items: [{ programId: 1 }] })]);
    const two = plan([
      entry({ id: 'y', priority: 6, items: [{ programId: 2 }], windows: [{ start: '08:00', end: '09:00' }] }),
    ]);
    const segments = resolveTimeline({
      plans: [
        { id: 10, document: one },
        { id: 20, document: two },
      ],
      programMs: new Map([
        [1, 60 * MIN],
        [2, 60 * MIN],
      ]),
      timeZone: 'UTC',
      from: Date.parse('2026-05-01T07:00:00Z'),
      to: Date.parse('2026-05-01T10:00:00Z'),
    });
    expect(segments.map((s) => `${s.planId}:${s.entryId}`)).toEqual(['10:x', '20:y', '10:x']);
  });
});
