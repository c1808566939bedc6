import type { Manifest, PlanDocument } from '@apm/contract';
import { isTimeZone } from './calendar.js';
import { programCycleMs } from './program-length.js';
import type { ResolveInput } from './timeline.js';

/** A program a terminal holds, as its schedule needs it. */
export interface ScheduleProgram {
  id: number;
  /** Its revision, when known: a cache of timelines keys on it. */
  revision?: number;
  /** Its document, as far as its length goes. */
  document: Parameters<typeof programCycleMs>[0];
  /** False when only a plan plays it (not published to the terminal itself). */
  published: boolean;
  startAt?: string | null;
  endAt?: string | null;
}

/** Everything a terminal's timeline is resolved from: exactly what its manifest holds. */
export interface TerminalSchedule {
  timeZone: string;
  /** Plans with their revision when known (a cache of timelines keys on it). */
  plans: readonly { id: number; revision?: number; document: PlanDocument }[];
  programs: readonly ScheduleProgram[];
}

/**
 * The one resolver input of a terminal over `[from, to)`: the server (timeline, from the rows its
 * manifest is built from) and the player (from the manifest, {@link scheduleOfManifest}) both call
 * this, so that their answers are equal.
 */
export function resolverInput(schedule: TerminalSchedule, from: number, to: number): ResolveInput {
  return {
    plans: schedule.plans.map((p) => ({ id: p.id, document: p.document })),
    programMs: new Map(schedule.programs.map((p) => [p.id, programCycleMs(p.document)])),
    timeZone: schedule.timeZone,
    from,
    to,
    published: schedule.programs
      .filter((p) => p.published)
      .map((p) => ({ programId: p.id, startAt: p.startAt ?? null, endAt: p.endAt ?? null })),
  };
}

/** The schedule a manifest describes; a zone missing or unknown here is read as `fallbackZone`. */
export function scheduleOfManifest(manifest: Manifest, fallbackZone = 'UTC'): TerminalSchedule {
  const zone = manifest.terminal.timeZone;
  return {
    timeZone: zone && isTimeZone(zone) ? zone : fallbackZone,
    plans: manifest.plans.map((p) => ({ id: p.id, document: p.document })),
    programs: manifest.programs.map((p) => ({
      id: p.id,
      document: p.document,
      published: p.published !== false,
      startAt: p.startAt ?? null,
      endAt: p.endAt ?? null,
    })),
  };
}
