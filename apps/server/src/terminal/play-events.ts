import type { PlayEvent } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { jsonRows, Serial } from './sql.js';

/** Most events kept in memory between flushes; beyond it a flush starts at once. */
const FLUSH_AT = 5000;

/**
 * Proof of play: events from the channel are buffered and batch-inserted into
 * `terminal_play_events` (one statement per flush, whatever the number of terminals).
 */
export class PlayEventSink {
  private buffer: object[] = [];
  private readonly serial = new Serial();
  private timer: NodeJS.Timeout | null = null;
  private log: FastifyBaseLogger | null = null;

  constructor(private readonly db: Database) {}

  /** Starts flushing every two seconds. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.timer = setInterval(() => void this.flush().catch((err) => this.fail(err)), 2000).unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Buffers the events one terminal reported. */
  add(terminalId: number, events: readonly PlayEvent[]): void {
    for (const e of events) {
      this.buffer.push({
        terminal_id: terminalId,
        kind: e.kind,
        program_id: e.programId ?? null,
        scene_id: e.sceneId ?? null,
        message_id: e.messageId ?? null,
        started_at: e.startedAt,
        duration_ms: e.durationMs,
      });
    }
    if (this.buffer.length >= FLUSH_AT) void this.flush().catch((err) => this.fail(err));
  }

  /** Writes the buffered events (events of terminals removed meanwhile are dropped by the join). */
  flush(): Promise<void> {
    return this.serial.run(async () => {
      if (this.buffer.length === 0) return;
      const rows = this.buffer;
      this.buffer = [];
      await this.db.execute(sql`
        INSERT INTO terminal_play_events (terminal_id, kind, program_id, scene_id, message_id, started_at, duration_ms)
        SELECT v.terminal_id, v.kind, v.program_id, v.scene_id, v.message_id, v.started_at, v.duration_ms
        FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(terminal_id int, kind text, program_id int,
          scene_id text, message_id int, started_at timestamptz, duration_ms int)
        JOIN terminals t ON t.id = v.terminal_id`);
    });
  }

  private fail(err: unknown): void {
    this.log?.error({ err }, 'play events flush failed');
  }
}
