/** What is kept of an upload that became a material. */
export interface FinishedUpload {
  materialId: number;
  size: number;
  userId: number;
}

/** How long a finished upload is remembered: long enough for a client to retry a lost answer. */
const KEEP_MS = 10 * 60 * 1000;

/**
 * Finishing of uploads, once each: the last PATCH and a HEAD that finds all bytes on disk (a client
 * retrying after a dropped answer) may both try to finish the same upload; the second waits for
 * the first and gets the same material. Finished uploads are remembered for a while, so that a
 * client whose last answer was lost learns from HEAD that the upload is complete (tus: 200 with
 * Upload-Offset = Upload-Length, and here the material's id) instead of sending the file again.
 * Per process, as the tus lock is.
 */
export class UploadFinisher {
  private readonly inFlight = new Map<string, Promise<FinishedUpload>>();
  private readonly done = new Map<string, FinishedUpload & { at: number }>();

  constructor(private readonly keepMs = KEEP_MS) {}

  /** Runs `finish` for upload `id` unless it already runs (then shares its outcome). */
  finish(id: string, finish: () => Promise<FinishedUpload>): Promise<FinishedUpload> {
    let running = this.inFlight.get(id);
    if (!running) {
      running = finish()
        .then((outcome) => {
          this.remember(id, outcome);
          return outcome;
        })
        .finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, running);
    }
    return running;
  }

  /** The outcome of upload `id`'s finish when one is running (a failed finish rejects), else null. */
  running(id: string): Promise<FinishedUpload> | null {
    return this.inFlight.get(id) ?? null;
  }

  /** The finished upload `id` of `userId`, while remembered. */
  finished(id: string, userId: number): FinishedUpload | null {
    const entry = this.done.get(id);
    if (!entry || entry.userId !== userId || Date.now() - entry.at > this.keepMs) return null;
    return { materialId: entry.materialId, size: entry.size, userId: entry.userId };
  }

  private remember(id: string, outcome: FinishedUpload): void {
    const now = Date.now();
    // Entries are in insertion order: the oldest go first.
    for (const [key, entry] of this.done) {
      if (now - entry.at <= this.keepMs) break;
      this.done.delete(key);
    }
    this.done.set(id, { ...outcome, at: now });
  }
}
