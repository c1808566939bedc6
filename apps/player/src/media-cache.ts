import type { ManifestMaterial } from '@apm/contract';
import { DeviceApiError, type DeviceApi } from './device-api.js';
import { materialUrl } from './manifest-plan.js';

const CACHE_NAME = 'apm-player-media-v1';
const SIZE_HEADER = 'x-apm-size';
const keyOf = (id: number) => `${location.origin}/player/media/${id}`;

/** Download progress of one material. */
export interface MaterialProgress {
  materialId: number;
  received: number;
  total: number;
  error?: string;
}

/** Where material bytes live: Cache Storage (secure contexts), else memory (lost on reload). */
interface ByteStore {
  keys(): Promise<number[]>;
  get(id: number): Promise<Response | undefined>;
  put(id: number, response: Response): Promise<void>;
  delete(id: number): Promise<void>;
}

function cacheStore(): ByteStore {
  const open = () => caches.open(CACHE_NAME);
  return {
    async keys() {
      const requests = await (await open()).keys();
      return requests
        .map((r) => Number(/\/media\/(\d+)$/.exec(new URL(r.url).pathname)?.[1]))
        .filter((n) => n > 0);
    },
    async get(id) {
      return (await open()).match(keyOf(id));
    },
    async put(id, response) {
      await (await open()).put(keyOf(id), response);
    },
    async delete(id) {
      await (await open()).delete(keyOf(id));
    },
  };
}

function memoryStore(): ByteStore {
  const items = new Map<number, Response>();
  return {
    keys: async () => [...items.keys()],
    get: async (id) => items.get(id)?.clone(),
    put: async (id, response) => void items.set(id, response),
    delete: async (id) => void items.delete(id),
  };
}

/** Whether materials survive a reload here (Cache Storage needs a secure context). */
export const persistentMedia = typeof caches !== 'undefined';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The terminal's material cache: downloads (resuming with Range after a broken transfer),
 * keeps the bytes, and hands the renderer object URLs of them.
 */
export class MediaCache {
  private readonly store: ByteStore = persistentMedia ? cacheStore() : memoryStore();
  private readonly urls = new Map<number, string>();

  constructor(private readonly api: DeviceApi) {}

  /** Material id → stored size, for everything held. */
  async inventory(): Promise<Map<number, number>> {
    const sizes = new Map<number, number>();
    for (const id of await this.store.keys()) {
      const res = await this.store.get(id);
      if (res) sizes.set(id, Number(res.headers.get(SIZE_HEADER) ?? -1));
    }
    return sizes;
  }

  /** Fetches one material into the cache, reporting progress as bytes arrive. */
  async download(material: ManifestMaterial, onProgress: (p: MaterialProgress) => void): Promise<void> {
    const url = materialUrl(material);
    let chunks: Uint8Array[] = [];
    let received = 0;
    let etag: string | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.api.file(url, received, etag);
        if (received > 0 && res.status !== 206) {
          chunks = [];
          received = 0;
        }
        etag ??= res.headers.get('etag');
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.byteLength;
          onProgress({ materialId: material.id, received, total: material.size });
        }
        break;
      } catch (err) {
        const clientError = err instanceof DeviceApiError && err.status >= 400 && err.status < 500;
        if (clientError || attempt >= 5) throw err;
        await sleep(1000 * attempt);
      }
    }
    const blob = new Blob(chunks as BlobPart[], { type: material.mime });
    if (blob.size !== material.size) {
      throw new Error(`material ${material.id}: got ${blob.size} bytes, the manifest says ${material.size}`);
    }
    await this.store.put(
      material.id,
      new Response(blob, { headers: { 'content-type': material.mime, [SIZE_HEADER]: String(blob.size) } }),
    );
    this.forgetUrl(material.id);
  }

  /** Object URLs for the given materials (made once each); missing ones are left out. */
  async prepare(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      if (this.urls.has(id)) continue;
      const res = await this.store.get(id);
      if (res) this.urls.set(id, URL.createObjectURL(await res.blob()));
    }
  }

  /** The object URL of a cached material (after `prepare`), or undefined. */
  urlOf(id: number): string | undefined {
    return this.urls.get(id);
  }

  /** Drops the given materials (all when `ids` is undefined); answers how many were held. */
  async remove(ids?: readonly number[]): Promise<number> {
    const held = await this.store.keys();
    const targets = ids ? held.filter((id) => ids.includes(id)) : held;
    for (const id of targets) {
      await this.store.delete(id);
      this.forgetUrl(id);
    }
    return targets.length;
  }

  private forgetUrl(id: number): void {
    const url = this.urls.get(id);
    if (url) URL.revokeObjectURL(url);
    this.urls.delete(id);
  }
}
