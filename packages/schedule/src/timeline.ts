import type { HiddenEntry, SegmentKind } from '@apm/contract';
import { ZoneClock } from './calendar.js';
import {
  entryOccurrences,
  fallbackOccurrences,
  type Occurrence,
  type PublishedProgram,
  type ScheduledPlan,
  type Turn,
} from './occurrences.js';

/**
 * The resolver: plans + programs' lengths + the terminal's time zone + a time range → the exact
 * timeline of what plays. Pure and deterministic: the server, the console and the player call it
 * with the same inputs and get the same answer, for any range that covers the instant.
 *
 * Layers, top first: exclusive entries (their window, looping their programs), interrupts (every
 * N minutes from each window's start, one pass of their programs, cut at the next firing), then the
 * normal layer: the normal entries of the highest priority active at the time rotate their
 * programs, in plan then entry order, from the moment that set last changed; under them the plans'
 * default programs with the programs published without a plan, and nothing. A tie between two
 * exclusives or two interrupts goes to the higher priority, then the one already playing, then plan
 * and entry order. Every occurrence restarts its rotation at its own start, so an answer does not
 * depend on where the asked range begins.
 */

/** What the resolver needs. */
export interface ResolveInput {
  plans: readonly ScheduledPlan[];
  /** One cycle of each program (ms); a program not listed plays 30 s a turn unless its entry says. */
  programMs: ReadonlyMap<number, number>;
  /** The terminal's IANA time zone. */
  timeZone: string;
  /** Epoch ms; `to` exclusive. */
  from: number;
  to: number;
  published?: readonly PublishedProgram[];
}

/** One stretch of the timeline (epoch ms, end exclusive). */
export interface Segment {
  start: number;
  end: number;
  programId: number | null;
  planId: number | null;
  entryId: string | null;
  kind: SegmentKind;
  hides: HiddenEntry[];
}

interface Play {
  start: number;
  end: number;
  programId: number | null;
  occurrence: Occurrence;
  /** 2 exclusive, 1 interrupt, 0 normal layer. */
  layer: number;
  /** Occurrences playing together in a rotation (not hidden by this play). */
  peers: ReadonlySet<string>;
  /** `peers` as one string: the key of what this play hides, for a given set of active occurrences. */
  peersKey: string;
}

const LAYER: Record<SegmentKind, number> = {
  exclusive: 2,
  interrupt: 1,
  normal: 0,
  default: 0,
  published: 0,
  idle: 0,
};

/**
 * Days looked at before `from`. One is enough: every day has a boundary at its midnight (the idle
 * layer), so the rotation playing at `from` started that day at the earliest, and only a window of
 * the day before can reach into it (across midnight).
 */
const LOOK_BACK_DAYS = 1;

/** The timeline over `[from, to)`: ordered, without gaps or overlaps (idle segments where nothing plays). */
export function resolveTimeline(input: ResolveInput): Segment[] {
  const { from, to } = input;
  if (!(to > from)) return [];
  const clock = new ZoneClock(input.timeZone);
  const firstDay = clock.dayOf(from) - LOOK_BACK_DAYS;
  // A window of a later day starts after `to`.
  const lastDay = clock.dayOf(to);
  const occurrences = [
    ...entryOccurrences(input.plans, input.programMs, clock, firstDay, lastDay),
    ...fallbackOccurrences(input.plans, input.published ?? [], input.programMs, clock, firstDay, lastDay),
  ].filter((o) => o.end > o.start);
  const inRange = (p: Play) => p.end > from && p.start < to;
  // The normal layer comes in time order; the others are few enough to sort, then both are merged.
  const normal = normalLayer(
    occurrences.filter((o) => LAYER[o.kind] === 0),
    from,
    to,
  ).filter(inRange);
  const above = [
    ...occurrences.filter((o) => o.kind === 'interrupt').flatMap((o) => interruptPlays(o, from, to)),
    ...occurrences
      .filter((o) => o.kind === 'exclusive')
      .flatMap((o) => loopPlays(o, o.start, o.end, from, to, new Set([o.key]), 2)),
  ]
    .filter(inRange)
    .sort((a, b) => a.start - b.start);
  const plays = mergeByStart(normal, above);
  return compose(plays, occurrences, from, to);
}

/** Plays of a sequence looped over `[start, end)`, only those reaching into `[from, to)`. */
function loopPlays(
  occurrence: Occurrence,
  start: number,
  end: number,
  from: number,
  to: number,
  peers: ReadonlySet<string>,
  layer: number,
  turns: readonly { turn: Turn; occurrence: Occurrence }[] = occurrence.turns.map((turn) => ({
    turn,
    occurrence,
  })),
): Play[] {
  const plays: Play[] = [];
  const peersKey = [...peers].join('|');
  const cycle = turns.reduce((sum, t) => sum + t.turn.ms, 0);
  if (!(cycle > 0)) return plays;
  let t = start;
  if (Number.isFinite(cycle) && from > start) t = start + Math.floor((from - start) / cycle) * cycle;
  const stop = Math.min(end, to);
  for (let i = 0; t < stop; i = (i + 1) % turns.length) {
    const { turn, occurrence: owner } = turns[i]!;
    const playEnd = Math.min(end, t + turn.ms);
    plays.push({
      start: t,
      end: playEnd,
      programId: turn.programId,
      occurrence: owner,
      layer,
      peers,
      peersKey,
    });
    t = playEnd;
  }
  return plays;
}

/** Each firing of an interrupt: one pass of its programs, cut at the next firing and at the window's end. */
function interruptPlays(occurrence: Occurrence, from: number, to: number): Play[] {
  const plays: Play[] = [];
  const period = occurrence.periodMs;
  const peers = new Set([occurrence.key]);
  const peersKey = occurrence.key;
  let k = from > occurrence.start ? Math.floor((from - occurrence.start) / period) : 0;
  for (
    let fire = occurrence.start + k * period;
    fire < Math.min(occurrence.end, to);
    fire = occurrence.start + ++k * period
  ) {
    let t = fire;
    const stop = Math.min(fire + period, occurrence.end);
    for (const turn of occurrence.turns) {
      if (t >= stop) break;
      const end = Math.min(stop, t + turn.ms);
      plays.push({ start: t, end, programId: turn.programId, occurrence, layer: 1, peers, peersKey });
      t = end;
    }
  }
  return plays;
}

/** The normal layer: rotations of the highest-priority active occurrences, restarted when that set changes. */
function normalLayer(occurrences: Occurrence[], from: number, to: number): Play[] {
  const edges: number[] = [];
  for (const o of occurrences) edges.push(o.start, o.end);
  const bounds = sortedDistinct(edges);
  const plays: Play[] = [];
  let epoch: { start: number; key: string; members: Occurrence[] } | null = null;
  const flush = (end: number) => {
    if (!epoch || end <= from) return;
    const turns = epoch.members.flatMap((occurrence) =>
      occurrence.turns.map((turn) => ({ turn, occurrence })),
    );
    const peers = new Set(epoch.members.map((m) => m.key));
    plays.push(...loopPlays(epoch.members[0]!, epoch.start, end, from, to, peers, 0, turns));
  };
  const byStart = [...occurrences].sort((a, b) => a.start - b.start);
  let active: Occurrence[] = [];
  let next = 0;
  for (let i = 0; i < bounds.length - 1; i++) {
    const at = bounds[i]!;
    if (at >= to) break;
    while (next < byStart.length && byStart[next]!.start <= at) active.push(byStart[next++]!);
    active = active.filter((o) => o.end > at);
    let top = -Infinity;
    for (const o of active) if (o.priority > top) top = o.priority;
    const members = active
      .filter((o) => o.priority === top)
      .sort((a, b) => a.order - b.order || a.start - b.start);
    const key = members.map((m) => m.key).join('|');
    if (!epoch || epoch.key !== key) {
      flush(at);
      epoch = members.length ? { start: at, key, members } : null;
    }
  }
  flush(Math.min(to, bounds[bounds.length - 1] ?? to));
  return plays;
}

/** Higher first: layer, priority, already playing (earlier start), plan and entry order. */
function outranks(a: Play, b: Play): boolean {
  if (a.layer !== b.layer) return a.layer > b.layer;
  const x = a.occurrence;
  const y = b.occurrence;
  if (x.priority !== y.priority) return x.priority > y.priority;
  if (x.start !== y.start) return x.start < y.start;
  return x.order < y.order;
}

/** Two lists sorted by start as one. */
function mergeByStart(a: readonly Play[], b: readonly Play[]): Play[] {
  const out: Play[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]!.start <= b[j]!.start ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** Picks the winner of every elementary interval and merges runs of the same program. */
function compose(plays: Play[], occurrences: Occurrence[], from: number, to: number): Segment[] {
  const visible = occurrences.filter(
    (o) => o.end > from && o.start < to && o.kind !== 'idle' && o.kind !== 'default',
  );
  const byStart = plays;
  const occByStart = [...visible].sort((a, b) => a.start - b.start);
  const active: Play[] = [];
  let firstPlayEnd = Infinity;
  const activeOcc: Occurrence[] = [];
  /** The earliest end among `activeOcc`: the list only changes there or at a start. */
  let firstOccEnd = Infinity;
  let next = 0;
  let nextOcc = 0;
  const hidesMemo = new Map<string, HiddenEntry[]>();
  /** One object per hidden entry, shared by the segments that list it. */
  const hiddenPool = new Map<string, PooledHidden>();
  const segments: Segment[] = [];
  // A sweep from event to event (a play or an occurrence starting or ending): what wins holds in between.
  for (let at = from; at < to;) {
    let playsChanged = false;
    while (next < byStart.length && byStart[next]!.start <= at) {
      active.push(byStart[next++]!);
      playsChanged = true;
    }
    if (playsChanged || at >= firstPlayEnd) {
      firstPlayEnd = keepUnended(active, at);
    }
    let occChanged = false;
    while (nextOcc < occByStart.length && occByStart[nextOcc]!.start <= at) {
      activeOcc.push(occByStart[nextOcc++]!);
      occChanged = true;
    }
    if (occChanged || at >= firstOccEnd) {
      firstOccEnd = keepUnended(activeOcc, at);
      hidesMemo.clear();
    }
    const end = Math.min(
      to,
      firstPlayEnd,
      firstOccEnd,
      byStart[next]?.start ?? Infinity,
      occByStart[nextOcc]?.start ?? Infinity,
    );
    const start = at;
    at = end;
    const winner = active.reduce<Play | null>((best, p) => (!best || outranks(p, best) ? p : best), null);
    if (!winner) continue;
    const memoKey = winner.peersKey;
    let hides = hidesMemo.get(memoKey);
    if (!hides) {
      hides = distinctHidden(activeOcc, winner.peers, hiddenPool);
      hidesMemo.set(memoKey, hides);
    }
    const o = winner.occurrence;
    const last = segments[segments.length - 1];
    if (
      last &&
      last.end === start &&
      last.programId === winner.programId &&
      last.planId === o.planId &&
      last.entryId === o.entryId &&
      last.kind === o.kind &&
      sameEntries(last.hides, hides)
    ) {
      last.end = end;
    } else {
      segments.push({
        start,
        end,
        programId: winner.programId,
        planId: o.planId,
        entryId: o.entryId,
        kind: o.kind,
        hides,
      });
    }
  }
  return segments;
}

function distinctHidden(
  occurrences: readonly Occurrence[],
  peers: ReadonlySet<string>,
  pool: Map<string, PooledHidden>,
): HiddenEntry[] {
  const list: HiddenEntry[] = [];
  const stamp = ++hiddenStamp;
  for (const o of occurrences) {
    if (peers.has(o.key)) continue;
    let pooled = pool.get(o.entryKey);
    if (!pooled) {
      pooled = { entry: { planId: o.planId, entryId: o.entryId, kind: o.kind }, stamp: 0 };
      pool.set(o.entryKey, pooled);
    }
    // An entry with two windows active at once is listed once.
    if (pooled.stamp === stamp) continue;
    pooled.stamp = stamp;
    list.push(pooled.entry);
  }
  return list;
}

/** A hidden entry shared by the segments that list it, with the last listing that took it. */
interface PooledHidden {
  entry: HiddenEntry;
  stamp: number;
}
let hiddenStamp = 0;

/** Whether two lists of pooled hidden entries hold the same entries in the same order. */
function sameEntries(a: readonly HiddenEntry[], b: readonly HiddenEntry[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The distinct values, ascending (a typed-array sort: these lists run to tens of thousands). */
function sortedDistinct(values: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  const out: number[] = [];
  for (const value of sorted) if (out[out.length - 1] !== value) out.push(value);
  return out;
}

/** Drops (in place) what ended by `at`; answers the earliest end of what is left. */
function keepUnended(list: { end: number }[], at: number): number {
  let kept = 0;
  let first = Infinity;
  for (const item of list) {
    if (item.end <= at) continue;
    list[kept++] = item;
    if (item.end < first) first = item.end;
  }
  list.length = kept;
  return first;
}
