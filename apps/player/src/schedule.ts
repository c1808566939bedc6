import type { Manifest } from '@apm/contract';
import {
  resolverInput,
  resolveTimeline,
  scheduleOfManifest,
  type ResolveInput,
  type Segment,
} from '@apm/schedule';
import { inWindow, playOrder, type ManifestProgram } from './manifest-plan.js';

/**
 * What the player puts on screen, decided on the terminal itself so it keeps the schedule offline:
 * with play plans, the shared resolver over the manifest (the server's timeline is the same call
 * on the same data); without plans, the published programs inside their windows, one cycle each.
 */

/** How far ahead one resolution looks; the player asks again at the end of each segment anyway. */
const LOOK_AHEAD_MS = 15 * 60_000;
/** The longest wait before deciding again (clock changes, a window opening without a plan). */
export const MAX_WAIT_MS = 60_000;

/** The programs to play now and until when this holds. */
export interface ScheduleNow {
  /** Played in turn (one cycle each); one program loops; none: nothing scheduled. */
  programs: ManifestProgram[];
  /** Epoch ms at which to decide again. */
  until: number;
  /** The plan segment playing (null without plans). */
  segment: Segment | null;
}

/** This device's zone: where the plans' windows are read when the manifest names none it knows. */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone a manifest's schedule (plans, messages) is read in. */
export function scheduleZone(manifest: Manifest): string {
  return scheduleOfManifest(manifest, deviceZone()).timeZone;
}

/** The resolver's input for a manifest over `[from, to)`: the one the server's timeline uses. */
export function scheduleInput(manifest: Manifest, from: number, to: number): ResolveInput {
  return resolverInput(scheduleOfManifest(manifest, deviceZone()), from, to);
}

/** What to play at `now`. */
export function scheduleAt(manifest: Manifest | null, now: number): ScheduleNow {
  if (!manifest) return { programs: [], until: now + MAX_WAIT_MS, segment: null };
  const programs = playOrder(manifest);
  if (!manifest.plans.length) {
    const published = programs.filter((p) => p.published !== false);
    return { programs: inWindow(published, now), until: now + MAX_WAIT_MS, segment: null };
  }
  const [segment] = resolveTimeline(scheduleInput(manifest, now, now + LOOK_AHEAD_MS));
  if (!segment) return { programs: [], until: now + MAX_WAIT_MS, segment: null };
  const program = programs.find((p) => p.id === segment.programId);
  return { programs: program ? [program] : [], until: segment.end, segment };
}
