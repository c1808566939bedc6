import type { SegmentKind, TimelineSegment } from '@apm/contract';
import { dayFromIso, type Segment } from '@apm/schedule';
import { mergeIntervals, PLAY_MERGE_GAP_MS } from './intervals';

/**
 * The week grid on a terminal: the unsaved plan read by the server (`playPlan/preview`) in the
 * terminal's zone together with the other plans published to it. Which segments are the plan's own,
 * which belong to other plans (drawn as "other plan" blocks), and the range to ask for a week.
 */

const DAY_MS = 86_400_000;

/** A terminal's segments (ISO instants, as the server answers them) as the resolver's (epoch ms). */
export function segmentsFromIso(list: readonly TimelineSegment[]): Segment[] {
  return list.map((s) => ({ ...s, start: Date.parse(s.start), end: Date.parse(s.end) }));
}

/**
 * The range (ISO instants) to ask for so that the week of `monday` is covered in any zone (UTC−12
 * to UTC+14): from the day before Monday to the day after the next Monday, in UTC (9 days).
 */
export function previewRange(monday: string): { from: string; to: string } {
  const start = dayFromIso(monday) * DAY_MS;
  return { from: new Date(start - DAY_MS).toISOString(), to: new Date(start + 8 * DAY_MS).toISOString() };
}

/**
 * Whether a segment is the plan's own: its id (`planId`; 0 or null for a plan not saved), or none
 * (the server names no plan for an unsaved document). Programs published without a plan and
 * nothing are nobody's.
 */
export function isOwnSegment(seg: Pick<Segment, 'planId' | 'kind'>, planId: number | null): boolean {
  if (seg.kind === 'published' || seg.kind === 'idle') return false;
  return seg.planId === null || seg.planId === planId;
}

/** What plays in a column for another plan (or a program published without a plan). */
export interface OtherBlock {
  key: string;
  /** The other plan; null: a program published without a plan. */
  planId: number | null;
  entryId: string | null;
  kind: SegmentKind;
  /** The programs it plays there, in order of first appearance. */
  programIds: number[];
  column: number;
  /** Minutes from the column's top, and its bottom (exclusive). */
  top: number;
  bottom: number;
  lane: number;
  lanes: number;
}

/** A day column of the grid: its instants. */
export interface Column {
  start: number;
  end: number;
}

/**
 * The blocks of what other plans' entries (and programs published without a plan) play: their
 * segments cut into the columns, consecutive pieces of one entry merged (gaps up to
 * {@link PLAY_MERGE_GAP_MS}, a rotation with this plan's turns). Default programs are left out (the
 * grid shades them).
 */
export function otherBlocks(
  segments: readonly Segment[],
  columns: readonly Column[],
  planId: number | null,
  toColumn: (column: number, at: number) => number,
): OtherBlock[] {
  const groups = new Map<string, { seg: Segment; list: [number, number][]; programs: Set<number> }>();
  for (const seg of segments) {
    if (seg.kind === 'idle' || seg.kind === 'default' || isOwnSegment(seg, planId)) continue;
    const id = `${seg.planId ?? 'published'}:${seg.entryId ?? seg.programId}:${seg.kind}`;
    const group = groups.get(id) ?? { seg, list: [], programs: new Set<number>() };
    group.list.push([seg.start, seg.end]);
    if (seg.programId !== null) group.programs.add(seg.programId);
    groups.set(id, group);
  }
  const out: OtherBlock[] = [];
  for (const [id, { seg, list, programs }] of groups) {
    for (const [start, end] of mergeIntervals(list, PLAY_MERGE_GAP_MS)) {
      columns.forEach((col, c) => {
        const s = Math.max(col.start, start);
        const e = Math.min(col.end, end);
        if (e <= s) return;
        out.push({
          key: `other:${id}:${s}:${c}`,
          planId: seg.planId,
          entryId: seg.entryId,
          kind: seg.kind,
          programIds: [...programs],
          column: c,
          top: toColumn(c, s),
          bottom: toColumn(c, e),
          lane: 0,
          lanes: 1,
        });
      });
    }
  }
  return out;
}
