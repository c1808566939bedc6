import type { PlanDocument } from '@apm/contract';
import { dayFromIso, entryDays, isoFromDay, resolveTimeline, ZoneClock, type Segment } from '@apm/schedule';
import { mergeIntervals, PLAY_MERGE_GAP_MS } from './intervals';
import { isOwnSegment, otherBlocks, type OtherBlock } from './terminal-week';
import { DAY_MINUTES, windowSpan } from './window-time';

export { mergeIntervals, PLAY_MERGE_GAP_MS } from './intervals';
export type { OtherBlock } from './terminal-week';

/**
 * What the week grid draws, from the unsaved document: each entry's occurrences (its windows on its
 * days) cut into the day columns they fall in, with the parts where the resolver's timeline really
 * plays the entry; the default program's stretches; and what plays at any instant. Positions are in
 * minutes of the column (a day of 23 or 25 hours is scaled to the column). Given the segments of a
 * terminal (the server's preview), it draws those instead, with what other plans play beside.
 */

/** One part of an entry's occurrence inside one day column. */
export interface WeekBlock {
  key: string;
  entryId: string;
  /** Index of the window in the entry's windows; null: the entry has none (all day). */
  windowIndex: number | null;
  /** Column 0–6 (Monday first). */
  column: number;
  /** Minutes from the column's top, and its bottom (exclusive). */
  top: number;
  bottom: number;
  /** The occurrence began on the previous column / goes on in the next one. */
  fromPrevious: boolean;
  toNext: boolean;
  /** Where in the block the entry plays (column minutes); the rest is hidden by something else. */
  plays: [number, number][];
  /** Side-by-side lane of overlapping blocks in the column, and how many lanes the column has. */
  lane: number;
  lanes: number;
}

/** The grid of one week. */
export interface WeekLayout {
  /** The week's days, `YYYY-MM-DD`, Monday first. */
  days: string[];
  blocks: WeekBlock[];
  /** What other plans (and programs published without a plan) play: only with outside segments. */
  others: OtherBlock[];
  /** Stretches where a default program plays, per column (minutes); `own`: this plan's. */
  defaults: { column: number; top: number; bottom: number; programId: number | null; own: boolean }[];
  segments: Segment[];
  from: number;
  to: number;
}

/** The Monday (YYYY-MM-DD) of the week that holds `date`. */
export function mondayOf(date: string): string {
  const day = dayFromIso(date);
  const weekday = (((day + 3) % 7) + 7) % 7; // day 0 (1970-01-01) was a Thursday
  return isoFromDay(day - weekday);
}

/** `date` moved by `days` days. */
export const addDays = (date: string, days: number): string => isoFromDay(dayFromIso(date) + days);

/** The inputs of {@link weekLayout}. */
export interface WeekInput {
  document: PlanDocument;
  programMs: ReadonlyMap<number, number>;
  timeZone: string;
  /** The week's Monday. */
  monday: string;
  /** The plan's id in segments (0 for a plan not saved yet; null for it in a server's preview). */
  planId?: number | null;
  /**
   * The timeline to draw, from outside (a terminal's preview, which includes its other plans);
   * without it the document alone is resolved in `timeZone`. It should cover the week.
   */
  segments?: readonly Segment[];
}

/** Lays out a week of the plan in `timeZone`. */
export function weekLayout(input: WeekInput): WeekLayout {
  const { document, timeZone } = input;
  const clock = new ZoneClock(timeZone);
  const first = dayFromIso(input.monday);
  const columns = Array.from({ length: 7 }, (_, c) => {
    const start = clock.toInstant(first + c, 0);
    return { start, end: clock.toInstant(first + c + 1, 0) };
  });
  const from = columns[0]!.start;
  const to = columns[6]!.end;
  // The server names an unsaved plan's segments with no plan; the local resolver with id 0.
  const planId = input.segments ? (input.planId ?? null) : (input.planId ?? 0);
  const segments = input.segments
    ? input.segments.filter((s) => s.end > from && s.start < to)
    : resolveTimeline({
        plans: [{ id: planId ?? 0, document }],
        programMs: input.programMs,
        timeZone,
        from,
        to,
      });
  const toColumn = (c: number, t: number) => {
    const col = columns[c]!;
    return ((t - col.start) / (col.end - col.start)) * DAY_MINUTES;
  };

  const playing = new Map<string, [number, number][]>();
  const defaults: WeekLayout['defaults'] = [];
  for (const seg of segments) {
    if (seg.entryId !== null && isOwnSegment(seg, planId)) {
      const list = playing.get(seg.entryId) ?? [];
      list.push([seg.start, seg.end]);
      playing.set(seg.entryId, list);
    } else if (seg.kind === 'default') {
      columns.forEach((col, c) => {
        const start = Math.max(col.start, seg.start);
        const end = Math.min(col.end, seg.end);
        if (end > start)
          defaults.push({
            column: c,
            top: toColumn(c, start),
            bottom: toColumn(c, end),
            programId: seg.programId,
            own: isOwnSegment(seg, planId),
          });
      });
    }
  }
  const merged = new Map([...playing].map(([id, list]) => [id, mergeIntervals(list, PLAY_MERGE_GAP_MS)]));

  const blocks: WeekBlock[] = [];
  for (const entry of document.entries) {
    const spans = entry.windows.length
      ? entry.windows.map((w, i) => ({ ...windowSpan(w), index: i as number | null }))
      : [{ start: 0, end: DAY_MINUTES, index: null }];
    const plays = merged.get(entry.id) ?? [];
    for (const day of entryDays(entry, first - 1, first + 6)) {
      for (const span of spans) {
        const start = clock.toInstant(day, span.start);
        const end = clock.toInstant(day, span.end);
        if (end <= start) continue;
        columns.forEach((col, c) => {
          const s = Math.max(col.start, start);
          const e = Math.min(col.end, end);
          if (e <= s) return;
          blocks.push({
            key: `${entry.id}:${day}:${span.index ?? 'all'}:${c}`,
            entryId: entry.id,
            windowIndex: span.index,
            column: c,
            top: toColumn(c, s),
            bottom: toColumn(c, e),
            fromPrevious: start < col.start,
            toNext: end > col.end,
            plays: plays
              .map(([ps, pe]): [number, number] => [Math.max(ps, s), Math.min(pe, e)])
              .filter(([ps, pe]) => pe > ps)
              .map(([ps, pe]) => [toColumn(c, ps), toColumn(c, pe)]),
            lane: 0,
            lanes: 1,
          });
        });
      }
    }
  }
  const others = input.segments ? otherBlocks(segments, columns, planId, toColumn) : [];
  assignLanes([...blocks, ...others]);
  return { days: columns.map((_, c) => isoFromDay(first + c)), blocks, others, defaults, segments, from, to };
}

/** Puts overlapping blocks of a column side by side: each takes the first lane free at its top. */
function assignLanes(blocks: Pick<WeekBlock, 'column' | 'top' | 'bottom' | 'lane' | 'lanes'>[]): void {
  for (let c = 0; c < 7; c++) {
    const column = blocks.filter((b) => b.column === c).sort((a, b) => a.top - b.top || b.bottom - a.bottom);
    const laneEnds: number[] = [];
    for (const block of column) {
      let lane = laneEnds.findIndex((end) => end <= block.top);
      if (lane < 0) lane = laneEnds.length;
      laneEnds[lane] = block.bottom;
      block.lane = lane;
    }
    for (const block of column) block.lanes = Math.max(1, laneEnds.length);
  }
}

/** The segment playing at instant `at`, if the segments cover it. */
export function segmentAt(segments: readonly Segment[], at: number): Segment | null {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const seg = segments[mid]!;
    if (at < seg.start) hi = mid - 1;
    else if (at >= seg.end) lo = mid + 1;
    else return seg;
  }
  return null;
}

/** What plays at instant `at` (epoch ms) under the plan in `timeZone`. */
export function playsAt(input: Omit<WeekInput, 'monday'>, at: number): Segment | null {
  const segments = resolveTimeline({
    plans: [{ id: input.planId ?? 0, document: input.document }],
    programMs: input.programMs,
    timeZone: input.timeZone,
    from: at,
    to: at + 1000,
  });
  return segmentAt(segments, at);
}
