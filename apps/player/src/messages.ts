import { API_BASE, type PlayEvent, type TerminalMessagePayload } from '@apm/contract';
import { mountMessageLayer, type MessageLayer, type MessageLayerMemory } from '@apm/renderer';

/** Where held messages are kept across reloads (IndexedDB in the player). */
export interface MessageStore {
  load(): Promise<TerminalMessagePayload[]>;
  save(messages: readonly TerminalMessagePayload[]): Promise<void>;
  /** What the layer remembered of its showings (one cut by a reload goes on, one ended stays ended). */
  loadMemory(): Promise<MessageLayerMemory | null>;
  saveMemory(memory: MessageLayerMemory): Promise<void>;
}

/** What the message desk needs from the player. */
export interface MessageDeskHost {
  /** The layer's element, above the program's stage. */
  container: HTMLElement;
  store: MessageStore;
  /** A notice image's URL (its cached copy, or the server's with the token), or null. */
  resolveImageUrl(payload: TerminalMessagePayload): string | null;
  /** Plays a takeover's program in `container` through the program playback; null when not held. */
  playProgram(container: HTMLElement, programId: number): (() => void) | null;
  /** Proof of play: one event per showing, when it ends. */
  onPlayEvent(event: PlayEvent): void;
  /** The messages on screen changed. */
  onShowingChange(showing: number[]): void;
  /** The messages held changed (their images are kept for offline showing). */
  onHeld?(messages: TerminalMessagePayload[]): void;
  /** The clock (epoch ms); default `Date.now`. */
  now?: () => number;
}

/** How long a stop is remembered against a manifest fetched before it (ms). */
const STOP_MEMORY_MS = 10 * 60_000;

interface Held {
  payload: TerminalMessagePayload;
  /** When this terminal received this revision (local clock). */
  receivedAt: number;
}

/**
 * The messages a terminal holds, shown by the renderer's message layer above the program (which
 * it never touches): `showMessage` holds one (a higher revision replaces the one held), `stopMessage`
 * forgets it and ends it now, `playMessage` shows one now; a fetched manifest's `messages` is the
 * server's list, so one held but absent from it was stopped while the terminal was away. What is
 * held is kept in the store, so after a reload without the server the messages still show and end
 * on time.
 */
export class MessageDesk {
  private held = new Map<number, Held>();
  /** Message id → when it was stopped here (a manifest fetched before then may still list it). */
  private stopped = new Map<number, number>();
  private layer: MessageLayer | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** Message id of a takeover showing its text because its program was not held when it was drawn. */
  private programMissing: number | null = null;
  /** What the previous page's layer remembered, until the first layer is mounted with it. */
  private memory: MessageLayerMemory | undefined;

  constructor(
    private readonly host: MessageDeskHost,
    private zone: string,
  ) {}

  private now(): number {
    return this.host.now?.() ?? Date.now();
  }

  /** Loads what a previous page held and shows it. */
  async start(): Promise<void> {
    const kept = await this.host.store.load().catch((err: unknown) => {
      console.warn('held messages not loaded', err);
      return [] as TerminalMessagePayload[];
    });
    this.memory = (await this.host.store.loadMemory().catch(() => null)) ?? undefined;
    const at = this.now();
    for (const payload of kept) {
      if (!this.held.has(payload.id) && !expired(payload, at))
        this.held.set(payload.id, { payload, receivedAt: at });
    }
    this.mount();
    this.host.onHeld?.(this.messages());
  }

  /** The terminal's time zone (the manifest's): the layer is mounted again only when it changes. */
  setTimeZone(zone: string): void {
    if (zone === this.zone) return;
    this.zone = zone;
    if (this.layer) this.mount();
  }

  /** Holds a message (a lower revision than the one held is ignored); answers whether it shows now. */
  show(payload: TerminalMessagePayload): boolean {
    const current = this.held.get(payload.id);
    if (!current || current.payload.revision < payload.revision) {
      this.held.set(payload.id, { payload, receivedAt: this.now() });
      this.stopped.delete(payload.id);
      this.changed();
    }
    return this.showing().includes(payload.id);
  }

  /** Forgets a message and ends it now; answers whether it was held. */
  stop(messageId: number): boolean {
    this.stopped.set(messageId, this.now());
    const had = this.held.delete(messageId);
    if (had) this.changed();
    return had;
  }

  /** Shows a held message now for one showing, regardless of its schedule; false when not held. */
  playNow(messageId: number): boolean {
    return this.held.has(messageId) && (this.layer?.playNow(messageId) ?? false);
  }

  /**
   * Takes a fetched manifest's messages (requested at `requestedAt`, local clock) as the server's
   * list: a held message absent from it is forgotten, unless it arrived after the request; the
   * higher revision of each wins; one stopped here after the request stays stopped.
   */
  reconcile(messages: readonly TerminalMessagePayload[], requestedAt: number): void {
    const at = this.now();
    const next = new Map<number, Held>();
    for (const payload of messages) {
      const stoppedAt = this.stopped.get(payload.id);
      if (stoppedAt !== undefined && stoppedAt >= requestedAt) continue;
      const current = this.held.get(payload.id);
      next.set(
        payload.id,
        current && current.payload.revision >= payload.revision ? current : { payload, receivedAt: at },
      );
    }
    for (const [id, held] of this.held) {
      if (!next.has(id) && held.receivedAt >= requestedAt) next.set(id, held);
    }
    for (const [id, stoppedAt] of this.stopped) if (at - stoppedAt > STOP_MEMORY_MS) this.stopped.delete(id);
    this.held = next;
    this.changed();
  }

  /** Forgets every message (the terminal was removed). */
  clear(): void {
    this.held.clear();
    this.stopped.clear();
    this.changed();
  }

  /** The messages held, by id. */
  messages(): TerminalMessagePayload[] {
    return [...this.held.values()].map((h) => h.payload).sort((a, b) => a.id - b.id);
  }

  /** Ids of the messages on screen now. */
  showing(): number[] {
    return this.layer?.showing() ?? [];
  }

  /** The takeover on screen, if one is. */
  takeover(): TerminalMessagePayload | null {
    for (const id of this.showing()) {
      const payload = this.held.get(id)?.payload;
      if (payload?.document.kind === 'takeover') return payload;
    }
    return null;
  }

  /** The manifest's programs changed: a takeover showing its text for want of its program plays it now. */
  programsChanged(): void {
    const id = this.programMissing;
    if (id === null || !this.showing().includes(id)) return;
    this.layer?.redraw(id);
  }

  /** Resolves once what is held now is in the store. */
  saved(): Promise<void> {
    return this.saving;
  }

  private mount(): void {
    const memory = this.layer?.memory() ?? this.memory;
    this.layer?.destroy();
    this.memory = undefined;
    this.layer = mountMessageLayer(this.host.container, {
      timeZone: this.zone,
      memory,
      now: this.host.now,
      resolveImageUrl: (payload) => this.host.resolveImageUrl(payload),
      playProgram: (container, programId) => {
        const stop = this.host.playProgram(container, programId);
        const takeover = this.messages().find((m) => m.document.takeover?.programId === programId);
        this.programMissing = stop ? null : (takeover?.id ?? null);
        return stop;
      },
      onShowingChange: (ids) => {
        this.keepMemory();
        this.host.onShowingChange(ids);
      },
      onShowingEnd: ({ messageId, startedAt, durationMs }) =>
        this.host.onPlayEvent({
          kind: 'message',
          messageId,
          startedAt: new Date(startedAt).toISOString(),
          durationMs,
        }),
    });
    this.layer.set(this.messages());
  }

  /** Keeps what the layer remembers of its showings (a showing started or ended). */
  private keepMemory(): void {
    const layer = this.layer;
    if (!layer) return;
    this.saving = this.saving
      .then(() => this.host.store.saveMemory(layer.memory()))
      .catch((err: unknown) => console.warn('message showings not saved', err));
  }

  /** Shows what is held now and keeps it (messages past their end are dropped: they never show again). */
  private changed(): void {
    const at = this.now();
    for (const [id, { payload }] of this.held) if (expired(payload, at)) this.held.delete(id);
    const list = this.messages();
    this.layer?.set(list);
    this.host.onHeld?.(list);
    this.saving = this.saving
      .then(() => this.host.store.save(list))
      .catch((err: unknown) => console.warn('held messages not saved', err));
  }
}

/** Past its `validUntil`: it can never show again. */
function expired(payload: TerminalMessagePayload, at: number): boolean {
  const until = payload.document.validUntil ? Date.parse(payload.document.validUntil) : NaN;
  return until <= at;
}

/**
 * A notice image's URL: the cached copy when the cache holds the material, else the payload's
 * download URL (made absolute under the API base) with the device token, as materials stream.
 */
export function messageImageUrl(
  payload: TerminalMessagePayload,
  cachedUrl: (materialId: number) => string | undefined,
  token: string | null,
): string | null {
  const materialId = payload.document.notice?.imageMaterialId;
  if (!materialId) return null;
  const cached = cachedUrl(materialId);
  if (cached) return cached;
  const url = payload.imageUrl;
  if (!url) return null;
  const absolute =
    /^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`)
      ? url
      : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!token || /[?&]token=/.test(absolute)) return absolute;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
