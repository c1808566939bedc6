/**
 * Lockstep: playback that follows a shared clock instead of its own timers, so several screens
 * show the same frame. The loop of a program's main scenes (fixed durations) started at an agreed
 * instant; every screen computes where the loop is from its estimate of that clock, switches scenes
 * when the loop does, and keeps its videos at the loop's position by nudging their playback rate
 * (a seek only when far off: seeks stall a decoder for a moment, rate changes do not).
 */

/** A main scene of the loop: its id and how long it shows. */
export interface LoopScene {
  id: string;
  durationMs: number;
}

/** Where the loop is: the scene, how far into it, and which cycle (0 from the agreed start). */
export interface LoopPoint {
  index: number;
  sceneId: string;
  /** Ms since this scene began. */
  offsetMs: number;
  /** Loop position (ms since the agreed start) at which this scene began. */
  sceneStartMs: number;
  cycle: number;
}

/** One cycle of the loop, ms (the sum of the scenes' durations). */
export function loopCycleMs(scenes: readonly LoopScene[]): number {
  return scenes.reduce((sum, s) => sum + Math.max(0, s.durationMs), 0);
}

/**
 * The loop at `positionMs` after its agreed start. Before the start (a clock behind, or a start
 * set in the future) the first scene shows, at its beginning.
 */
export function loopPoint(scenes: readonly LoopScene[], positionMs: number): LoopPoint {
  if (scenes.length === 0) throw new Error('a loop needs at least one scene');
  const cycleMs = loopCycleMs(scenes);
  if (!(cycleMs > 0) || !(positionMs > 0)) {
    return { index: 0, sceneId: scenes[0]!.id, offsetMs: 0, sceneStartMs: 0, cycle: 0 };
  }
  const cycle = Math.floor(positionMs / cycleMs);
  let within = positionMs - cycle * cycleMs;
  let start = cycle * cycleMs;
  for (let index = 0; index < scenes.length; index++) {
    const duration = scenes[index]!.durationMs;
    if (within < duration || index === scenes.length - 1) {
      return { index, sceneId: scenes[index]!.id, offsetMs: within, sceneStartMs: start, cycle };
    }
    within -= duration;
    start += duration;
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/**
 * Where a media element should be (seconds) `offsetMs` into its scene: a looping file wraps at
 * its duration, one that does not loop stays on its last frame. Null while the duration is unknown.
 */
export function mediaTarget(offsetMs: number, durationS: number, loop: boolean): number | null {
  if (!Number.isFinite(durationS) || durationS <= 0) return null;
  const at = Math.max(0, offsetMs) / 1000;
  return loop ? at % durationS : Math.min(at, durationS);
}

/**
 * How far `actualS` is ahead of `targetS` (ms, negative: behind), across the wrap of a looping
 * file: 0.1 s past the start is 0.2 s ahead of 9.9 s in a 10 s file, not 9.8 s behind.
 */
export function mediaErrorMs(actualS: number, targetS: number, durationS: number, loop: boolean): number {
  let error = (actualS - targetS) * 1000;
  if (loop && durationS > 0) {
    const period = durationS * 1000;
    if (error > period / 2) error -= period;
    else if (error < -period / 2) error += period;
  }
  return error;
}

/** Mean errors below this are left alone: the media clock's reading jitters by a ms or two. */
export const DEAD_BAND_MS = 3;
/** Errors above this are corrected by a seek rather than by rate (8 % closes 500 ms in about 6 s). */
export const SEEK_BEYOND_MS = 500;
/** Before a file is first in step (it starts, or plays again after a pause), a seek for anything above this. */
export const ALIGN_BEYOND_MS = 40;
/** The largest rate change (±8 %): browsers keep the pitch of sound, and it stays unnoticeable. */
export const MAX_NUDGE = 0.08;
/** Rate per ms of error: an error closes with a time constant of one second. */
const GAIN = 1 / 1000;

/** What to do about an error: play at a rate, or seek. */
export type Correction = { rate: number } | { seekTo: number };

/**
 * The correction for a media element `errorMs` ahead (negative: behind) of the loop: a rate
 * proportional to the error, bounded; a seek to `targetS` when the error is beyond rate's reach,
 * or, before the file was first in step (`aligned` false), beyond a frame or so.
 */
export function correction(errorMs: number, targetS: number, aligned = true): Correction {
  if (!Number.isFinite(errorMs)) return { rate: 1 };
  if (Math.abs(errorMs) >= (aligned ? SEEK_BEYOND_MS : ALIGN_BEYOND_MS)) return { seekTo: targetS };
  if (Math.abs(errorMs) < DEAD_BAND_MS) return { rate: 1 };
  const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, -errorMs * GAIN));
  return { rate: Math.round((1 + nudge) * 1000) / 1000 };
}

/**
 * The mean of a run of errors over `spanMs`: reading jitter averages out, and a new rate is decided
 * once per run, after it has acted, never frame by frame (which would chase its own wake). Answers
 * null until the run spans `spanMs` with at least three readings.
 */
export class ErrorWindow {
  private sum = 0;
  private count = 0;
  private firstAt = 0;

  constructor(private readonly spanMs = 250) {}

  add(value: number, atMs: number): number | null {
    if (this.count === 0) this.firstAt = atMs;
    this.sum += value;
    this.count += 1;
    return this.count >= 3 && atMs - this.firstAt >= this.spanMs ? this.sum / this.count : null;
  }

  /** Starts a new run (after a decision, or a seek: the old errors say nothing of the new rate). */
  reset(): void {
    this.sum = 0;
    this.count = 0;
  }
}

/** The longest wait between two looks at the clock, ms (its estimate improves as round trips come in). */
const LOOK_EVERY_MS = 500;

/**
 * Drives a loop from a clock: looks at it when the shown scene ends (and every
 * {@link LOOK_EVERY_MS}) and calls `onScene` whenever the loop is in another scene, or in the
 * same scene of another cycle, than the one shown.
 */
export class LoopDriver {
  private shownStartMs: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly scenes: readonly LoopScene[],
    private readonly positionAt: (perfMs: number) => number | null,
    private readonly onScene: (point: LoopPoint) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Ms into the shown scene at a `performance.now()` instant; null before a scene was shown by the clock. */
  sceneOffsetAt(perfMs: number): number | null {
    const position = this.positionAt(perfMs);
    return position === null || this.shownStartMs === null ? null : position - this.shownStartMs;
  }

  /** Looks at the clock now and keeps looking until stopped. */
  start(): void {
    this.stop();
    this.look();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private look(): void {
    const position = this.positionAt(this.now());
    let wait = LOOK_EVERY_MS;
    if (position !== null) {
      const point = loopPoint(this.scenes, position);
      if (point.sceneStartMs !== this.shownStartMs) {
        this.shownStartMs = point.sceneStartMs;
        this.onScene(point);
      }
      const endsIn = point.sceneStartMs + this.scenes[point.index]!.durationMs - position;
      if (endsIn > 0) wait = Math.min(wait, endsIn);
    }
    this.timer = setTimeout(() => this.look(), Math.max(1, wait));
  }
}
