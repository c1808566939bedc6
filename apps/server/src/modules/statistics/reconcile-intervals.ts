import type { GapReason } from '@apm/contract';

/** A span of time `[start, end)` in epoch ms. */
export interface Span {
  start: number;
  end: number;
}

/** A span of one program (scheduled or played). */
export interface ProgramSpan extends Span {
  programId: number | null;
}

/** A gap in epoch ms, with its reason. */
export interface Gap extends Span {
  reason: GapReason;
}

/** Spans sorted and merged where they touch or overlap. */
export function merge(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `spans` inside `cover` (both merged). */
export function intersect(spans: readonly Span[], cover: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of merge(spans)) {
    for (const c of cover) {
      const start = Math.max(s.start, c.start);
      const end = Math.min(s.end, c.end);
      if (end > start) out.push({ start, end });
    }
  }
  return merge(out);
}

/** The parts of `spans` outside `cut`. */
export function subtract(spans: readonly Span[], cut: readonly Span[]): Span[] {
  const cuts = merge(cut);
  const out: Span[] = [];
  for (const s of merge(spans)) {
    let cursor = s.start;
    for (const c of cuts) {
      if (c.end <= cursor || c.start >= s.end) continue;
      if (c.start > cursor) out.push({ start: cursor, end: c.start });
      cursor = Math.max(cursor, c.end);
    }
    if (cursor < s.end) out.push({ start: cursor, end: s.end });
  }
  return out;
}

/** Total length of merged spans in ms. */
export const length = (spans: readonly Span[]) => merge(spans).reduce((n, s) => n + s.end - s.start, 0);

/** What one terminal should have played and what it reported, over `[from, until)`. */
export interface TerminalFacts {
  /** Scheduled spans of the plan or program (from the resolver), each with its program. */
  scheduled: readonly ProgramSpan[];
  /** Program play events the terminal reported. */
  played: readonly ProgramSpan[];
  /** When the terminal was online (open periods end at `until`). */
  online: readonly Span[];
  /** When the content was published to the terminal (before it, nothing could play). */
  publishedAt: number | null;
  from: number;
  until: number;
}

/** One terminal's reconciliation in ms. */
export interface TerminalReconciliation {
  scheduledMs: number;
  playedMs: number;
  gapMs: Record<GapReason, number>;
  gaps: Gap[];
}

/**
 * Compares a terminal's schedule with its reports. Played time is scheduled time covered by events of
 * the scheduled program. Every unplayed part gets the first reason that holds: `notDelivered` before
 * the publication, `offline` outside the online periods, `otherContent` while another program was
 * reported, else `unknown`.
 */
export function reconcileTerminal(f: TerminalFacts): TerminalReconciliation {
  const window = [{ start: f.from, end: f.until }];
  const gapMs: Record<GapReason, number> = { notDelivered: 0, offline: 0, otherContent: 0, unknown: 0 };
  const gaps: Gap[] = [];
  let scheduledMs = 0;
  let playedMs = 0;
  const byProgram = new Map<number | null, Span[]>();
  for (const s of f.scheduled) byProgram.set(s.programId, [...(byProgram.get(s.programId) ?? []), s]);
  for (const [programId, spans] of byProgram) {
    const scheduled = intersect(spans, window);
    const same = f.played.filter((e) => e.programId === programId);
    const played = intersect(scheduled, merge(same));
    scheduledMs += length(scheduled);
    playedMs += length(played);
    let missing = subtract(scheduled, played);
    const other = merge(f.played.filter((e) => e.programId !== programId));
    const steps: [GapReason, Span[]][] = [
      ['notDelivered', f.publishedAt === null ? window : [{ start: f.from, end: f.publishedAt }]],
      ['offline', subtract(window, f.online)],
      ['otherContent', other],
    ];
    for (const [reason, where] of steps) {
      const hit = intersect(missing, where);
      for (const g of hit) gaps.push({ ...g, reason });
      gapMs[reason] += length(hit);
      missing = subtract(missing, hit);
    }
    for (const g of missing) gaps.push({ ...g, reason: 'unknown' });
    gapMs.unknown += length(missing);
  }
  gaps.sort((a, b) => a.start - b.start);
  return { scheduledMs, playedMs, gapMs, gaps };
}
