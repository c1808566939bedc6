import type { HeadCountEvent } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { AckedSink, type OnDurable, type WriteResult } from './acked-sink.js';
import { PLAY_MAX_AGE_MS, PLAY_MAX_AHEAD_MS } from './play-events.js';
import { AUDIENCE_KIND, ROLLUP_COUNTS, rollupCtes } from './play-rollup.js';
import { jsonRows, queryRows } from './sql.js';

/** One audience count as the ingest writes it. */
interface HeadCountRow {
  terminal_id: number;
  event_id: string;
  started_at: string;
  period_seconds: number;
  count: number;
}

/**
 * Audience counts from terminals with a camera, exactly once like proof of play: buffered, written in
 * one statement per flush (duplicates skipped, the terminal's office as of ingest) together with their
 * roll-up rows (kind {@link AUDIENCE_KIND}), acknowledged with `headCountAck` after the commit. Counts
 * too old or too far ahead are refused and acknowledged.
 */
export class HeadCountSink extends AckedSink<HeadCountRow> {
  protected readonly label = 'head counts';

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** Buffers the counts one terminal reported; `onDurable` gets their ids once they are stored. */
  add(terminalId: number, events: readonly HeadCountEvent[], onDurable?: OnDurable): void {
    const now = this.now();
    const rows: HeadCountRow[] = [];
    for (const e of events) {
      const at = new Date(e.startedAt).getTime();
      if (!Number.isFinite(at) || at < now - PLAY_MAX_AGE_MS || at > now + PLAY_MAX_AHEAD_MS) continue;
      rows.push({
        terminal_id: terminalId,
        event_id: e.id,
        started_at: new Date(at).toISOString(),
        period_seconds: e.periodSeconds,
        count: e.count,
      });
    }
    this.refuse(
      terminalId,
      events.length - rows.length,
      'started more than 400 days ago or more than a day ahead',
    );
    this.enqueue(
      rows,
      events.map((e) => e.id),
      onDurable,
      events.length,
    );
  }

  protected async write(rows: HeadCountRow[]): Promise<WriteResult> {
    const [result] = await queryRows<{ inserted: number }>(
      this.db,
      sql`
      WITH ins AS (
        INSERT INTO head_counts (terminal_id, event_id, started_at, period_seconds, count, office_id)
        SELECT v.terminal_id, v.event_id, v.started_at, v.period_seconds, v.count, t.office_id
        FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(terminal_id int, event_id text, started_at timestamptz,
          period_seconds int, count int)
        LEFT JOIN terminals t ON t.id = v.terminal_id
        ON CONFLICT DO NOTHING
        RETURNING terminal_id, started_at, period_seconds, count, office_id
      ),
      hourly AS (
        SELECT date_trunc('hour', started_at, 'UTC') AS hour, terminal_id, max(coalesce(office_id, 0)) AS office_id,
          '${sql.raw(AUDIENCE_KIND)}' AS kind, 0 AS subject_id, '' AS subject_key, NULL::text AS subject_name,
          sum(count)::int AS plays, (sum(period_seconds) * 1000)::bigint AS duration_ms
        FROM ins GROUP BY 1, 2
      ),
      ${rollupCtes()}
      SELECT (SELECT count(*) FROM ins)::int AS inserted, (${ROLLUP_COUNTS})::int AS rolled`,
    );
    return { inserted: result?.inserted ?? 0 };
  }
}
