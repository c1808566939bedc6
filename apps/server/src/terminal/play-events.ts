import { createHash } from 'node:crypto';
import type { PlayEvent } from '@apm/contract';
import type { Database } from '../db/client.js';
import { AckedSink, type OnDurable, type WriteResult } from './acked-sink.js';
import { isMissingPartition, monthStart, PlayPartitions } from './play-partitions.js';
import { insertPlayRows, type PlayRow } from './play-rollup.js';

/** Events that started longer ago than this are refused (no partition is kept that long). */
export const PLAY_MAX_AGE_MS = 400 * 86_400_000;
/** Events that start further ahead than this (a terminal clock gone wrong) are refused. */
export const PLAY_MAX_AHEAD_MS = 86_400_000;

/**
 * The id of an event sent without one (older players): derived from what it is, so that the same event
 * sent again is the same row.
 */
export function derivedEventId(terminalId: number, e: PlayEvent, startedAt: Date): string {
  const subject = [e.programId, e.sceneId, e.messageId, e.materialId, e.widgetType, e.widgetId]
    .map((v) => v ?? '')
    .join('|');
  const hash = createHash('sha256')
    .update(`${terminalId}|${e.kind}|${subject}|${startedAt.toISOString()}`)
    .digest('base64url');
  return `d-${hash.slice(0, 40)}`;
}

/**
 * Proof of play, exactly once: events from the channel are buffered and written in one statement per
 * flush into the month partitions of `play_events`, duplicates (same terminal, id and start) skipped,
 * and the hourly roll-up `play_hourly` raised by the rows really inserted in the same statement. The
 * terminal gets `playAck` only after that committed, and keeps what is not acknowledged.
 */
export class PlayEventSink extends AckedSink<PlayRow> {
  protected readonly label = 'play events';
  readonly partitions: PlayPartitions;

  /**
   * @param retentionMonths Months of raw events kept (the retention setting): older events are refused, so
   *   that a terminal back after months does not bring back a partition the retention job dropped.
   */
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    private readonly retentionMonths?: () => Promise<number>,
  ) {
    super();
    this.partitions = new PlayPartitions(db);
  }

  /**
   * Buffers the events one terminal reported; `onDurable` gets the terminal's ids once they are stored.
   * Events too old or too far ahead are refused, and acknowledged all the same so that the terminal
   * drops them.
   */
  add(terminalId: number, events: readonly PlayEvent[], onDurable?: OnDurable): void {
    const now = this.now();
    const rows: PlayRow[] = [];
    const ackIds: string[] = [];
    let refused = 0;
    for (const e of events) {
      if (e.id !== undefined) ackIds.push(e.id);
      const startedAt = new Date(e.startedAt);
      const at = startedAt.getTime();
      if (!Number.isFinite(at) || at < now - PLAY_MAX_AGE_MS || at > now + PLAY_MAX_AHEAD_MS) {
        refused++;
        continue;
      }
      rows.push({
        terminal_id: terminalId,
        event_id: e.id ?? derivedEventId(terminalId, e, startedAt),
        kind: e.kind,
        program_id: e.programId ?? null,
        scene_id: e.sceneId ?? null,
        message_id: e.messageId ?? null,
        material_id: e.materialId ?? null,
        widget_type: e.widgetType ?? null,
        widget_id: e.widgetId ?? null,
        started_at: startedAt.toISOString(),
        duration_ms: e.durationMs,
      });
    }
    this.refuse(terminalId, refused, 'started more than 400 days ago or more than a day ahead');
    this.enqueue(rows, ackIds, onDurable, events.length);
  }

  protected async write(all: PlayRow[]): Promise<WriteResult> {
    const months = await this.retentionMonths?.();
    const oldestKept = months === undefined ? null : monthStart(new Date(this.now()), -months).toISOString();
    // ISO instants of one format (toISOString) compare as text.
    const rows = oldestKept === null ? all : all.filter((r) => r.started_at >= oldestKept);
    const refused = all.length - rows.length;
    this.refuse(null, refused, 'older than the retention of raw events');
    if (rows.length === 0) return { inserted: 0, refused };
    const starts = rows.map((r) => new Date(r.started_at));
    await this.partitions.ensure(starts);
    try {
      return { inserted: await insertPlayRows(this.db, rows), refused };
    } catch (err) {
      if (!isMissingPartition(err)) throw err;
      // A partition this instance knew was dropped meanwhile (retention on another instance): create again.
      this.partitions.forget();
      await this.partitions.ensure(starts);
      return { inserted: await insertPlayRows(this.db, rows), refused };
    }
  }
}
