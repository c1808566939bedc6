import { TerminalMessageSchemas, type PlayEvent } from '@apm/contract';
import { Value } from 'typebox/value';

/** Most events one `play` message carries (the contract's limit). */
export const PLAY_BATCH_MAX = 200;

const EVENT_SCHEMA = TerminalMessageSchemas.play.properties.events.items;
const MAX_DURATION_MS = 86_400_000;

/**
 * An event as the channel accepts it (whole milliseconds within a day, an ISO instant), or null
 * when it cannot be made valid: one bad event must not get the channel closed again and again.
 */
export function normalisePlayEvent(event: PlayEvent): PlayEvent | null {
  const started = Date.parse(event.startedAt);
  if (!Number.isFinite(started) || !Number.isFinite(event.durationMs)) return null;
  const normal: PlayEvent = {
    ...event,
    startedAt: new Date(started).toISOString(),
    durationMs: Math.min(MAX_DURATION_MS, Math.max(0, Math.round(event.durationMs))),
  };
  return Value.Check(EVENT_SCHEMA, normal) ? normal : null;
}

/**
 * Proof-of-play events waiting to be sent. Events pile up while the server is away and go out
 * in batches once it is back; past `capacity` the oldest are dropped so a terminal left offline
 * for weeks does not fill its storage.
 */
export class PlayEventQueue {
  private events: PlayEvent[];

  constructor(
    private readonly capacity = 20_000,
    initial: readonly PlayEvent[] = [],
  ) {
    this.events = initial.slice(-capacity);
  }

  /** Adds one event (dropping the oldest when full); answers false for an event that cannot be sent. */
  push(event: PlayEvent): boolean {
    const normal = normalisePlayEvent(event);
    if (!normal) return false;
    this.events.push(normal);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
    return true;
  }

  /** Removes and answers up to `max` of the oldest events. */
  take(max = PLAY_BATCH_MAX): PlayEvent[] {
    return this.events.splice(0, Math.min(max, PLAY_BATCH_MAX));
  }

  /** Puts a batch that could not be sent back in front, in its order. */
  putBack(batch: readonly PlayEvent[]): void {
    this.events.unshift(...batch);
    if (this.events.length > this.capacity) this.events.splice(this.capacity);
  }

  /** Events waiting. */
  get size(): number {
    return this.events.length;
  }

  /** A copy of what waits (to keep it across reloads). */
  snapshot(): PlayEvent[] {
    return this.events.slice();
  }
}
