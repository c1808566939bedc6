import type { Manifest, ManifestSync, TerminalStatus } from '@apm/contract';
import type { LockstepFrame, LockstepOptions } from '@apm/renderer';
import type { ClockEstimator } from './clock-sync.js';
import { playOrder, type ManifestProgram } from './manifest-plan.js';

/**
 * Synchronized playback on the terminal: a sync group's members play its program as one loop that
 * began at `epochMs` on the server's clock, each from its own estimate of that clock (the channel's
 * round trips), so they agree on the frame without talking to each other.
 */

/** The sync group's program of a manifest, or null when the terminal plays in no group (or lacks it). */
export function lockstepProgram(
  manifest: Manifest | null,
): { sync: ManifestSync; program: ManifestProgram } | null {
  const sync = manifest?.sync;
  if (!sync) return null;
  const program = playOrder(manifest).find((p) => p.id === sync.programId);
  return program ? { sync, program } : null;
}

/** What identifies a lockstep run: a change of any of these restarts playback. */
export function lockstepKey(sync: ManifestSync): string {
  const wall = sync.wall
    ? `${sync.wall.columns}x${sync.wall.rows}@${sync.wall.column},${sync.wall.row}`
    : 'mirror';
  return `sync:${sync.groupId}:${sync.epochMs}:${sync.mode}:${wall}`;
}

/**
 * The renderer's lockstep options for a group: the loop's position from the server's clock as
 * estimated (the terminal's own clock until a round trip gave an estimate, e.g. offline after a
 * reload), the wall tile, and the frames reported to `stats`.
 */
export function lockstepOptions(
  sync: ManifestSync,
  clock: Pick<ClockEstimator, 'serverTime'>,
  stats: LockstepStats,
  timeOrigin = performance.timeOrigin,
): LockstepOptions {
  return {
    positionAt: (perfMs) => {
      const local = timeOrigin + perfMs;
      return (clock.serverTime(local) ?? local) - sync.epochMs;
    },
    tile: sync.mode === 'wall' ? sync.wall : undefined,
    onFrame: (frame) => stats.add(frame),
  };
}

/** Frames kept for the heartbeat's figures: the last minute at 30 fps. */
const KEEP = 1800;

/** How far the frames were from the loop lately, for heartbeats (the console shows it per member). */
export class LockstepStats {
  private errors: number[] = [];
  private groupId: number | null = null;

  /** A new run (another group, or none): forgets the frames of the last one. */
  reset(groupId: number | null): void {
    this.groupId = groupId;
    this.errors = [];
  }

  add(frame: LockstepFrame): void {
    this.errors.push(Math.abs(frame.errorMs));
    if (this.errors.length > KEEP * 1.5) this.errors = this.errors.slice(-KEEP);
  }

  /** The heartbeat's `lockstep` field, or undefined outside a group. */
  summary(): TerminalStatus['lockstep'] {
    if (this.groupId === null) return undefined;
    const recent = this.errors.slice(-KEEP).sort((a, b) => a - b);
    const at = (q: number) =>
      recent.length
        ? Math.round(recent[Math.min(recent.length - 1, Math.floor(q * recent.length))]! * 10) / 10
        : 0;
    return { groupId: this.groupId, errorP50Ms: at(0.5), errorP95Ms: at(0.95), frames: recent.length };
  }
}
