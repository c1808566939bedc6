import type { PlayEvent, TerminalMessage } from '@apm/contract';
import {
  newEventId,
  normalisePlayEvent,
  PLAY_BATCH_MAX,
  PLAY_STORE_CAPACITY,
  type PlayStore,
  type StoredPlayEvent,
} from './play-events.js';

/** How often what waits is saved and sent. */
const FLUSH_MS = 10_000;
/** A batch sent and not acknowledged after this long is sent again (the server may have failed to store it). */
export const ACK_TIMEOUT_MS = 60_000;
/** Most batches in flight at once: a terminal back after days sends its backlog in steps, not in one burst. */
const BATCHES_PER_FLUSH = 10;

/** What {@link ProofOfPlay} is built from. */
export interface ProofOfPlayOptions {
  /** Sends on the channel; false when it is not open. */
  send: (message: TerminalMessage) => boolean;
  store: PlayStore;
  capacity?: number;
  now?: () => number;
}

/**
 * Proof of play, exactly once together with the server: each event gets an id and is kept (IndexedDB)
 * until a `playAck` names it. Events are sent in batches while the channel is open; those sent and not
 * acknowledged go again after a reconnect or after {@link ACK_TIMEOUT_MS}. The server drops the
 * duplicates that this may send and acknowledges them all the same.
 */
export class ProofOfPlay {
  private readonly send: ProofOfPlayOptions['send'];
  private readonly store: PlayStore;
  private readonly capacity: number;
  private readonly now: () => number;
  /** Events from the renderer not saved yet. */
  private fresh: StoredPlayEvent[] = [];
  /** Ids sent and not acknowledged, with when they were sent. */
  private readonly inFlight = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  /** Events dropped for want of room since start. */
  dropped = 0;

  constructor(options: ProofOfPlayOptions) {
    this.send = options.send;
    this.store = options.store;
    this.capacity = options.capacity ?? PLAY_STORE_CAPACITY;
    this.now = options.now ?? Date.now;
  }

  /** Starts the periodic flush, and saves what waits when the page goes away. */
  start(): void {
    setInterval(() => void this.flush(), FLUSH_MS);
    window.addEventListener('pagehide', () => void this.save());
  }

  /** One event from the renderer (one that the channel would refuse is dropped). */
  add(event: PlayEvent): void {
    const normal = normalisePlayEvent(event);
    if (normal) this.fresh.push({ ...normal, id: normal.id ?? newEventId() });
  }

  /**
   * The server stored these events: they are forgotten. With a backlog left (back from an outage) and
   * nothing in flight, the next batches go at once: catching up runs at the pace of the acknowledgements.
   */
  async acknowledged(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.inFlight.delete(id);
    await this.store.remove(ids);
    if (this.inFlight.size === 0 && (await this.store.count()) > 0) await this.flush();
  }

  /** The channel (re)opened: whatever was sent and not acknowledged goes again now. */
  reconnected(): Promise<void> {
    this.inFlight.clear();
    return this.flush();
  }

  /** Saves new events, then sends what waits as far as the channel takes it. */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /** Events kept (saved or not), acknowledged ones excluded. */
  async size(): Promise<number> {
    return (await this.store.count()) + this.fresh.length;
  }

  private async run(): Promise<void> {
    await this.save();
    const expired = this.now() - ACK_TIMEOUT_MS;
    for (const [id, sentAt] of this.inFlight) if (sentAt <= expired) this.inFlight.delete(id);
    for (let i = 0; i < BATCHES_PER_FLUSH; i++) {
      const batch = await this.store.oldest(PLAY_BATCH_MAX, this.inFlight);
      if (batch.length === 0 || !this.send({ type: 'play', events: batch })) return;
      const at = this.now();
      for (const e of batch) this.inFlight.set(e.id, at);
    }
  }

  private async save(): Promise<void> {
    if (this.fresh.length === 0) return;
    const events = this.fresh;
    this.fresh = [];
    try {
      await this.store.append(events);
      this.dropped += await this.store.trim(this.capacity);
    } catch {
      // Storage failed (full, private mode): keep them in memory and try again at the next flush.
      this.fresh = events.concat(this.fresh);
      if (this.fresh.length > this.capacity) {
        this.dropped += this.fresh.length - this.capacity;
        this.fresh.splice(0, this.fresh.length - this.capacity);
      }
    }
  }
}
