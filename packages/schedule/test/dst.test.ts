import { describe, expect, it } from 'vitest';
import { ZoneClock } from '../src/index.js';
import { at, entry, lines, plan, resolve } from './fixtures.js';

const iso = (ms: number) => new Date(ms).toISOString();
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

describe('daylight saving: a window in the spring-forward gap starts at the first valid minute', () => {
  const cases = [
    // zone, the day clocks go forward, a wall time in the gap, the first instant after the gap
    ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:00:00.000Z'],
    ['America/New_York', '2026-03-08', '02:15', '2026-03-08T07:00:00.000Z'],
    // Lord Howe moves by 30 minutes: 02:00 → 02:30
    ['Australia/Lord_Howe', '2026-10-04', '02:10', '2026-10-03T15:30:00.000Z'],
  ] as const;
  for (const [zone, date, time, expected] of cases) {
    it(`${zone} ${date} ${time}`, () => {
      const [h, m] = time.split(':').map(Number) as [number, number];
      expect(iso(new ZoneClock(zone).toInstant(day(date), h * 60 + m))).toBe(expected);
      const doc = plan([
        entry({ id: 'g', windows: [{ start: time, end: '05:00' }], startDate: date, endDate: date }),
      ]);
      const around = Date.parse(`${date}T00:00:00Z`);
      const segments = resolve(doc, zone, iso(around - 86_400_000), iso(around + 2 * 86_400_000));
      const played = segments.filter((s) => s.entryId === 'g');
      expect(played.map((s) => iso(s.start))).toEqual([expected]);
    });
  }
});

describe('daylight saving: the repeated autumn hour plays once', () => {
  it('Europe/Berlin: a window inside the repeated hour plays in its first pass only', () => {
    const doc = plan([
      entry({
        id: 'r',
        windows: [{ start: '02:15', end: '02:45' }],
        startDate: '2026-10-25',
        endDate: '2026-10-25',
      }),
    ]);
    const segments = resolve(doc, 'Europe/Berlin', '2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z');
    // 02:15 CEST = 00:15Z; the second 02:15 (CET, 01:15Z) is not scheduled.
    expect(segments.filter((s) => s.entryId === 'r').map((s) => [iso(s.start), iso(s.end)])).toEqual([
      ['2026-10-25T00:15:00.000Z', '2026-10-25T00:45:00.000Z'],
    ]);
  });

  it('America/New_York: a window spanning the fold covers the real time between its bounds', () => {
    const doc = plan([
      entry({
        id: 'n',
        windows: [{ start: '00:30', end: '03:00' }],
        startDate: '2026-11-01',
        endDate: '2026-11-01',
      }),
    ]);
    const segments = resolve(doc, 'America/New_York', '2026-11-01T00:00:00Z', '2026-11-01T12:00:00Z');
    const played = segments.filter((s) => s.entryId === 'n');
    expect([iso(played[0]!.start), iso(played[played.length - 1]!.end)]).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('Australia/Lord_Howe: the repeated half hour plays once', () => {
    // 2026-04-05 02:00 (+11) → 01:30 (+10:30): 01:30–02:00 happens twice.
    const doc = plan([
      entry({
        id: 'l',
        windows: [{ start: '01:35', end: '01:55' }],
        startDate: '2026-04-05',
        endDate: '2026-04-05',
      }),
    ]);
    const segments = resolve(doc, 'Australia/Lord_Howe', '2026-04-04T12:00:00Z', '2026-04-05T00:00:00Z');
    expect(segments.filter((s) => s.entryId === 'l').map((s) => iso(s.start))).toEqual([
      '2026-04-04T14:35:00.000Z',
    ]);
  });

  it('Asia/Shanghai has no change: a daily 09:00 is always 01:00Z', () => {
    const doc = plan([entry({ id: 's', windows: [{ start: '09:00', end: '09:30' }] })]);
    const segments = resolve(doc, 'Asia/Shanghai', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z');
    const starts = segments.filter((s) => s.entryId === 's').map((s) => iso(s.start).slice(11));
    expect(starts).toHaveLength(364);
    expect(new Set(starts)).toEqual(new Set(['01:00:00.000Z']));
  });

  it('Europe/Berlin: a daily 09:00 follows the wall clock across both changes', () => {
    const doc = plan([entry({ id: 'd', windows: [{ start: '09:00', end: '09:10' }] })]);
    const segments = resolve(doc, 'Europe/Berlin', '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(lines(segments.filter((s) => s.entryId === 'd'))).toEqual([
      '03-28 08:00→03-28 08:10 1 normal d',
      '03-29 07:00→03-29 07:10 1 normal d',
      '03-30 07:00→03-30 07:10 1 normal d',
    ]);
    const autumn = resolve(doc, 'Europe/Berlin', '2026-10-25T00:00:00Z', '2026-10-26T12:00:00Z');
    expect(at(autumn, '2026-10-25T08:05:00Z')?.entryId).toBe('d');
    expect(at(autumn, '2026-10-26T08:05:00Z')?.entryId).toBe('d');
  });

  it('an all-day entry covers the 23-hour and the 25-hour day completely', () => {
    const doc = plan([entry({ id: 'all', items: [{ programId: 1, durationSec: 3600 }] })]);
    for (const [from, to] of [
      ['2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
      ['2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'],
    ] as const) {
      const segments = resolve(doc, 'Europe/Berlin', from, to);
      expect(segments.every((s) => s.entryId === 'all')).toBe(true);
      expect(iso(segments[0]!.start)).toBe(new Date(from).toISOString());
      expect(iso(segments[segments.length - 1]!.end)).toBe(new Date(to).toISOString());
    }
  });
});
