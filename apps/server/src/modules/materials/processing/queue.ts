import type { ConvertProgress } from '@apm/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { MediaToolPaths } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { materialFiles, type MaterialKindValue } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/session-service.js';
import type { FilesDir } from '../files-dir.js';
import { processDocument } from './document.js';
import { processImage } from './image.js';
import { JobContext, type JobFile, type JobHandler, type JobResult } from './job.js';
import { processAudio, processVideo } from './media.js';
import { processApk, processHtmlPackage } from './package.js';
import { convertProgress } from './progress-query.js';
import { ProgressWriter } from './progress.js';
import { JobAborted, MediaTools, ProcessingError } from './tools.js';

/** The log calls the queue makes (the app's logger once started; silent before). */
export type JobLogger = Record<'info' | 'warn' | 'error', (obj: object, msg?: string) => void>;

const SILENT: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Tuning of the queue. */
export interface MaterialJobQueueOptions {
  /** Jobs run at once (media tools use every core: 1 suits a small server). */
  concurrency?: number;
  /** Fallback look at the queue, for files queued by another process or a missed wake. */
  pollMs?: number;
  /** Least time between two progress writes of one job. */
  progressIntervalMs?: number;
  /** How long a claim holds without renewal (renewed every third of it while the job runs). */
  leaseMs?: number;
}

/** Default lease of a claimed job: how soon another instance re-runs the job of one that died. */
export const JOB_LEASE_MS = 60_000;

/** Processing step of each kind. */
const HANDLERS: Record<MaterialKindValue, JobHandler> = {
  image: processImage,
  video: processVideo,
  audio: processAudio,
  document: processDocument,
  html: processHtmlPackage,
  apk: processApk,
};

/** Longest process_error stored. */
const MAX_ERROR = 1000;

/**
 * Processing of stored material files, queued in the `material_files` table itself
 * (`process_state` queued → running → done | failed). A job is claimed atomically with
 * `FOR UPDATE SKIP LOCKED`, so several server processes may share one PostgreSQL. A claim is a
 * lease (`process_lease_until`) that the running instance renews; a `running` row past its lease
 * (its instance crashed or was killed) goes back to the queue at the next look of any instance.
 * Failures end as `failed` with a message for the console, never as an unhandled rejection.
 */
export class MaterialJobQueue {
  private readonly tools: MediaTools;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly progressIntervalMs: number;
  private readonly leaseMs: number;
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private log: JobLogger = SILENT;
  private started = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly processedListeners = new Set<(fileId: number) => Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
    toolPaths: MediaToolPaths,
    options: MaterialJobQueueOptions = {},
  ) {
    this.tools = new MediaTools(toolPaths);
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.pollMs = options.pollMs ?? 5000;
    this.progressIntervalMs = options.progressIntervalMs ?? 500;
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  }

  /**
   * Calls `listener` after a file's processing is stored (e.g. to tell terminals that a converted
   * rendition now exists); a failing listener is logged, never fails the job.
   */
  onProcessed(listener: (fileId: number) => Promise<void>): void {
    this.processedListeners.add(listener);
  }

  /** Re-queues what a crash left running, then processes the queue until {@link stop}. */
  async start(log?: JobLogger): Promise<void> {
    if (this.started) return;
    if (log) this.log = log;
    this.started = true;
    await this.requeueAbandoned();
    if (!this.started) return; // stopped meanwhile
    this.timer = setInterval(() => void this.requeueAbandoned().then(() => this.wake()), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Puts back in the queue the files whose job's lease ran out (its instance is gone). */
  private async requeueAbandoned(): Promise<void> {
    try {
      const recovered = await this.db
        .update(materialFiles)
        .set({ processState: 'queued', processProgress: 0, processLeaseUntil: null })
        .where(
          and(
            eq(materialFiles.processState, 'running'),
            or(isNull(materialFiles.processLeaseUntil), lt(materialFiles.processLeaseUntil, sql`now()`)),
          ),
        )
        .returning({ id: materialFiles.id });
      if (recovered.length) this.log.info({ fileIds: recovered.map((r) => r.id) }, 'material jobs re-queued');
    } catch (err) {
      this.log.error({ err }, 'material jobs: re-queueing interrupted jobs failed');
    }
  }

  /** Looks at the queue now (after an upload finished); returns at once. */
  wake(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.log.error({ err }, 'material jobs: claiming a job failed'))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Stops taking jobs; running ones get `graceMs` to end, then their child processes are killed
   * and their files go back to the queue for the next start.
   */
  async stop(graceMs = 0): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.timer);
    await this.pumping;
    const jobs = [...this.running.values()];
    if (graceMs > 0 && jobs.length) {
      await Promise.race([
        Promise.allSettled(jobs.map((j) => j.done)),
        new Promise((resolve) => setTimeout(resolve, graceMs)),
      ]);
    }
    for (const job of jobs) job.controller.abort();
    await Promise.allSettled(jobs.map((j) => j.done));
  }

  /**
   * Stops the job of a file if one runs (its child process is killed) and waits for it to end.
   * For the library, after it deleted the file's row: the job then removes what it derived.
   */
  async cancel(fileId: number): Promise<void> {
    const job = this.running.get(fileId);
    if (!job) return;
    job.controller.abort();
    await job.done;
  }

  /** Resolves when nothing is running and the last look found the queue empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pumping || this.running.size) {
      await this.pumping;
      await Promise.allSettled([...this.running.values()].map((j) => j.done));
    }
  }

  /** Processing state of materials in the caller's scope (`convertProgress`). */
  progress(auth: AuthContext, materialIds: number[]): Promise<ConvertProgress[]> {
    return convertProgress(this.db, auth, materialIds);
  }

  private async pump(): Promise<void> {
    while (this.started && this.running.size < this.concurrency) {
      const file = await this.claim();
      if (!file) return;
      this.launch(file);
    }
  }

  /** The oldest queued file, marked running in the same statement; null when the queue is empty. */
  private async claim(): Promise<JobFile | null> {
    const oldest = this.db
      .select({ id: materialFiles.id })
      .from(materialFiles)
      .where(eq(materialFiles.processState, 'queued'))
      .orderBy(asc(materialFiles.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(materialFiles)
      .set({
        processState: 'running',
        processProgress: 0,
        processError: null,
        processLeaseUntil: this.leaseEnd(),
      })
      // A scalar subquery runs once (an InitPlan); `id IN (…LIMIT 1…)` may be re-run per row and claim several.
      .where(and(eq(materialFiles.id, sql`(${oldest})`), eq(materialFiles.processState, 'queued')))
      .returning({
        id: materialFiles.id,
        kind: materialFiles.kind,
        mime: materialFiles.mime,
        size: materialFiles.size,
        storagePath: materialFiles.storagePath,
        meta: materialFiles.meta,
      });
    return row ?? null;
  }

  /** The end of a lease taken or renewed now (the database's clock: instances' clocks may differ). */
  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }

  /** Renews a running job's lease every third of it, until the returned function is called. */
  private holdLease(fileId: number): () => void {
    const where = and(eq(materialFiles.id, fileId), eq(materialFiles.processState, 'running'));
    const timer = setInterval(() => {
      this.db
        .update(materialFiles)
        .set({ processLeaseUntil: this.leaseEnd() })
        .where(where)
        .catch((err: unknown) => this.log.warn({ err, fileId }, 'material job: lease not renewed'));
    }, this.leaseMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async exists(fileId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: materialFiles.id })
      .from(materialFiles)
      .where(eq(materialFiles.id, fileId));
    return rows.length > 0;
  }

  private launch(file: JobFile): void {
    const controller = new AbortController();
    const releaseLease = this.holdLease(file.id);
    const done = this.execute(file, controller.signal)
      .catch((err) => this.log.error({ err, fileId: file.id }, 'material job: state not written'))
      .finally(() => {
        releaseLease();
        this.running.delete(file.id);
        this.wake();
      });
    this.running.set(file.id, { controller, done });
  }

  private async execute(file: JobFile, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    const progress = new ProgressWriter(this.db, file.id, this.progressIntervalMs, this.log);
    const ctx = new JobContext(file, this.tools, this.filesDir, (p) => progress.report(p), signal);
    const where = and(eq(materialFiles.id, file.id), eq(materialFiles.processState, 'running'));
    try {
      const handler = HANDLERS[file.kind];
      if (!handler) throw new ProcessingError(`no processing for files of kind ${file.kind}`);
      await ctx.removeLeftovers();
      await handler(ctx);
    } catch (err) {
      await progress.close();
      if (err instanceof JobAborted || signal.aborted) {
        await this.db.update(materialFiles).set({ processState: 'queued', processProgress: 0 }).where(where);
        if (!(await this.exists(file.id))) return ctx.removeAll();
        this.log.info({ fileId: file.id }, 'material job stopped; queued again');
        return;
      }
      const message =
        err instanceof ProcessingError ? err.message : `processing failed: ${(err as Error).message}`;
      const [stored] = await this.db
        .update(materialFiles)
        .set({
          ...columns(ctx.result, file),
          processState: 'failed',
          processError: message.slice(0, MAX_ERROR),
        })
        .where(where)
        .returning({ id: materialFiles.id });
      if (!stored && !(await this.exists(file.id))) return ctx.removeAll();
      this.log.warn({ fileId: file.id, kind: file.kind, err }, `material job failed: ${message}`);
      return;
    }
    await progress.close();
    const [stored] = await this.db
      .update(materialFiles)
      .set({ ...columns(ctx.result, file), processState: 'done', processProgress: 100, processError: null })
      .where(where)
      .returning({ id: materialFiles.id });
    if (!stored && !(await this.exists(file.id))) {
      // Deleted from the library while processing: what the job wrote would be orphaned.
      await ctx.removeAll();
      return;
    }
    this.log.info({ fileId: file.id, kind: file.kind, ms: Date.now() - started }, 'material job done');
    for (const listener of this.processedListeners) {
      await listener(file.id).catch((err: unknown) =>
        this.log.warn({ fileId: file.id, err }, 'listener of a processed material failed'),
      );
    }
  }
}

/** The row's columns from a job's result (only what the job set; meta merged over the stored one). */
function columns(result: JobResult, file: JobFile) {
  const { meta, ...rest } = result;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { ...set, meta: { ...file.meta, ...meta } };
}
