import type { PlayEvent, TerminalMessage } from '@apm/contract';
import { PlayEventQueue } from './play-events.js';
import { loadPlayEvents, savePlayEvents } from './storage.js';

const FLUSH_MS = 10_000;

/**
 * Proof of play: the renderer's events are queued, kept in IndexedDB across reloads and sent
 * on the channel in batches every few seconds while it is open.
 */
export class ProofOfPlay {
  private queue = new PlayEventQueue();
  private dirty = false;

  constructor(private readonly send: (message: TerminalMessage) => boolean) {}

  /** Loads what a previous page left unsent and starts the periodic flush. */
  async start(): Promise<void> {
    const kept: PlayEvent[] = await loadPlayEvents().catch(() => []);
    for (const event of this.queue.snapshot()) kept.push(event);
    this.queue = new PlayEventQueue(undefined, kept);
    setInterval(() => void this.flush(), FLUSH_MS);
    window.addEventListener('pagehide', () => void this.persist());
  }

  /** One event from the renderer. */
  add(event: PlayEvent): void {
    if (this.queue.push(event)) this.dirty = true;
  }

  /** Sends what waits, as far as the channel takes it, and keeps the rest. */
  async flush(): Promise<void> {
    while (this.queue.size > 0) {
      const batch = this.queue.take();
      if (!this.send({ type: 'play', events: batch })) {
        this.queue.putBack(batch);
        break;
      }
      this.dirty = true;
    }
    await this.persist();
  }

  private async persist(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    await savePlayEvents(this.queue.snapshot()).catch(() => undefined);
  }
}
