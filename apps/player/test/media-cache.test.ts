import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ManifestMaterial } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceApi } from '../src/device-api.js';
import { MediaCache, type MaterialProgress } from '../src/media-cache.js';

// Node has no Cache Storage: the cache keeps bytes in memory here, with the same download path.
const BYTES = randomBytes(300_000);
const ETAG = '"v1"';

describe('MediaCache downloads (against a real HTTP server)', () => {
  let server: Server;
  let base: string;
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  let breakNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url!, headers: req.headers });
      if (req.url!.startsWith('/missing')) {
        res.writeHead(404).end('{"code":404,"msg":"not in the manifest","data":null}');
        return;
      }
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (range && req.headers['if-range'] === ETAG) {
        const from = Number(range[1]);
        res.writeHead(206, {
          etag: ETAG,
          'content-length': BYTES.length - from,
          'content-range': `bytes ${from}-${BYTES.length - 1}/${BYTES.length}`,
        });
        res.end(BYTES.subarray(from));
        return;
      }
      res.writeHead(200, { etag: ETAG, 'content-length': BYTES.length });
      if (breakNext) {
        // A transfer that breaks after a third of the bytes.
        breakNext = false;
        res.write(BYTES.subarray(0, 100_000), () => res.socket?.destroy());
        return;
      }
      res.end(BYTES);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const material = (id: number, path: string, size = BYTES.length): ManifestMaterial => ({
    id,
    kind: 'video',
    mime: 'video/mp4',
    url: `${base}${path}`,
    size,
    md5: '',
  });

  it('downloads a material with the device token and reports progress up to its size', async () => {
    const cache = new MediaCache(new DeviceApi(() => 'tok-123'));
    const progress: MaterialProgress[] = [];
    await cache.download(material(1, '/files/1'), (p) => progress.push(p));
    expect(seen.at(-1)!.headers.authorization).toBe('Device tok-123');
    expect(progress.at(-1)).toEqual({ materialId: 1, received: BYTES.length, total: BYTES.length });
    expect(progress.map((p) => p.received)).toEqual(
      [...progress.map((p) => p.received)].sort((a, b) => a - b),
    );
    expect(await cache.inventory()).toEqual(new Map([[1, BYTES.length]]));
    await cache.prepare([1]);
    const url = cache.urlOf(1)!;
    expect(url).toMatch(/^blob:/);
    const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(stored.equals(BYTES)).toBe(true);
  });

  it('resumes a broken transfer with Range and If-Range instead of starting over', async () => {
    const cache = new MediaCache(new DeviceApi(() => 'tok-123'));
    breakNext = true;
    const before = seen.length;
    await cache.download(material(2, '/files/2'), () => undefined);
    const requests = seen.slice(before);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers.range).toMatch(/^bytes=\d+-$/);
    expect(requests[1]!.headers['if-range']).toBe(ETAG);
    await cache.prepare([2]);
    const stored = Buffer.from(await (await fetch(cache.urlOf(2)!)).arrayBuffer());
    expect(stored.equals(BYTES)).toBe(true);
  }, 20_000);

  it('refuses bytes whose size is not the manifest’s, and keeps nothing', async () => {
    const cache = new MediaCache(new DeviceApi(() => 'tok-123'));
    await expect(cache.download(material(3, '/files/3', 12), () => undefined)).rejects.toThrow(
      /got 300000 bytes, the manifest says 12/,
    );
    expect((await cache.inventory()).has(3)).toBe(false);
  });

  it('gives up at once on a 4xx answer (no retries)', async () => {
    const cache = new MediaCache(new DeviceApi(() => 'tok-123'));
    const before = seen.length;
    await expect(cache.download(material(4, '/missing/4'), () => undefined)).rejects.toThrow(/404/);
    expect(seen.length - before).toBe(1);
  });

  it('removes the given materials, or all', async () => {
    const cache = new MediaCache(new DeviceApi(() => null));
    await cache.download(material(5, '/files/5'), () => undefined);
    await cache.download(material(6, '/files/6'), () => undefined);
    expect(await cache.remove([5, 99])).toBe(1);
    expect([...(await cache.inventory()).keys()]).toEqual([6]);
    expect(await cache.remove()).toBe(1);
    expect((await cache.inventory()).size).toBe(0);
  });
});
