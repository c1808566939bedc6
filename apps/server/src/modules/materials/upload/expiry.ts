import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materialUploads } from '../../../db/schema/index.js';
import type { HashingFileStore } from './hashing-store.js';

/** How long an unfinished upload is kept before its partial bytes are removed. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often expired uploads are swept. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes unfinished uploads past their `expiresAt` (row, partial bytes, tus info file), and
 * files in the uploads directory older than the upload lifetime that no running upload owns
 * (left by a crash during a multipart upload or a finish). Runs on a timer on the cluster's leader.
 */
export class UploadExpiry {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly store: HashingFileStore,
  ) {}

  /** Starts the periodic sweep (first one right away). */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), intervalMs);
    this.timer.unref();
    void this.sweep().catch(() => undefined);
  }

  /** Stops the sweep. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; answers how many uploads and stray files were removed. */
  async sweep(now = new Date()): Promise<{ uploads: number; strays: number }> {
    const expired = await this.db
      .delete(materialUploads)
      .where(lt(materialUploads.expiresAt, now))
      .returning({ id: materialUploads.id });
    for (const { id } of expired) await this.removeUpload(id);
    return { uploads: expired.length, strays: await this.removeStrays(now) };
  }

  private async removeUpload(id: string): Promise<void> {
    this.store.forget(id);
    const file = this.store.filePath(id);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }

  private async removeStrays(now: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.store.directory);
    } catch {
      return 0;
    }
    const ids = [...new Set(names.map((n) => n.replace(/\.json$/, '')))];
    if (!ids.length) return 0;
    const running = new Set(
      (
        await this.db
          .select({ id: materialUploads.id })
          .from(materialUploads)
          .where(inArray(materialUploads.id, ids))
      ).map((r) => r.id),
    );
    let removed = 0;
    for (const name of names) {
      if (running.has(name.replace(/\.json$/, ''))) continue;
      const full = path.join(this.store.directory, name);
      const info = await stat(full).catch(() => null);
      if (!info || now.getTime() - info.mtimeMs < UPLOAD_TTL_MS) continue;
      await rm(full, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}
