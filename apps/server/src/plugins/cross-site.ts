import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, TERMINAL_BASE } from '@apm/contract';
import { forbidden } from '../lib/errors.js';
import { WRITE_METHODS } from './audit.js';

/** The header a script sets to prove a writing GET is not a navigation (other sites cannot set it: no CORS). */
export const REQUESTED_WITH_HEADER = 'x-requested-with';

/**
 * How a request is checked: `write` (POST/PUT/PATCH/DELETE) is refused when the browser says it
 * comes from another site; `writingGet` (a GET/HEAD route flagged `audit: true`, the spec's writing
 * GETs) must also prove it comes from our own pages, since an old browser's cross-site link carries
 * neither `Origin` nor `Sec-Fetch-Site`; `read` and `exempt` are not checked.
 */
export type CrossSiteKind = 'write' | 'writingGet' | 'read' | 'exempt';

/**
 * The device API authenticates by device token, never by the session cookie, and devices are no
 * browsers of ours: exempt. A signed webhook, when one is added, belongs here too.
 */
export function isCrossSiteExempt(routeUrl: string): boolean {
  return routeUrl.startsWith(`${API_BASE}${TERMINAL_BASE}/`);
}

/** The kind of check a request gets, from its method, its route's pattern and the route's `audit` flag. */
export function crossSiteKind(method: string, routeUrl: string, audit: boolean | undefined): CrossSiteKind {
  if (!routeUrl.startsWith(`${API_BASE}/`)) return 'read';
  if (isCrossSiteExempt(routeUrl)) return 'exempt';
  if (WRITE_METHODS.has(method)) return 'write';
  return audit === true ? 'writingGet' : 'read';
}

/** Whether an `Origin` header names the host the request was sent to (default ports folded). */
export function originMatchesHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    // An opaque origin ("null": sandboxed frame, data: URL) is never one of our pages.
    if (from.origin === 'null') return false;
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** What the check reads from a request. */
export interface CrossSiteHeaders {
  secFetchSite?: string;
  origin?: string;
  requestedWith?: boolean;
}

/**
 * Why a state-changing request is refused, or null when it may proceed: the browser says it is
 * cross-site (`Sec-Fetch-Site`), or same-site without our own `Origin`, or its `Origin` is another
 * host. Clients that send neither header (curl, API clients) pass, except on a writing GET, which
 * needs `Sec-Fetch-Site: same-origin` or the `X-Requested-With` header.
 */
export function crossSiteRefusal(
  kind: CrossSiteKind,
  headers: CrossSiteHeaders,
  host: string,
): string | null {
  if (kind === 'read' || kind === 'exempt') return null;
  const { secFetchSite, origin } = headers;
  const ownOrigin = origin !== undefined && originMatchesHost(origin, host);
  if (secFetchSite === 'cross-site') return 'the request comes from another site';
  if (origin !== undefined && !ownOrigin)
    return `the request comes from another origin (${origin.slice(0, 100)})`;
  if (secFetchSite === 'same-site' && !ownOrigin) return 'the request comes from another site';
  if (kind === 'writingGet' && secFetchSite !== 'same-origin' && !headers.requestedWith) {
    return 'this GET changes data: send it from the console (or use POST)';
  }
  return null;
}

/** The one value of a header that may have been sent twice (the first one counts). */
const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The check's input from a request: the route's pattern when it matched one, else the path. */
function checkOf(request: FastifyRequest): { kind: CrossSiteKind; headers: CrossSiteHeaders } {
  const routeUrl = request.routeOptions.url ?? request.url.split('?')[0]!;
  const kind = crossSiteKind(request.method, routeUrl, request.routeOptions.config?.audit);
  const headers = {
    secFetchSite: single(request.headers['sec-fetch-site'])?.toLowerCase(),
    origin: single(request.headers.origin),
    requestedWith: request.headers[REQUESTED_WITH_HEADER] !== undefined,
  };
  return { kind, headers };
}

/**
 * CSRF defence in depth behind the `SameSite=Lax` session cookie (OWASP): every state-changing API
 * request whose `Origin`/`Sec-Fetch-Site` say another site sent it is refused with 403 `crossSite`
 * before anything runs. Which requests write is decided by the same method set and `audit` flag the
 * audit log records by, so no GET route is audited as a write without being checked. Registered
 * after auth so that the audit record of a refusal names the caller.
 */
export default fp(
  async function crossSite(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      const { kind, headers } = checkOf(request);
      const refusal = crossSiteRefusal(kind, headers, request.host);
      if (!refusal) return;
      request.log.warn(
        { origin: headers.origin, secFetchSite: headers.secFetchSite },
        'cross-site write refused',
      );
      throw forbidden(`Request denied: ${refusal}`, 'crossSite');
    });
  },
  { name: 'apm-cross-site', dependencies: ['apm-auth'] },
);
