import type { Manifest, TerminalMessage } from '@apm/contract';
import type { DeviceApi } from './device-api.js';
import { manifestMaterials, planCache } from './manifest-plan.js';
import type { MaterialProgress, MediaCache } from './media-cache.js';
import { saveManifest } from './storage.js';

type ProgressMessage = Extract<TerminalMessage, { type: 'progress' }>;

/** What the synchroniser needs from the player. */
export interface SyncHost {
  api: DeviceApi;
  cache: MediaCache;
  /** Sends progress reports (dropped when the channel is closed). */
  report(message: ProgressMessage): void;
  /** A manifest whose materials are all in the cache (or failed for good) is ready to play. */
  ready(manifest: Manifest, materialsChanged: boolean): void;
  /** A new manifest was fetched (requested at `requestedAt`, local clock): its messages are the server's list. */
  fetched?(manifest: Manifest, requestedAt: number): void;
}

const PROGRESS_EVERY_MS = 1000;

/**
 * Keeps the cache equal to the manifest: fetches the manifest (If-None-Match), downloads what
 * is missing with progress reports, hands the manifest over to play once its materials are
 * in, then drops materials no longer needed. Runs one pass at a time; a request during a pass
 * runs one more pass after it.
 */
export class ManifestSync {
  private manifest: Manifest | null;
  private running: Promise<void> | null = null;
  private again: { force: boolean } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Materials of the manifest in the cache, of how many (for heartbeats). */
  downloads = { done: 0, total: 0 };

  constructor(
    private readonly host: SyncHost,
    initial: Manifest | null,
  ) {
    this.manifest = initial;
  }

  /** The manifest being played (the last one received). */
  get current(): Manifest | null {
    return this.manifest;
  }

  /** Fetches the manifest (whole when `force`) and brings the cache up to it. */
  sync(force = false): Promise<void> {
    if (this.running) {
      this.again = { force: force || (this.again?.force ?? false) };
      return this.running;
    }
    clearTimeout(this.retryTimer);
    this.running = this.pass(force).finally(() => {
      this.running = null;
      const again = this.again;
      this.again = null;
      if (again) void this.sync(again.force);
    });
    return this.running;
  }

  /** Forgets the manifest (clear programs, or the terminal was removed). */
  async forget(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.manifest = null;
    this.downloads = { done: 0, total: 0 };
    await saveManifest(null);
  }

  private async pass(force: boolean): Promise<void> {
    const requestedAt = Date.now();
    const fresh = await this.host.api.manifest(force ? null : (this.manifest?.version ?? null));
    if (fresh) {
      this.manifest = fresh;
      // Messages need no download: they are taken at once, not after the materials.
      this.host.fetched?.(fresh, requestedAt);
      await saveManifest(fresh);
    }
    const manifest = this.manifest;
    if (!manifest) return;
    const plan = planCache(manifest, await this.host.cache.inventory());
    const total = manifestMaterials(manifest).length;
    this.downloads = { done: total - plan.fetch.length, total };
    const failed = await this.download(plan.fetch);
    this.host.ready(manifest, plan.fetch.length > 0 || plan.drop.length > 0 || fresh !== null);
    if (plan.drop.length > 0) await this.host.cache.remove(plan.drop);
    // A material that failed is tried again later; meanwhile it streams from the server.
    if (failed > 0) this.retryTimer = setTimeout(() => void this.sync(), 60_000);
  }

  private async download(materials: Manifest['programs'][number]['materials']): Promise<number> {
    let failed = 0;
    let pending = new Map<number, MaterialProgress>();
    let lastSent = 0;
    const flush = (now: boolean) => {
      if (pending.size === 0 || (!now && Date.now() - lastSent < PROGRESS_EVERY_MS)) return;
      this.host.report({ type: 'progress', items: [...pending.values()].slice(0, 200) });
      pending = new Map();
      lastSent = Date.now();
    };
    for (const material of materials) {
      try {
        await this.host.cache.download(material, (p) => {
          pending.set(p.materialId, p);
          flush(false);
        });
        this.downloads = { ...this.downloads, done: this.downloads.done + 1 };
        pending.set(material.id, { materialId: material.id, received: material.size, total: material.size });
      } catch (err) {
        failed += 1;
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        pending.set(material.id, { materialId: material.id, received: 0, total: material.size, error });
      }
      flush(true);
    }
    return failed;
  }
}
