import {
  WEEKDAY_CODES,
  type MessageDocument,
  type TerminalMessagePayload,
  type TickerPosition,
} from '@apm/contract';
import { DAY_MS, MINUTE_MS, minutesOf, weekdayOf, ZoneClock } from './calendar.js';
import { windowInstants } from './occurrences.js';

/**
 * When a message is due on a terminal, and which messages show together: pure, shared by the
 * player (offline decisions), the console and the server. The rules are the plan resolver's —
 * days of the week and time windows read in the terminal's zone (an end at or before the start is
 * the next day; daylight saving by {@link ZoneClock}'s rule) — inside `validFrom`/`validUntil`.
 *
 * An occurrence is one stretch of uninterrupted due time: a daily 09:00–10:00 window gives one a
 * day, a message due all day every day one that lasts from `validFrom` to `validUntil`. Each
 * occurrence is shown once: for `durationSec`, or `repeat` passes of a ticker, or all of it.
 */

/** One stretch of time, epoch ms, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

/** How far {@link messageDueAt} looks each way for the true bounds of an occurrence. */
const OCCURRENCE_HORIZON_MS = 8 * DAY_MS;

const clocks = new Map<string, ZoneClock>();

/** One clock per zone (it caches each day's offsets). */
function clockOf(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    if (clocks.size > 100) clocks.clear();
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

function parseInstant(iso: string | null, open: number): number {
  if (!iso) return open;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? open : ms;
}

/** The validity of a document as instants (−∞/+∞ when open). */
export function messageValidity(doc: Pick<MessageDocument, 'validFrom' | 'validUntil'>): Interval {
  return { start: parseInstant(doc.validFrom, -Infinity), end: parseInstant(doc.validUntil, Infinity) };
}

type ScheduleFields = Pick<MessageDocument, 'validFrom' | 'validUntil' | 'weekdays' | 'windows'>;

/**
 * The instants in `[fromMs, toMs)` when the message is due, as ordered, disjoint intervals (touching
 * stretches joined: a window ending at midnight and the next day's starting then are one).
 */
export function messageIntervals(
  doc: ScheduleFields,
  fromMs: number,
  toMs: number,
  timeZone: string,
): Interval[] {
  const validity = messageValidity(doc);
  const from = Math.floor(Math.max(fromMs, validity.start));
  const to = Math.ceil(Math.min(toMs, validity.end));
  if (!(to > from)) return [];
  const clock = clockOf(timeZone);
  const weekdays = doc.weekdays.length ? new Set(doc.weekdays.map((w) => WEEKDAY_CODES.indexOf(w))) : null;
  const raw: Interval[] = [];
  // The day before: its windows may run past midnight into the range.
  for (let day = clock.dayOf(from) - 1, last = clock.dayOf(to - 1); day <= last; day++) {
    if (weekdays && !weekdays.has(weekdayOf(day))) continue;
    for (const [start, end] of windowInstants(doc, day, clock)) {
      const s = Math.max(start, from);
      const e = Math.min(end, to);
      if (e > s) raw.push({ start: s, end: e });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of raw) {
    const last = out[out.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/**
 * The occurrence the message is due in at `atMs`, with its true bounds (looking up to 8 days each
 * way; due beyond that, the bound is the validity's, −∞/+∞ when open), or null when not due.
 */
export function messageDueAt(doc: ScheduleFields, atMs: number, timeZone: string): Interval | null {
  const from = atMs - OCCURRENCE_HORIZON_MS;
  const to = atMs + OCCURRENCE_HORIZON_MS;
  const hit = messageIntervals(doc, from, to, timeZone).find((i) => i.start <= atMs && atMs < i.end);
  if (!hit) return null;
  const validity = messageValidity(doc);
  return {
    start: hit.start <= from ? validity.start : hit.start,
    end: hit.end >= to ? validity.end : hit.end,
  };
}

/**
 * When a showing that started at `showingStartMs` (the occurrence's start, or later when the
 * message arrived later) in an occurrence ending at `occurrenceEndMs` ends: after `durationSec`,
 * else after `repeat` passes of `passMs` (a ticker's), else with the occurrence; never after it.
 */
export function showingEnd(
  doc: Pick<MessageDocument, 'kind' | 'durationSec' | 'repeat'>,
  showingStartMs: number,
  occurrenceEndMs: number,
  passMs: number,
): number {
  if (doc.durationSec) return Math.min(occurrenceEndMs, showingStartMs + doc.durationSec * 1000);
  if (doc.kind === 'ticker' && doc.repeat && passMs > 0)
    return Math.min(occurrenceEndMs, showingStartMs + doc.repeat * passMs);
  return occurrenceEndMs;
}

/**
 * How long a showing forced by "play now" lasts (regardless of the schedule): `durationSec`, else
 * `repeat` passes of a ticker, else as long as its first window, else a day.
 */
export function forcedShowingMs(
  doc: Pick<MessageDocument, 'kind' | 'durationSec' | 'repeat' | 'windows'>,
  passMs: number,
): number {
  if (doc.durationSec) return doc.durationSec * 1000;
  if (doc.kind === 'ticker' && doc.repeat && passMs > 0) return doc.repeat * passMs;
  const window = doc.windows[0];
  if (!window) return DAY_MS;
  const start = minutesOf(window.start);
  let end = minutesOf(window.end);
  if (end <= start) end += 1440;
  return (end - start) * MINUTE_MS;
}

/** Where a message shows: the takeover, the notice, or a ticker's band. */
export type MessageSlot = 'takeover' | 'notice' | `ticker:${TickerPosition}`;

/** The slot of a message (one message at a time in each). */
export function messageSlot(doc: Pick<MessageDocument, 'kind' | 'ticker'>): MessageSlot {
  if (doc.kind === 'ticker') return `ticker:${doc.ticker?.position ?? 'bottom'}`;
  return doc.kind;
}

/** A message chosen to show, with the occurrence (or forced showing) it shows in. */
export interface MessagePick<P extends TerminalMessagePayload = TerminalMessagePayload> {
  payload: P;
  occurrence: Interval;
  /** Shown by "play now", not by its schedule. */
  forced: boolean;
}

/** What shows in each slot at an instant. */
export interface MessagePicks<P extends TerminalMessagePayload = TerminalMessagePayload> {
  takeover: MessagePick<P> | null;
  notice: MessagePick<P> | null;
  tickers: Partial<Record<TickerPosition, MessagePick<P>>>;
}

function beats(a: MessagePick, b: MessagePick): boolean {
  if (a.forced !== b.forced) return a.forced;
  const pa = a.payload.document.priority;
  const pb = b.payload.document.priority;
  if (pa !== pb) return pa > pb;
  return a.payload.id > b.payload.id;
}

/**
 * Which message shows in each slot at `atMs`: of those due (and whose showing of this occurrence
 * has not ended: `finished` maps a message id to the start of the occurrence it finished), a
 * forced one first, then the highest priority, then the newest (highest id). `forced` holds the
 * showings "play now" asked for, by message id.
 */
export function pickMessages<P extends TerminalMessagePayload>(
  payloads: readonly P[],
  atMs: number,
  timeZone: string,
  finished: ReadonlyMap<number, number> = new Map(),
  forced: ReadonlyMap<number, Interval> = new Map(),
): MessagePicks<P> {
  const best = new Map<MessageSlot, MessagePick<P>>();
  for (const payload of payloads) {
    const force = forced.get(payload.id);
    let pick: MessagePick<P> | null = null;
    if (force && force.start <= atMs && atMs < force.end) {
      pick = { payload, occurrence: force, forced: true };
    } else {
      const occurrence = messageDueAt(payload.document, atMs, timeZone);
      if (occurrence && finished.get(payload.id) !== occurrence.start)
        pick = { payload, occurrence, forced: false };
    }
    if (!pick) continue;
    const slot = messageSlot(payload.document);
    const current = best.get(slot);
    if (!current || beats(pick, current)) best.set(slot, pick);
  }
  const tickers: Partial<Record<TickerPosition, MessagePick<P>>> = {};
  for (const [slot, pick] of best) {
    if (slot.startsWith('ticker:')) tickers[slot.slice(7) as TickerPosition] = pick;
  }
  return { takeover: best.get('takeover') ?? null, notice: best.get('notice') ?? null, tickers };
}

/**
 * The first instant after `atMs` (within `horizonMs`) at which any of the messages starts or stops
 * being due, or null: when a host should decide again.
 */
export function nextMessageBoundary(
  docs: readonly ScheduleFields[],
  atMs: number,
  timeZone: string,
  horizonMs: number,
): number | null {
  let next: number | null = null;
  const to = atMs + horizonMs;
  for (const doc of docs) {
    for (const interval of messageIntervals(doc, atMs, to, timeZone)) {
      for (const edge of [interval.start, interval.end]) {
        if (edge > atMs && edge < to && (next === null || edge < next)) next = edge;
      }
    }
  }
  return next;
}
