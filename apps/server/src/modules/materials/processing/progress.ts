import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materialFiles } from '../../../db/schema/index.js';
import type { JobLogger } from './queue.js';

/**
 * Writes a running job's percent to `process_progress`, at most once per interval and only
 * upwards; the last value of a burst is written when the interval has passed. 100 is the
 * queue's, written with the final state.
 */
export class ProgressWriter {
  private written = 0;
  private latest = 0;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly fileId: number,
    private readonly intervalMs: number,
    private readonly log: JobLogger,
  ) {}

  /** A new percent (fractions dropped, kept within 0–99). */
  report(percent: number): void {
    const value = Math.max(0, Math.min(99, Math.floor(percent)));
    if (value <= this.latest) return;
    this.latest = value;
    if (this.timer) return;
    const wait = this.lastWriteAt + this.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Stops pending writes and waits for the one under way. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private flush(): void {
    this.timer = undefined;
    if (this.latest <= this.written) return;
    const value = (this.written = this.latest);
    this.lastWriteAt = Date.now();
    this.chain = this.chain.then(async () => {
      try {
        await this.db
          .update(materialFiles)
          .set({ processProgress: value })
          .where(and(eq(materialFiles.id, this.fileId), eq(materialFiles.processState, 'running')));
      } catch (err) {
        this.log.warn({ err, fileId: this.fileId }, 'material progress not written');
      }
    });
  }
}
