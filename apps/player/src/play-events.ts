import { PLAY_BATCH_MAX, PlayEventSchema, type PlayEvent } from '@apm/contract';
import { Value } from 'typebox/value';

export { PLAY_BATCH_MAX };

const MAX_DURATION_MS = 86_400_000;

/**
 * Events kept until the server acknowledges them: a week of a busy screen (a material, scene or
 * widget event every ~2.5 s, day and night) and more. Beyond it the oldest are dropped.
 */
export const PLAY_STORE_CAPACITY = 250_000;

/** An event with the id the server acknowledges it by. */
export type StoredPlayEvent = PlayEvent & { id: string };

/** A random event id: `crypto.randomUUID` in a secure context, 16 random bytes in hex otherwise. */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

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
  return Value.Check(PlayEventSchema, normal) ? normal : null;
}

/** Ids to leave out (a set, or the keys of a map). */
export type Skip = Pick<ReadonlySet<string>, 'has'>;

/** Where a terminal keeps its events until they are acknowledged, oldest first. */
export interface PlayStore {
  /** Keeps these events after the ones kept. */
  append(events: readonly StoredPlayEvent[]): Promise<void>;
  /** Up to `limit` of the oldest events whose ids are not in `skip`. */
  oldest(limit: number, skip: Skip): Promise<StoredPlayEvent[]>;
  /** Forgets these events (ids not kept are ignored). */
  remove(ids: readonly string[]): Promise<void>;
  /** How many events are kept. */
  count(): Promise<number>;
  /** Drops the oldest until at most `capacity` remain; answers how many went. */
  trim(capacity: number): Promise<number>;
}

/** A {@link PlayStore} in memory: where IndexedDB is not available, and in tests. */
export class MemoryPlayStore implements PlayStore {
  private readonly events = new Map<string, StoredPlayEvent>();

  append(events: readonly StoredPlayEvent[]): Promise<void> {
    for (const e of events) this.events.set(e.id, e);
    return Promise.resolve();
  }

  oldest(limit: number, skip: Skip): Promise<StoredPlayEvent[]> {
    const out: StoredPlayEvent[] = [];
    for (const e of this.events.values()) {
      if (out.length >= limit) break;
      if (!skip.has(e.id)) out.push(e);
    }
    return Promise.resolve(out);
  }

  remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.events.delete(id);
    return Promise.resolve();
  }

  count(): Promise<number> {
    return Promise.resolve(this.events.size);
  }

  trim(capacity: number): Promise<number> {
    let extra = this.events.size - capacity;
    const dropped = Math.max(0, extra);
    for (const id of this.events.keys()) {
      if (extra-- <= 0) break;
      this.events.delete(id);
    }
    return Promise.resolve(dropped);
  }
}
