import type { TerminalMessagePayload } from '@apm/contract';

const CACHE_NAME = 'apm-player-message-images-v1';
const keyOf = (id: number) => `${location.origin}/player/message-image/${id}`;

/** Where image bytes live: Cache Storage (secure contexts), else memory (lost on reload). */
interface ImageStore {
  keys(): Promise<number[]>;
  get(id: number): Promise<Response | undefined>;
  put(id: number, response: Response): Promise<void>;
  delete(id: number): Promise<void>;
}

function cacheStore(): ImageStore {
  const open = () => caches.open(CACHE_NAME);
  return {
    async keys() {
      const requests = await (await open()).keys();
      return requests
        .map((r) => Number(/\/message-image\/(\d+)$/.exec(new URL(r.url).pathname)?.[1]))
        .filter((n) => n > 0);
    },
    get: async (id) => (await open()).match(keyOf(id)),
    put: async (id, response) => (await open()).put(keyOf(id), response),
    delete: async (id) => void (await (await open()).delete(keyOf(id))),
  };
}

function memoryStore(): ImageStore {
  const items = new Map<number, Response>();
  return {
    keys: async () => [...items.keys()],
    get: async (id) => items.get(id)?.clone(),
    put: async (id, response) => void items.set(id, response),
    delete: async (id) => void items.delete(id),
  };
}

/** The image material and download URL of a notice, or null. */
function imageOf(payload: TerminalMessagePayload): { id: number; url: string } | null {
  const id = payload.document.kind === 'notice' ? payload.document.notice?.imageMaterialId : null;
  return id && payload.imageUrl ? { id, url: payload.imageUrl } : null;
}

/**
 * The notices' images, kept so that a notice shows its image offline too (after a reload): the
 * images of the messages held are downloaded when they arrive and dropped when no message needs
 * them. Notices are small and few: whole downloads, no resuming.
 */
export class MessageImages {
  private readonly urls = new Map<number, string>();
  private running: Promise<void> = Promise.resolve();

  constructor(
    /** Downloads an image (the device API, token in the header); throws on failure. */
    private readonly download: (url: string) => Promise<Response>,
    private readonly store: ImageStore = typeof caches !== 'undefined' ? cacheStore() : memoryStore(),
  ) {}

  /** Makes object URLs of what is stored (before the messages show after a reload). */
  async prepare(): Promise<void> {
    for (const id of await this.store.keys().catch(() => [])) await this.makeUrl(id);
  }

  /** The object URL of a stored image, or undefined. */
  urlOf(materialId: number): string | undefined {
    return this.urls.get(materialId);
  }

  /** Keeps exactly the images of these messages (one pass at a time); a failed download is tried at the next. */
  sync(messages: readonly TerminalMessagePayload[]): Promise<void> {
    const wanted = new Map<number, string>();
    for (const payload of messages) {
      const image = imageOf(payload);
      if (image) wanted.set(image.id, image.url);
    }
    this.running = this.running.then(() => this.pass(wanted)).catch(() => undefined);
    return this.running;
  }

  private async pass(wanted: ReadonlyMap<number, string>): Promise<void> {
    const stored = new Set(await this.store.keys());
    for (const id of stored) {
      if (wanted.has(id)) continue;
      await this.store.delete(id);
      const url = this.urls.get(id);
      if (url) URL.revokeObjectURL(url);
      this.urls.delete(id);
    }
    for (const [id, url] of wanted) {
      if (stored.has(id)) continue;
      try {
        const res = await this.download(url);
        const blob = await res.blob();
        await this.store.put(id, new Response(blob, { headers: { 'content-type': blob.type } }));
        await this.makeUrl(id);
      } catch (err) {
        // Online the notice streams its image meanwhile; the next change tries again.
        console.warn(`message image ${id} not kept`, err);
      }
    }
  }

  private async makeUrl(id: number): Promise<void> {
    if (this.urls.has(id)) return;
    const res = await this.store.get(id);
    if (res) this.urls.set(id, URL.createObjectURL(await res.blob()));
  }
}
