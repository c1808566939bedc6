import { Worker } from 'node:worker_threads';

/** Bytes sent to the worker and not yet hashed before a stream waits (keeps memory flat). */
const HIGH_WATER = 16 * 1024 * 1024;
/** Bytes gathered per message to the worker (socket chunks are small; messages have a cost). */
const BATCH = 4 * 1024 * 1024;

// The worker keeps one MD5 state per upload; it runs as an eval'd script so that builds need no extra file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const states = new Map();
function prefix(file, length) {
  const hash = createHash('md5');
  if (length > 0) {
    const fd = fs.openSync(file, 'r');
    const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
    try {
      let pos = 0;
      while (pos < length) {
        const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - pos), pos);
        if (n <= 0) throw new Error('file shorter than ' + length + ' bytes');
        hash.update(buf.subarray(0, n));
        pos += n;
      }
    } finally {
      fs.closeSync(fd);
    }
  }
  return { hash, offset: length };
}
parentPort.on('message', (m) => {
  try {
    if (m.op === 'update') {
      const s = states.get(m.id);
      if (s) { s.hash.update(new Uint8Array(m.buf)); s.offset += m.buf.byteLength; }
      // The buffer goes back to the main thread for reuse: no garbage per megabyte.
      parentPort.postMessage({ seq: m.seq, result: m.buf.byteLength, buf: m.buf }, [m.buf]);
    } else if (m.op === 'reset') {
      states.set(m.id, prefix(m.file, m.offset));
      parentPort.postMessage({ seq: m.seq, result: m.offset });
    } else if (m.op === 'digest') {
      let s = states.get(m.id);
      states.delete(m.id);
      if (!s || s.offset !== m.size) s = prefix(m.file, m.size);
      parentPort.postMessage({ seq: m.seq, result: s.hash.digest('hex') });
    } else if (m.op === 'forget') {
      states.delete(m.id);
      parentPort.postMessage({ seq: m.seq, result: null });
    }
  } catch (err) {
    parentPort.postMessage({ seq: m.seq, error: String(err && err.message || err) });
  }
});
`;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/**
 * MD5 of uploads computed on a worker thread, so that hashing (slower than loopback I/O on one
 * core) overlaps with receiving and writing. The worker holds one hash state per upload id; the
 * main side mirrors each state's offset to know when a write starts where the state does not.
 */
export class HashWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly offsets = new Map<string, number>();
  private inFlight = 0;
  private drained: (() => void)[] = [];
  private readonly batches = new Map<string, { buf: Uint8Array; length: number }>();
  /** Batch buffers back from the worker, reused. */
  private readonly pool: Uint8Array[] = [];

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (m: { seq: number; result?: unknown; error?: string; buf?: ArrayBuffer }) => {
      if (m.buf?.byteLength === BATCH && this.pool.length < HIGH_WATER / BATCH + 2) {
        this.pool.push(new Uint8Array(m.buf));
      }
      const p = this.pending.get(m.seq);
      this.pending.delete(m.seq);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      this.worker = null;
      this.offsets.clear();
      this.failAll(new Error('hash worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.inFlight = 0;
    this.release();
  }

  private call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    const seq = ++this.seq;
    const promise = new Promise<T>((resolve, reject) =>
      this.pending.set(seq, { resolve: resolve as (v: unknown) => void, reject }),
    );
    this.ensure().postMessage({ ...message, seq }, transfer);
    return promise;
  }

  private release(): void {
    if (this.inFlight > HIGH_WATER) return;
    const waiting = this.drained;
    this.drained = [];
    for (const resume of waiting) resume();
  }

  /** Offset the hash state of `id` has reached (undefined when there is none). */
  offsetOf(id: string): number | undefined {
    return this.offsets.get(id);
  }

  /** Makes sure the state of `id` stands at `offset`, hashing that prefix of `file` when it does not. */
  async begin(id: string, file: string, offset: number): Promise<void> {
    if (this.offsets.get(id) === offset) return;
    this.batches.delete(id);
    this.offsets.set(id, offset);
    try {
      await this.call({ op: 'reset', id, file, offset });
    } catch (err) {
      this.offsets.delete(id);
      throw err;
    }
  }

  /**
   * Adds bytes to the state of `id`. Answers nothing when the worker keeps up, else a promise
   * resolved once it is no longer too far behind (no promise per chunk in the common case).
   */
  update(id: string, chunk: Uint8Array): Promise<void> | undefined {
    this.offsets.set(id, (this.offsets.get(id) ?? 0) + chunk.byteLength);
    let pos = 0;
    while (pos < chunk.byteLength) {
      let batch = this.batches.get(id);
      if (!batch)
        this.batches.set(id, (batch = { buf: this.pool.pop() ?? new Uint8Array(BATCH), length: 0 }));
      const n = Math.min(BATCH - batch.length, chunk.byteLength - pos);
      batch.buf.set(chunk.subarray(pos, pos + n), batch.length);
      batch.length += n;
      pos += n;
      if (batch.length === BATCH) this.flush(id);
    }
    if (this.inFlight <= HIGH_WATER) return undefined;
    return new Promise((resolve) => this.drained.push(resolve));
  }

  /** Sends the gathered bytes of `id` to the worker. */
  private flush(id: string): void {
    const batch = this.batches.get(id);
    this.batches.delete(id);
    if (!batch || batch.length === 0) return;
    const bytes = batch.length === BATCH ? batch.buf : batch.buf.slice(0, batch.length);
    this.inFlight += bytes.byteLength;
    void this.call<number>({ op: 'update', id, buf: bytes.buffer }, [bytes.buffer as ArrayBuffer]).then(
      (n) => {
        this.inFlight -= n;
        this.release();
      },
      () => undefined,
    );
  }

  /** Hex MD5 of the first `size` bytes of `file`: from the state of `id` when complete, else read. */
  digest(id: string, file: string, size: number): Promise<string> {
    this.flush(id);
    this.offsets.delete(id);
    return this.call<string>({ op: 'digest', id, file, size });
  }

  /** Drops the state of `id`. */
  forget(id: string): void {
    this.batches.delete(id);
    if (!this.offsets.delete(id) || !this.worker) return;
    void this.call({ op: 'forget', id }).catch(() => undefined);
  }

  /** Stops the worker (app shutdown). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
