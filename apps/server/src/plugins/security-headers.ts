import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@apm/contract';

type Directives = Record<string, string[]>;

/** What every page may do: its own scripts only, no plugins, no foreign <base> or form targets. */
const PAGE_BASE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // antd's CSS-in-JS injects <style> elements, the player's page has an inline <style>, and the
  // renderer positions widgets with style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * Program content, shown by the player and by the console's previews (same renderer): materials and
 * brand images, operator-configured live streams (hls.js fetches them, plays through blob: URLs)
 * and web-page widgets framing any http(s) page.
 */
const CONTENT: Directives = {
  'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  'media-src': ["'self'", 'blob:', 'http:', 'https:'],
  // blob:/data: — the player reads cached media and its own screenshots back with fetch.
  'connect-src': ["'self'", 'blob:', 'data:', 'http:', 'https:'],
  'frame-src': ['http:', 'https:'],
};

/** Content-Security-Policy directives of the console (`/`), framed by nobody. */
export const CONSOLE_CSP: Directives = {
  ...PAGE_BASE,
  ...CONTENT,
  // The uploader hashes files with WebAssembly (hash-wasm in a worker); text is still never evaluated.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'frame-ancestors': ["'none'"],
};

/** The console's preview frame `/inframe`: the console may frame it, nobody else. */
export const INFRAME_CSP: Directives = { ...CONSOLE_CSP, 'frame-ancestors': ["'self'"] };

/** The player (`/player`): media, cached blobs, its service worker, live streams and web-page widgets. */
export const PLAYER_CSP: Directives = { ...PAGE_BASE, ...CONTENT, 'frame-ancestors': ["'none'"] };

/** Swagger UI (`/apm-web/docs`): its own scripts and styles, inline style attributes, data: icons. */
export const DOCS_CSP: Directives = {
  ...PAGE_BASE,
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** API answers are data, never documents to run or frame. */
export const API_CSP: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Which answer a request gets: CSP directives and the matching X-Frame-Options. */
export function policyFor(pathname: string): { csp: Directives; frame: 'deny' | 'sameorigin' } {
  if (pathname === `${API_BASE}/docs` || pathname.startsWith(`${API_BASE}/docs/`))
    return { csp: DOCS_CSP, frame: 'deny' };
  if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) return { csp: API_CSP, frame: 'deny' };
  if (pathname === '/player' || pathname.startsWith('/player/')) return { csp: PLAYER_CSP, frame: 'deny' };
  if (pathname === '/inframe' || pathname.startsWith('/inframe/'))
    return { csp: INFRAME_CSP, frame: 'sameorigin' };
  return { csp: CONSOLE_CSP, frame: 'deny' };
}

/** Helmet's options for a request path. */
function helmetOptions(request: FastifyRequest): FastifyHelmetOptions {
  const { csp, frame } = policyFor(request.url.split('?')[0]!);
  return {
    // Not helmet's defaults: they add upgrade-insecure-requests, which breaks plain-HTTP installs.
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    frameguard: { action: frame },
    referrerPolicy: { policy: 'same-origin' },
    // TLS ends at the operator's proxy, which decides about HSTS.
    strictTransportSecurity: false,
  };
}

/**
 * Security headers on every answer (API, console, player, docs, 404s) through `@fastify/helmet`:
 * a Content-Security-Policy per kind of page, `X-Content-Type-Options: nosniff`, framing refused
 * except `/inframe` by the console itself, `Referrer-Policy: same-origin`. Kept apart from static
 * file serving so that the two change independently.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    await app.register(helmet, { global: false });
    app.addHook('onRequest', async (request, reply) => {
      await reply.helmet(helmetOptions(request));
    });
  },
  { name: 'apm-security-headers' },
);
