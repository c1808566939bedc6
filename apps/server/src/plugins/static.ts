import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@apm/contract';
import { fail } from '../lib/envelope.js';

/** Where the built console and player are. */
export interface StaticOptions {
  webDir: string;
  playerDir: string;
}

/** Hashed build outputs: they never change under their name, so browsers keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (pages, the player's service worker, favicons) is revalidated on every use. */
export const REVALIDATE = 'no-cache';

/** Vite's file names under `assets/`: `<name>-<hash>.<ext>`, the hash 8 or more URL-safe characters. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+$/;
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** The Cache-Control of a file served from disk (its precompressed variant counts as the file). */
export function cacheControlOf(file: string): string {
  return HASHED_ASSET.test(file.replace(COMPRESSED_SUFFIX, '')) ? IMMUTABLE : REVALIDATE;
}

const setHeaders = (reply: FastifyReply, file: string) =>
  void reply.header('cache-control', cacheControlOf(file));

/**
 * The console at `/` with SPA fallback, and the player at `/player`, when they are built. Files are sent as their
 * build-time brotli or gzip variant when the browser accepts it (`Vary: Accept-Encoding`); hashed assets are
 * immutable for a year, pages and other files `no-cache`.
 */
export default fp(
  async function staticFiles(app: FastifyInstance, { webDir, playerDir }: StaticOptions) {
    const hasWeb = existsSync(path.join(webDir, 'index.html'));
    const hasPlayer = existsSync(path.join(playerDir, 'index.html'));
    const common = { preCompressed: true, cacheControl: false, index: 'index.html', setHeaders };
    if (hasWeb) await app.register(fastifyStatic, { ...common, root: webDir, prefix: '/', wildcard: false });
    if (hasPlayer)
      await app.register(fastifyStatic, {
        ...common,
        root: playerDir,
        prefix: '/player/',
        decorateReply: !hasWeb,
      });
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith(API_BASE);
      if (isPage && hasPlayer && (pathname === '/player' || pathname.startsWith('/player/'))) {
        return reply.sendFile('index.html', playerDir);
      }
      if (isPage && hasWeb && !path.extname(pathname)) return reply.sendFile('index.html', webDir);
      request.log.info({ url: request.url }, 'route not found');
      return reply.status(404).send(fail(404, `No such route: ${request.method} ${pathname}`));
    });
  },
  { name: 'apm-static' },
);
