/**
 * Pure helpers of the timeline view: wall-clock dates and times of instants in an IANA zone (through
 * `Intl`, no time-zone library), a timeline cut into the zone's days, and consecutive segments of one
 * entry merged into blocks so that a rotation of short turns reads as one line.
 */
import type { SegmentKind, TimelineSegment } from '@apm/contract';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of numeric wall-clock fields in a zone (cached: building one is slow). */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of an instant (ms) in a zone. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  };
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function dateKey(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** `HH:MM` of an instant in a zone. */
export function clockText(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, ms. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The first instant of a calendar day (`YYYY-MM-DD`) in a zone: its midnight, or the first valid
 * minute after it when the clocks jump over midnight.
 */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  // In a gap at midnight the guess lands on the day before: step to the day's first valid instant.
  for (let i = 0; i < 180 && dateKey(guess, timeZone) < date; i++) guess += 60_000;
  return guess;
}

/** The next calendar day of `YYYY-MM-DD`. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** Consecutive segments of one entry (or of the default, published or idle program) as one stretch. */
export interface TimelineBlock {
  start: number;
  end: number;
  kind: SegmentKind;
  planId: number | null;
  entryId: string | null;
  /** Programs it plays, in the order they first play, without repeats. */
  programIds: number[];
  /** Whether it hides something scheduled for the same time. */
  hides: boolean;
}

/** One calendar day of the zone with its blocks (cut at its midnights). */
export interface TimelineDay {
  date: string;
  start: number;
  end: number;
  blocks: TimelineBlock[];
}

const sameStretch = (b: TimelineBlock, s: TimelineSegment) =>
  b.kind === s.kind &&
  b.planId === s.planId &&
  b.entryId === s.entryId &&
  // Default, published and idle stretches are one program each.
  (s.entryId !== null || b.programIds[0] === (s.programId ?? undefined));

/** Merges consecutive segments of the same entry (or program, outside entries) into blocks. */
export function mergeSegments(segments: readonly TimelineSegment[]): TimelineBlock[] {
  const out: TimelineBlock[] = [];
  for (const s of segments) {
    const start = Date.parse(s.start);
    const end = Date.parse(s.end);
    const last = out.at(-1);
    if (last && last.end === start && sameStretch(last, s)) {
      last.end = end;
      if (s.programId !== null && !last.programIds.includes(s.programId)) last.programIds.push(s.programId);
      last.hides ||= s.hides.length > 0;
      continue;
    }
    out.push({
      start,
      end,
      kind: s.kind,
      planId: s.planId,
      entryId: s.entryId,
      programIds: s.programId === null ? [] : [s.programId],
      hides: s.hides.length > 0,
    });
  }
  return out;
}

/**
 * The zone's days from the one holding `from` until the one holding the instant before `to`, each
 * with the merged blocks that fall in it (a block over midnight is cut in two).
 */
export function timelineDays(
  segments: readonly TimelineSegment[],
  timeZone: string,
  from: string,
  to: string,
): TimelineDay[] {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const blocks = mergeSegments(segments);
  const days: TimelineDay[] = [];
  let date = dateKey(fromMs, timeZone);
  for (let guard = 0; guard < 400; guard++) {
    const start = startOfDay(date, timeZone);
    if (start >= toMs) break;
    const next = nextDate(date);
    const end = startOfDay(next, timeZone);
    const inside = blocks
      .filter((b) => b.start < end && b.end > start)
      .map((b) => ({ ...b, start: Math.max(b.start, start), end: Math.min(b.end, end) }));
    days.push({ date, start, end, blocks: inside });
    date = next;
  }
  return days;
}

/** The segment playing at an instant, or undefined. */
export function segmentAt(segments: readonly TimelineSegment[], ms: number): TimelineSegment | undefined {
  return segments.find((s) => Date.parse(s.start) <= ms && ms < Date.parse(s.end));
}

/** Whether nothing plays over the whole timeline (no segments, or only idle ones). */
export function isIdleTimeline(segments: readonly TimelineSegment[]): boolean {
  return segments.every((s) => s.kind === 'idle' || s.programId === null);
}

/** Distinct program ids of a timeline, ascending. */
export function programIdsOf(segments: readonly TimelineSegment[]): number[] {
  const ids = new Set<number>();
  for (const s of segments) if (s.programId !== null) ids.add(s.programId);
  return [...ids].sort((a, b) => a - b);
}

/** The next `days` days from now, whole minutes: the range the schedule views ask for. */
export function nextDaysRange(days = 7, now = Date.now()): { from: string; to: string } {
  const from = Math.floor(now / 60_000) * 60_000;
  return { from: new Date(from).toISOString(), to: new Date(from + days * DAY_MS).toISOString() };
}

/** The browser's IANA zone (UTC when it does not say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
