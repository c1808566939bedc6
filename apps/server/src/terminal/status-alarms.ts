import {
  CLOCK_DRIFT_ALARM_MS,
  CLOCK_DRIFT_RECOVERED_MS,
  type TerminalMessage,
  type TerminalStatus,
} from '@apm/contract';

/**
 * Rules of the alarms a terminal's own reports raise (`diskFull`, `downloadFailed`, `playError`,
 * `clockDrift`): pure
 * decisions on a small per-terminal state, so the heartbeat path only compares numbers. Presence
 * buffers the changes they answer and writes them with its batch.
 */

/** The disk is full below this share of its size... */
export const DISK_FULL_RATIO = 0.05;
/** ...or below this many free bytes. */
export const DISK_FULL_BYTES = 256 * 1024 * 1024;
/** A full disk counts as recovered only above these (hysteresis: no alarm flapping at the edge). */
export const DISK_RECOVERED_RATIO = 0.08;
export const DISK_RECOVERED_BYTES = 384 * 1024 * 1024;

type ProgressItem = Extract<TerminalMessage, { type: 'progress' }>['items'][number];

/** What the rules remember of one terminal (loaded from the open alarms when the server starts). */
export interface StatusAlarmState {
  /** Whether a diskFull alarm is open. */
  diskFull: boolean;
  /** Materials with an open downloadFailed alarm. */
  failed: Set<number>;
  /** Whether a playError alarm is open. */
  playError: boolean;
  /** Whether a clockDrift alarm is open. */
  clockDrift: boolean;
}

/** A change to the alarms of a terminal; `materialId` absent on an end = every downloadFailed alarm. */
export type StatusAlarmChange =
  | { action: 'raise'; type: 'diskFull'; detail: { free: number; total: number } }
  | { action: 'end'; type: 'diskFull' }
  | { action: 'raise'; type: 'playError'; detail: { error: string; playing: string | null } }
  | { action: 'end'; type: 'playError' }
  | { action: 'raise'; type: 'clockDrift'; detail: { skewMs: number } }
  | { action: 'end'; type: 'clockDrift' }
  | {
      action: 'raise';
      type: 'downloadFailed';
      materialId: number;
      detail: { materialId: number; error: string };
    }
  | { action: 'end'; type: 'downloadFailed'; materialId?: number };

/** The state of a terminal without open status alarms. */
export const blankStatusAlarms = (): StatusAlarmState => ({
  diskFull: false,
  failed: new Set(),
  playError: false,
  clockDrift: false,
});

/** Whether `free` of `total` bytes is a full disk (a disk of unknown size never is). */
export const isDiskFull = (free: number, total: number): boolean =>
  total > 0 && (free < total * DISK_FULL_RATIO || free < DISK_FULL_BYTES);

/** Whether a full disk has recovered: clear of both thresholds by a margin. */
export const isDiskRecovered = (free: number, total: number): boolean =>
  total > 0 && free >= total * DISK_RECOVERED_RATIO && free >= DISK_RECOVERED_BYTES;

/**
 * The changes a heartbeat's status makes: diskFull raised when the disk fills and ended when it
 * recovers; every downloadFailed alarm ended when the terminal holds all its manifest needs
 * (`downloads.done >= total`: what failed has since come in or left the manifest); playError
 * raised while the terminal reports one and ended when it stops; clockDrift raised when its clock
 * is a minute off ours (`skewMs`: its clock minus ours, null when unreadable) and ended once back
 * within half of that.
 */
export function heartbeatAlarms(
  state: StatusAlarmState,
  status: TerminalStatus,
  skewMs: number | null = null,
): StatusAlarmChange[] {
  const changes: StatusAlarmChange[] = [];
  const error = status.playError;
  if (error && !state.playError) {
    state.playError = true;
    const playing =
      status.playing.name ?? (status.playing.id ? `${status.playing.kind} ${status.playing.id}` : null);
    changes.push({ action: 'raise', type: 'playError', detail: { error, playing } });
  } else if (!error && state.playError) {
    state.playError = false;
    changes.push({ action: 'end', type: 'playError' });
  }
  if (skewMs !== null) {
    const off = Math.abs(skewMs);
    if (!state.clockDrift && off > CLOCK_DRIFT_ALARM_MS) {
      state.clockDrift = true;
      changes.push({ action: 'raise', type: 'clockDrift', detail: { skewMs: Math.round(skewMs) } });
    } else if (state.clockDrift && off <= CLOCK_DRIFT_RECOVERED_MS) {
      state.clockDrift = false;
      changes.push({ action: 'end', type: 'clockDrift' });
    }
  }
  const disk = status.disk;
  if (disk && disk.total > 0) {
    if (!state.diskFull && isDiskFull(disk.free, disk.total)) {
      state.diskFull = true;
      changes.push({ action: 'raise', type: 'diskFull', detail: { free: disk.free, total: disk.total } });
    } else if (state.diskFull && isDiskRecovered(disk.free, disk.total)) {
      state.diskFull = false;
      changes.push({ action: 'end', type: 'diskFull' });
    }
  }
  const downloads = status.downloads;
  if (state.failed.size && downloads && downloads.done >= downloads.total) {
    state.failed.clear();
    changes.push({ action: 'end', type: 'downloadFailed' });
  }
  return changes;
}

/**
 * The changes a progress report makes: an item with an `error` raises downloadFailed for its
 * material (once while open); a later item of that material that completes ends it.
 */
export function progressAlarms(state: StatusAlarmState, items: readonly ProgressItem[]): StatusAlarmChange[] {
  const changes: StatusAlarmChange[] = [];
  for (const item of items) {
    if (item.error !== undefined) {
      if (state.failed.has(item.materialId)) continue;
      state.failed.add(item.materialId);
      changes.push({
        action: 'raise',
        type: 'downloadFailed',
        materialId: item.materialId,
        detail: { materialId: item.materialId, error: item.error },
      });
    } else if (item.received >= item.total && state.failed.delete(item.materialId)) {
      changes.push({ action: 'end', type: 'downloadFailed', materialId: item.materialId });
    }
  }
  return changes;
}
