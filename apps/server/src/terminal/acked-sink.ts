import type { FastifyBaseLogger } from 'fastify';
import { Serial } from './sql.js';

/** Called once the events of one message are durable: the ids to acknowledge to the terminal. */
export type OnDurable = (ids: string[]) => void;

interface Pending<Row> {
  rows: Row[];
  ackIds: string[];
  onDurable?: OnDurable;
}

/** What a flush reports: rows really stored, and rows refused at write time (the others were there already). */
export interface WriteResult {
  inserted: number;
  refused?: number;
}

/**
 * Events the terminals report, buffered and written in one statement per flush whatever the number of
 * terminals; each message's ids are acknowledged only after the flush holding them committed. A flush
 * that fails acknowledges nothing: the terminals keep those events and send them again.
 */
export abstract class AckedSink<Row> {
  private buffer: Pending<Row>[] = [];
  private buffered = 0;
  private readonly serial = new Serial();
  private timer: NodeJS.Timeout | null = null;
  protected log: FastifyBaseLogger | null = null;
  /** Running counts of events since start (for tests and benchmarks; refusals are also logged). */
  readonly counts = { received: 0, inserted: 0, duplicates: 0, refused: 0, failed: 0 };

  /**
   * @param flushAt Most rows kept in memory between flushes; beyond it a flush starts at once.
   * @param intervalMs How often the buffer is written.
   */
  constructor(
    private readonly flushAt = 5000,
    private readonly intervalMs = 2000,
  ) {}

  /** Starts flushing on the interval. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.intervalMs).unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /**
   * Buffers the rows of one message of `received` events; `ackIds` are acknowledged through `onDurable`
   * once they are stored.
   */
  protected enqueue(rows: Row[], ackIds: string[], onDurable: OnDurable | undefined, received: number): void {
    this.counts.received += received;
    if (rows.length === 0) {
      // Nothing to store (all refused): acknowledge at once so that the terminal forgets them.
      if (ackIds.length > 0) queueMicrotask(() => onDurable?.(ackIds));
      return;
    }
    this.buffer.push({ rows, ackIds, onDurable });
    this.buffered += rows.length;
    if (this.buffered >= this.flushAt) void this.flush().catch(() => undefined);
  }

  /** Writes everything buffered before the call; resolves once it is committed (or failed and logged). */
  flush(): Promise<void> {
    return this.serial.run(async () => {
      if (this.buffer.length === 0) return;
      const pending = this.buffer;
      this.buffer = [];
      this.buffered = 0;
      const rows = pending.flatMap((p) => p.rows);
      let result: WriteResult;
      try {
        result = await this.write(rows);
      } catch (err) {
        this.counts.failed += rows.length;
        this.log?.error(
          { err, rows: rows.length },
          `${this.label} flush failed; terminals will send them again`,
        );
        return;
      }
      this.counts.inserted += result.inserted;
      this.counts.duplicates += rows.length - result.inserted - (result.refused ?? 0);
      for (const p of pending) if (p.ackIds.length > 0) p.onDurable?.(p.ackIds);
    });
  }

  /** Counts refused events and says why (once per message or flush, not per event). */
  protected refuse(terminalId: number | null, count: number, why: string): void {
    if (count === 0) return;
    this.counts.refused += count;
    this.log?.warn({ terminalId, count }, `${this.label} refused: ${why}`);
  }

  /** What the logs call these events. */
  protected abstract readonly label: string;

  /** Stores the rows in one transaction (duplicates skipped); answers how many were new. */
  protected abstract write(rows: Row[]): Promise<WriteResult>;
}
