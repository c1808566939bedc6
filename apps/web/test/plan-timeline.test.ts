import type { TimelineSegment } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  clockText,
  dateKey,
  isIdleTimeline,
  mergeSegments,
  segmentAt,
  startOfDay,
  timelineDays,
} from '../src/pages/plans/timeline/timeline-logic';

const seg = (start: string, end: string, patch: Partial<TimelineSegment> = {}): TimelineSegment => ({
  start,
  end,
  programId: 1,
  planId: 7,
  entryId: 'a',
  kind: 'normal',
  hides: [],
  ...patch,
});

describe('timeline logic', () => {
  it('reads dates and clock times in the zone', () => {
    const ms = Date.parse('2026-03-01T23:30:00Z');
    expect(dateKey(ms, 'UTC')).toBe('2026-03-01');
    expect(dateKey(ms, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(clockText(ms, 'Asia/Shanghai')).toBe('07:30');
    expect(clockText(ms, 'America/New_York')).toBe('18:30');
  });

  it('finds midnight in the zone, across daylight-saving changes', () => {
    expect(new Date(startOfDay('2026-03-02', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    );
    expect(new Date(startOfDay('2026-03-29', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(startOfDay('2026-03-30', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // Santiago's clocks jump from 24:00 to 01:00 in September: the day starts at 01:00.
    expect(clockText(startOfDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('01:00');
    expect(dateKey(startOfDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
  });

  it('merges the turns of one entry and keeps its programs in order', () => {
    const blocks = mergeSegments([
      seg('2026-03-01T08:00:00Z', '2026-03-01T08:01:00Z', { programId: 2 }),
      seg('2026-03-01T08:01:00Z', '2026-03-01T08:02:00Z', { programId: 1 }),
      seg('2026-03-01T08:02:00Z', '2026-03-01T08:03:00Z', { programId: 2 }),
      seg('2026-03-01T08:03:00Z', '2026-03-01T09:00:00Z', { kind: 'default', entryId: null, programId: 3 }),
      seg('2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z', { kind: 'idle', entryId: null, programId: null }),
    ]);
    expect(blocks.map((b) => [b.kind, b.programIds])).toEqual([
      ['normal', [2, 1]],
      ['default', [3]],
      ['idle', []],
    ]);
  });

  it('cuts the timeline into the zone days, a block over midnight in two', () => {
    const days = timelineDays(
      [
        seg('2026-03-01T00:00:00Z', '2026-03-01T22:00:00Z', { kind: 'default', entryId: null }),
        seg('2026-03-01T22:00:00Z', '2026-03-02T02:00:00Z'),
        seg('2026-03-02T02:00:00Z', '2026-03-03T00:00:00Z', { kind: 'default', entryId: null }),
      ],
      'UTC',
      '2026-03-01T00:00:00Z',
      '2026-03-03T00:00:00Z',
    );
    expect(days.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02']);
    expect(days[0]!.blocks.map((b) => [clockText(b.start, 'UTC'), clockText(b.end, 'UTC')])).toEqual([
      ['00:00', '22:00'],
      ['22:00', '00:00'],
    ]);
    expect(days[1]!.blocks.map((b) => [b.kind, clockText(b.start, 'UTC')])).toEqual([
      ['normal', '00:00'],
      ['default', '02:00'],
    ]);
  });

  it('finds what plays now and whether anything plays at all', () => {
    const segments = [
      seg('2026-03-01T08:00:00Z', '2026-03-01T09:00:00Z'),
      seg('2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z', { kind: 'idle', programId: null, entryId: null }),
    ];
    expect(segmentAt(segments, Date.parse('2026-03-01T08:30:00Z'))?.kind).toBe('normal');
    expect(segmentAt(segments, Date.parse('2026-03-01T10:00:00Z'))).toBeUndefined();
    expect(isIdleTimeline(segments)).toBe(false);
    expect(isIdleTimeline([segments[1]!])).toBe(true);
    expect(isIdleTimeline([])).toBe(true);
  });
});
