import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { HashWorker } from './hash-worker.js';

/** A pass-through stream feeding every chunk to the hash state of `id`, waiting when hashing lags. */
function hashingTransform(hasher: HashWorker, id: string, onBytes?: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes?.(chunk.length);
      const lagging = hasher.update(id, chunk);
      if (lagging) lagging.then(() => callback(null, chunk), callback);
      else callback(null, chunk);
    },
  });
}

/**
 * The tus file store, hashing bytes (MD5) as they stream to disk, so that finishing an upload
 * needs no second read of the file. Hash states live in memory per upload (on a worker thread);
 * when a write starts at an offset the state does not know (a server restart, an interrupted
 * write), the prefix already on disk is hashed once from the file.
 */
export class HashingFileStore extends FileStore {
  /** The MD5 worker, shared with one-shot (multipart) uploads. */
  readonly hasher = new HashWorker();

  /** Absolute path of an upload's partial file. */
  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  /**
   * Appends `readable` to the upload's file at `offset`, hashing on the way; answers the new
   * offset. Errors of the source (an aborted request, a body too large) are passed on as they are;
   * `signal` stops the write (the streams are destroyed, the bytes written so far stay).
   */
  override async write(
    readable: Readable,
    id: string,
    offset: number,
    signal?: AbortSignal,
  ): Promise<number> {
    await this.hasher.begin(id, this.filePath(id), offset);
    let written = offset;
    const hashing = hashingTransform(this.hasher, id, (n) => (written += n));
    try {
      const file = createWriteStream(this.filePath(id), { flags: 'r+', start: offset });
      await pipeline(readable, hashing, file, signal ? { signal } : {});
      if (written !== this.hasher.offsetOf(id)) this.hasher.forget(id);
      return written;
    } catch (error) {
      // Bytes hashed may not all have reached the disk: keep the state only when the sizes agree.
      const onDisk = await stat(this.filePath(id)).then(
        (s) => s.size,
        () => -1,
      );
      if (onDisk !== this.hasher.offsetOf(id)) this.hasher.forget(id);
      throw error;
    }
  }

  /** Hex MD5 of a complete upload of `size` bytes: from the running hash, else by reading the file. */
  md5(id: string, size: number): Promise<string> {
    return this.hasher.digest(id, this.filePath(id), size);
  }

  /** Forgets an upload's hash state (finished, terminated, expired). */
  forget(id: string): void {
    this.hasher.forget(id);
  }

  /** Whether an upload's hash state is held in memory (tests, diagnostics). */
  hasState(id: string): boolean {
    return this.hasher.offsetOf(id) !== undefined;
  }

  override async remove(id: string): Promise<void> {
    this.forget(id);
    await super.remove(id);
  }

  /** Stops the hashing worker (app shutdown). */
  close(): Promise<void> {
    return this.hasher.close();
  }
}

/**
 * Pipes a stream into `file` through the MD5 worker (one-shot uploads); answers the MD5 and size.
 * `id` names the hash state while it runs.
 */
export async function hashInto(
  hasher: HashWorker,
  id: string,
  file: string,
  source: Readable,
  sink: NodeJS.WritableStream,
): Promise<{ md5: string; size: number }> {
  let size = 0;
  await hasher.begin(id, file, 0);
  try {
    await pipeline(
      source,
      hashingTransform(hasher, id, (n) => (size += n)),
      sink,
    );
  } catch (err) {
    hasher.forget(id);
    throw err;
  }
  return { md5: await hasher.digest(id, file, size), size };
}
