import fc from 'fast-check';
import {
  WEEKDAY_CODES,
  defaultMessageDocument,
  type MessageDocument,
  type MessageKind,
  type TerminalMessagePayload,
} from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  forcedShowingMs,
  messageDueAt,
  messageIntervals,
  nextMessageBoundary,
  pickMessages,
  showingEnd,
} from '../src/index.js';

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const spans = (list: { start: number; end: number }[]) => list.map((i) => `${iso(i.start)}→${iso(i.end)}`);

function doc(fields: Partial<MessageDocument> = {}, kind: MessageKind = 'ticker'): MessageDocument {
  return { ...defaultMessageDocument(kind), text: 'Hello', ...fields };
}

function payload(id: number, fields: Partial<MessageDocument> = {}, kind: MessageKind = 'ticker') {
  return { id, revision: 1, name: `M${id}`, document: doc(fields, kind) } satisfies TerminalMessagePayload;
}

describe('messageIntervals', () => {
  it('gives each day its windows in the zone, across midnight, joined where they touch', () => {
    const d = doc({
      windows: [
        { start: '09:00', end: '10:00' },
        { start: '22:00', end: '02:00' },
      ],
    });
    const list = messageIntervals(d, t('2026-05-01T00:00:00Z'), t('2026-05-03T00:00:00Z'), 'Europe/Berlin');
    // The window of April 30 (22:00 CEST = 20:00Z) ends at the range's start: nothing of it is left.
    expect(spans(list)).toEqual([
      '2026-05-01T07:00:00.000Z→2026-05-01T08:00:00.000Z',
      '2026-05-01T20:00:00.000Z→2026-05-02T00:00:00.000Z',
      '2026-05-02T07:00:00.000Z→2026-05-02T08:00:00.000Z',
      '2026-05-02T20:00:00.000Z→2026-05-03T00:00:00.000Z',
    ]);
    // From 23:00Z on April 30 the window of that night is in the range.
    const late = messageIntervals(d, t('2026-04-30T23:00:00Z'), t('2026-05-01T01:00:00Z'), 'Europe/Berlin');
    expect(spans(late)).toEqual(['2026-04-30T23:00:00.000Z→2026-05-01T00:00:00.000Z']);
  });

  it('keeps to the days of the week, a night window counting for the day it starts', () => {
    // 2026-05-01 is a Friday.
    const d = doc({ weekdays: ['FR'], windows: [{ start: '23:00', end: '01:00' }] });
    const list = messageIntervals(d, t('2026-04-27T00:00:00Z'), t('2026-05-04T00:00:00Z'), 'UTC');
    expect(spans(list)).toEqual(['2026-05-01T23:00:00.000Z→2026-05-02T01:00:00.000Z']);
  });

  it('is cut by validFrom and validUntil to the millisecond, and empty outside them', () => {
    const d = doc({ validFrom: '2026-05-01T10:15:00.500Z', validUntil: '2026-05-03T08:00:00Z' });
    const list = messageIntervals(d, t('2026-04-30T00:00:00Z'), t('2026-05-10T00:00:00Z'), 'Asia/Tokyo');
    expect(spans(list)).toEqual(['2026-05-01T10:15:00.500Z→2026-05-03T08:00:00.000Z']);
    expect(messageIntervals(d, t('2026-05-03T08:00:00Z'), t('2026-05-04T00:00:00Z'), 'UTC')).toEqual([]);
    expect(messageIntervals(d, t('2026-04-01T00:00:00Z'), t('2026-05-01T10:15:00.500Z'), 'UTC')).toEqual([]);
  });

  it('follows the wall clock on a daylight-saving day (gap: the first instant after it)', () => {
    const d = doc({ windows: [{ start: '02:30', end: '04:00' }] });
    const list = messageIntervals(d, t('2026-03-28T00:00:00Z'), t('2026-03-31T00:00:00Z'), 'Europe/Berlin');
    expect(spans(list)).toEqual([
      '2026-03-28T01:30:00.000Z→2026-03-28T03:00:00.000Z',
      // 02:30 does not exist on March 29: it starts at 03:00 CEST (01:00Z).
      '2026-03-29T01:00:00.000Z→2026-03-29T02:00:00.000Z',
      '2026-03-30T00:30:00.000Z→2026-03-30T02:00:00.000Z',
    ]);
    // The 25-hour autumn day is due all of it when there is no window.
    const all = messageIntervals(
      doc({ weekdays: ['SU'] }),
      t('2026-10-20T00:00:00Z'),
      t('2026-10-30T00:00:00Z'),
      'Europe/Berlin',
    );
    expect(spans(all)).toEqual(['2026-10-24T22:00:00.000Z→2026-10-25T23:00:00.000Z']);
  });
});

describe('messageDueAt', () => {
  it('answers the occurrence holding an instant with its true bounds, or null', () => {
    const d = doc({ windows: [{ start: '09:00', end: '17:00' }] });
    expect(messageDueAt(d, t('2026-05-01T12:00:00Z'), 'UTC')).toEqual({
      start: t('2026-05-01T09:00:00Z'),
      end: t('2026-05-01T17:00:00Z'),
    });
    expect(messageDueAt(d, t('2026-05-01T17:00:00Z'), 'UTC')).toBeNull();
    expect(messageDueAt(d, t('2026-05-01T08:59:59.999Z'), 'UTC')).toBeNull();
  });

  it('gives a message due all the time the bounds of its validity (open: infinite)', () => {
    expect(messageDueAt(doc(), t('2026-05-01T12:00:00Z'), 'UTC')).toEqual({
      start: -Infinity,
      end: Infinity,
    });
    const valid = doc({ validFrom: '2026-01-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' });
    expect(messageDueAt(valid, t('2026-05-01T12:00:00Z'), 'America/New_York')).toEqual({
      start: t('2026-01-01T00:00:00Z'),
      end: t('2026-12-01T00:00:00Z'),
    });
    expect(messageDueAt(valid, t('2026-12-01T00:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('showingEnd and forcedShowingMs', () => {
  const start = t('2026-05-01T09:00:10Z');
  const occurrenceEnd = t('2026-05-01T10:00:00Z');
  it('ends after durationSec, after repeat passes, or with the occurrence, never after it', () => {
    expect(showingEnd(doc({ durationSec: 30 }), start, occurrenceEnd, 5000)).toBe(start + 30_000);
    expect(showingEnd(doc({ repeat: 3 }), start, occurrenceEnd, 12_500)).toBe(start + 37_500);
    expect(showingEnd(doc(), start, occurrenceEnd, 12_500)).toBe(occurrenceEnd);
    expect(showingEnd(doc({ durationSec: 86_400 }), start, occurrenceEnd, 0)).toBe(occurrenceEnd);
    // A pass not measured yet (0) does not end a repeated ticker at once.
    expect(showingEnd(doc({ repeat: 2 }), start, occurrenceEnd, 0)).toBe(occurrenceEnd);
  });

  it('forces one showing: duration, passes, the first window, else a day', () => {
    expect(forcedShowingMs(doc({ durationSec: 20 }), 1000)).toBe(20_000);
    expect(forcedShowingMs(doc({ repeat: 4 }), 1000)).toBe(4000);
    expect(forcedShowingMs(doc({ windows: [{ start: '23:30', end: '00:15' }] }), 0)).toBe(45 * 60_000);
    expect(forcedShowingMs(doc({}, 'takeover'), 0)).toBe(86_400_000);
  });
});

describe('pickMessages', () => {
  const at = t('2026-05-01T12:00:00Z');

  it('shows one takeover, one notice and one ticker per position', () => {
    const picks = pickMessages(
      [
        payload(1, {}, 'takeover'),
        payload(2, {}, 'notice'),
        payload(3, { ticker: { position: 'top', speed: 100, direction: 'left' } }),
        payload(4),
        payload(5, { ticker: { position: 'custom', offsetPercent: 40, speed: 100, direction: 'right' } }),
      ],
      at,
      'UTC',
    );
    expect(picks.takeover?.payload.id).toBe(1);
    expect(picks.notice?.payload.id).toBe(2);
    expect(Object.fromEntries(Object.entries(picks.tickers).map(([k, v]) => [k, v.payload.id]))).toEqual({
      top: 3,
      bottom: 4,
      custom: 5,
    });
  });

  it('lets the highest priority win, then the newest id on a tie', () => {
    const list = [payload(10, { priority: 7 }, 'takeover'), payload(11, { priority: 9 }, 'takeover')];
    expect(pickMessages(list, at, 'UTC').takeover?.payload.id).toBe(11);
    const tie = [payload(12, { priority: 5 }), payload(14, { priority: 5 }), payload(13, { priority: 5 })];
    expect(pickMessages(tie, at, 'UTC').tickers.bottom?.payload.id).toBe(14);
    expect(pickMessages([...tie].reverse(), at, 'UTC').tickers.bottom?.payload.id).toBe(14);
  });

  it('passes over messages not due and those whose showing of this occurrence finished', () => {
    const windowed = payload(20, { windows: [{ start: '11:00', end: '13:00' }], priority: 9 });
    const later = payload(21, { windows: [{ start: '13:00', end: '14:00' }], priority: 9 });
    const fallback = payload(22, { priority: 1 });
    const list = [windowed, later, fallback];
    expect(pickMessages(list, at, 'UTC').tickers.bottom?.payload.id).toBe(20);
    const finished = new Map([[20, t('2026-05-01T11:00:00Z')]]);
    expect(pickMessages(list, at, 'UTC', finished).tickers.bottom?.payload.id).toBe(22);
    // The next day is a new occurrence: it shows again.
    expect(pickMessages(list, at + 86_400_000, 'UTC', finished).tickers.bottom?.payload.id).toBe(20);
    expect(pickMessages([windowed], t('2026-05-01T13:00:00Z'), 'UTC').tickers.bottom).toBeUndefined();
  });

  it('puts a forced showing first, inside its interval only', () => {
    const list = [
      payload(30, { priority: 9 }, 'notice'),
      payload(31, { priority: 1, validUntil: '2026-01-01T00:00:00Z' }, 'notice'),
    ];
    const forced = new Map([[31, { start: at - 1000, end: at + 1000 }]]);
    const pick = pickMessages(list, at, 'UTC', new Map(), forced).notice;
    expect(pick).toMatchObject({ forced: true, occurrence: { start: at - 1000, end: at + 1000 } });
    expect(pick?.payload.id).toBe(31);
    expect(pickMessages(list, at + 1000, 'UTC', new Map(), forced).notice?.payload.id).toBe(30);
  });
});

describe('nextMessageBoundary', () => {
  it('is the next start or end of any message within the horizon', () => {
    const a = doc({ windows: [{ start: '12:30', end: '13:00' }] });
    const b = doc({ validUntil: '2026-05-01T12:10:00Z' });
    const at = t('2026-05-01T12:00:00Z');
    expect(nextMessageBoundary([a, b], at, 'UTC', 3_600_000)).toBe(t('2026-05-01T12:10:00Z'));
    expect(nextMessageBoundary([a], at, 'UTC', 3_600_000)).toBe(t('2026-05-01T12:30:00Z'));
    expect(nextMessageBoundary([a], at, 'UTC', 60_000)).toBeNull();
    expect(nextMessageBoundary([doc()], at, 'UTC', 3_600_000)).toBeNull();
  });
});

describe('properties', () => {
  const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Shanghai', 'UTC'];
  const time = fc
    .integer({ min: 0, max: 95 })
    .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
  const base = t('2026-01-01T00:00:00Z');
  const instant = fc.integer({ min: 0, max: 400 * 24 }).map((h) => base + h * 3_600_000);
  const docArb = fc
    .record({
      weekdays: fc.subarray([...WEEKDAY_CODES]),
      windows: fc.array(fc.record({ start: time, end: time }), { maxLength: 3 }),
      validFrom: fc.option(instant, { nil: null }),
      validDays: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
    })
    .map(({ validFrom, validDays, ...rest }) =>
      doc({
        ...rest,
        validFrom: validFrom === null ? null : iso(validFrom),
        validUntil: validFrom === null || validDays === null ? null : iso(validFrom + validDays * 86_400_000),
      }),
    );

  it('gives ordered, disjoint intervals inside the range and the validity, agreeing with messageDueAt', () => {
    fc.assert(
      fc.property(docArb, fc.constantFrom(...ZONES), instant, (d, zone, from) => {
        const to = from + 3 * 86_400_000;
        const list = messageIntervals(d, from, to, zone);
        const validFrom = d.validFrom ? Date.parse(d.validFrom) : -Infinity;
        const validUntil = d.validUntil ? Date.parse(d.validUntil) : Infinity;
        list.forEach((i, n) => {
          expect(i.end).toBeGreaterThan(i.start);
          expect(i.start).toBeGreaterThanOrEqual(Math.max(from, validFrom));
          expect(i.end).toBeLessThanOrEqual(Math.min(to, validUntil));
          if (n > 0) expect(i.start).toBeGreaterThan(list[n - 1]!.end);
        });
        for (let at = from; at < to; at += 5 * 3_600_000 + 7 * 60_000) {
          const inside = list.some((i) => i.start <= at && at < i.end);
          const due = messageDueAt(d, at, zone);
          expect(due !== null).toBe(inside);
          if (due) expect(due.start <= at && at < due.end).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
