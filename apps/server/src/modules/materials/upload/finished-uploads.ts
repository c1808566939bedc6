import type { AdvisoryLocks } from '../../../cluster/advisory-locks.js';
import type { ClusterContext } from '../../../cluster/cluster.js';

/** What is kept of an upload that became a material. */
export interface FinishedUpload {
  materialId: number;
  size: number;
  userId: number;
}

/** How long a finished upload is remembered: long enough for a client to retry a lost answer. */
const KEEP_MS = 10 * 60 * 1000;

/** Longest wait for a finish of the same upload that runs elsewhere (a big file may need re-hashing). */
const FINISH_WAIT_MS = 10 * 60 * 1000;

/** Where finished uploads are remembered. */
interface FinishedStore {
  get(id: string): Promise<FinishedUpload | null>;
  set(id: string, outcome: FinishedUpload): Promise<void>;
}

/**
 * Finishing of uploads, once each: the last PATCH and a HEAD that finds all bytes on disk (a client
 * retrying after a dropped answer) may both try to finish the same upload, also on two instances;
 * the second waits for the first (a cluster lock per upload) and gets the same material. Finished
 * uploads are remembered for a while (in Redis when the instances share one, else in memory), so
 * that a client whose last answer was lost learns from HEAD, on any instance, that the upload is
 * complete (tus: 200 with Upload-Offset = Upload-Length, and here the material's id) instead of
 * sending the file again.
 */
export class UploadFinisher {
  private readonly inFlight = new Map<string, Promise<FinishedUpload>>();
  private readonly done: FinishedStore;

  constructor(
    private readonly locks: AdvisoryLocks,
    cluster: Pick<ClusterContext, 'redis' | 'key'>,
    keepMs = KEEP_MS,
  ) {
    const { redis } = cluster;
    this.done = redis
      ? {
          get: async (id) => JSON.parse((await redis.get(cluster.key(`upload:finished:${id}`))) ?? 'null'),
          set: async (id, outcome) => {
            await redis.set(cluster.key(`upload:finished:${id}`), JSON.stringify(outcome), 'PX', keepMs);
          },
        }
      : new MemoryFinished(keepMs);
  }

  /** Runs `finish` for upload `id` unless it already ran or runs (then shares its outcome). */
  finish(id: string, finish: () => Promise<FinishedUpload>): Promise<FinishedUpload> {
    let running = this.inFlight.get(id);
    if (!running) {
      running = this.finishOnce(id, finish).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, running);
    }
    return running;
  }

  /** The outcome of upload `id`'s finish when one is running here (a failed finish rejects), else null. */
  running(id: string): Promise<FinishedUpload> | null {
    return this.inFlight.get(id) ?? null;
  }

  /** The finished upload `id` of `userId`, while remembered. */
  async finished(id: string, userId: number): Promise<FinishedUpload | null> {
    const outcome = await this.done.get(id);
    return outcome?.userId === userId ? outcome : null;
  }

  private async finishOnce(id: string, finish: () => Promise<FinishedUpload>): Promise<FinishedUpload> {
    const release = await this.locks.acquire(`upload-finish:${id}`, { timeoutMs: FINISH_WAIT_MS });
    try {
      const earlier = await this.done.get(id);
      if (earlier) return earlier;
      const outcome = await finish();
      // The material exists whatever happens to this note: a lost note costs a retry a 404 at worst.
      await this.done.set(id, outcome).catch(() => undefined);
      return outcome;
    } finally {
      await release();
    }
  }
}

/** Finished uploads in this process's memory (one instance). */
class MemoryFinished implements FinishedStore {
  private readonly entries = new Map<string, FinishedUpload & { at: number }>();

  constructor(private readonly keepMs: number) {}

  async get(id: string): Promise<FinishedUpload | null> {
    const entry = this.entries.get(id);
    if (!entry || Date.now() - entry.at > this.keepMs) return null;
    return { materialId: entry.materialId, size: entry.size, userId: entry.userId };
  }

  async set(id: string, outcome: FinishedUpload): Promise<void> {
    const now = Date.now();
    // Entries are in insertion order: the oldest go first.
    for (const [key, entry] of this.entries) {
      if (now - entry.at <= this.keepMs) break;
      this.entries.delete(key);
    }
    this.entries.set(id, { ...outcome, at: now });
  }
}
