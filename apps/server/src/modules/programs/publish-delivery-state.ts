import type { DeliveryState, TerminalLiveStatus } from '@apm/contract';

/** What one terminal's delivery of a program is derived from. */
export interface DeliveryInput {
  programId: number;
  /** The program's materials (the files the terminal must hold). */
  materialIds: readonly number[];
  /** Live presence of the terminal (online, last heartbeat's status, download reports). */
  live: Pick<TerminalLiveStatus, 'online' | 'status' | 'downloads'>;
  /** Whether a proof-of-play event of the program arrived from it since it was published. */
  played: boolean;
}

/** A terminal's delivery of a program: its state, file and byte counts, the failure's reason. */
export interface DeliveryFacts {
  state: DeliveryState;
  doneFiles: number;
  totalFiles: number;
  receivedBytes: number;
  totalBytes: number;
  reason: string | null;
}

/**
 * Derives a terminal's delivery state of a program from its presence: offline (queued) when it is
 * not connected; failed when a file of the program could not be fetched (the terminal's reason);
 * downloading while a file is partly in; playing when it shows the program now or has shown it
 * since it was published; waiting otherwise (its turn or its window has not come).
 */
export function deliveryOf(input: DeliveryInput): DeliveryFacts {
  const ids = new Set(input.materialIds);
  const items = input.live.downloads.filter((d) => ids.has(d.materialId));
  const complete = items.filter((d) => !d.error && d.received >= d.total);
  const failed = items.find((d) => d.error);
  const partial = items.some((d) => !d.error && d.received < d.total);
  const status = input.live.status;
  const playingNow = status?.playing.kind === 'program' && status.playing.id === input.programId;
  const showing = playingNow || input.played;
  // Files reported before a restart are not in memory: a terminal showing it holds them all.
  const doneFiles = showing && !failed && !partial ? ids.size : complete.length;
  const facts = {
    doneFiles,
    totalFiles: ids.size,
    receivedBytes: items.reduce((sum, d) => sum + Math.min(d.received, d.total), 0),
    totalBytes: items.reduce((sum, d) => sum + d.total, 0),
    reason: null,
  };
  if (!input.live.online) return { ...facts, state: 'offline' };
  if (failed) return { ...facts, state: 'failed', reason: failed.error ?? null };
  if (partial) return { ...facts, state: 'downloading' };
  return { ...facts, state: showing ? 'playing' : 'waiting' };
}
