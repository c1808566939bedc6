/**
 * The player's service worker: keeps the app shell (the page and its hashed assets) so that a
 * reload while the server is away still starts the player, which then plays from its own
 * caches. The page is fetched network-first (a new build wins when the server is up); the
 * hashed assets cache-first. Device calls and materials are never touched here.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = 'apm-player-shell-v1';
const scope = new URL(worker.registration.scope).pathname;
const assetsPath = `${scope}assets/`;

/** Fetches the page and every asset it names, and keeps exactly those. */
async function cacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const page = await fetch(scope, { cache: 'no-store' });
  if (!page.ok) throw new Error(`the player page answered ${page.status}`);
  const html = await page.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((m) => new URL(m[1]!, page.url).pathname)
    .filter((p) => p.startsWith(assetsPath));
  await cache.addAll(assets);
  // Chunks loaded on demand (e.g. hls.js for live streams) are named in the entry scripts;
  // a name that is not really a chunk just fails to be cached.
  for (const script of assets.filter((p) => p.endsWith('.js'))) {
    const code = await (await cache.match(script))!.text();
    for (const m of code.matchAll(/["'`](?:\.\/|\/?[\w/]*assets\/)([\w-]+(?:\.[\w-]+)*\.(?:js|css))["'`]/g)) {
      const chunk = `${assetsPath}${m[1]}`;
      if (assets.includes(chunk)) continue;
      assets.push(chunk);
      await cache.add(chunk).catch(() => undefined);
    }
  }
  await cache.put(scope, page);
  const keep = new Set([scope, ...assets]);
  for (const request of await cache.keys()) {
    if (!keep.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

async function pageNetworkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(scope, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(scope);
    if (cached) return cached;
    throw err;
  }
}

async function assetCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || !url.pathname.startsWith(scope.slice(0, -1))) return;
  if (url.pathname.startsWith(assetsPath)) event.respondWith(assetCacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(pageNetworkFirst(request));
});
