import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MaterialFileMeta, MaterialKindValue } from '../../../db/schema/material-files.js';
import type { FilesDir } from '../files-dir.js';
import type { MediaTools } from './tools.js';

/** The stored file a job processes (the columns handlers read). */
export interface JobFile {
  id: number;
  kind: MaterialKindValue;
  mime: string;
  size: number;
  storagePath: string;
  meta: MaterialFileMeta;
}

/** What processing found and made; written to the file's row (also on failure, as far as it got). */
export interface JobResult {
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  thumbPath?: string | null;
  posterPath?: string | null;
  convertedPath?: string | null;
  /** Merged over the row's meta (the upload side may have set entries or indexPage). */
  meta: MaterialFileMeta;
}

/** Everything a handler needs: the file, where to write, tools, progress and the stop signal. */
export class JobContext {
  /** What the handler found so far; the queue stores it. */
  readonly result: JobResult = { meta: {} };

  constructor(
    readonly file: JobFile,
    readonly tools: MediaTools,
    private readonly filesDir: FilesDir,
    /** Reports progress 0–100 (the queue throttles the writes). */
    readonly progress: (percent: number) => void,
    readonly signal: AbortSignal,
  ) {}

  /** Absolute path of the original bytes. */
  get source(): string {
    return this.filesDir.resolveFilePath(this.file.storagePath);
  }

  /** Relative path of a derived file of this job, e.g. `derived/12/thumb.webp`. */
  derived(name: string): string {
    return path.posix.join(this.filesDir.derivedDir(this.file.id), name);
  }

  /** Absolute path of a relative one under the files dir. */
  absolute(relative: string): string {
    return this.filesDir.resolveFilePath(relative);
  }

  /** Removes what an interrupted run left: temporary files and LibreOffice work directories. */
  async removeLeftovers(): Promise<void> {
    const dir = this.absolute(this.filesDir.derivedDir(this.file.id));
    for (const sub of [dir, path.join(dir, 'pages')]) {
      const names = await readdir(sub).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.includes('.part-') || n.startsWith('office-'))) {
        await rm(path.join(sub, name), { recursive: true, force: true });
      }
    }
  }

  /** Removes every derived file (the stored file was deleted while it was being processed). */
  async removeAll(): Promise<void> {
    await rm(this.absolute(this.filesDir.derivedDir(this.file.id)), { recursive: true, force: true });
  }

  /**
   * Writes a derived file through a temporary name and renames it into place, so that a reader
   * never sees half a file and a crash leaves no truncated one. `write` receives the temporary path.
   * The temporary name keeps the extension: tools choose the format from it.
   */
  async produce(relative: string, write: (tmpPath: string) => Promise<void>): Promise<string> {
    const target = this.absolute(relative);
    await mkdir(path.dirname(target), { recursive: true });
    const ext = path.extname(target);
    const tmp = `${target.slice(0, target.length - ext.length)}.part-${process.pid}-${Date.now()}${ext}`;
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return relative;
  }
}

/** A processing step for one kind of file. */
export type JobHandler = (ctx: JobContext) => Promise<void>;
