import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const EVIL = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
const OWN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
/** Requests with this header stop at the probe below, before any handler runs. */
const PROBE = 'x-route-probe';

/** Every (method, pattern) of the route table under /apm-web, from Fastify's own listing. */
function apiRoutes(table: string): { method: string; pattern: string }[] {
  const routes: { method: string; pattern: string }[] = [];
  for (const line of table.split('\n')) {
    const match = /── (\/apm-web\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    for (const method of match[2]!.split(', ')) routes.push({ method, pattern: match[1]! });
  }
  return routes;
}

/** A URL that matches a route pattern: every parameter becomes 1, a wildcard `x`. */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*$/, 'x');

describe('every writing API route refuses cross-site requests (route table walk)', () => {
  let t: TestApp;
  let cookie: string;
  /** The `audit` flag of each route the probe saw, by `METHOD pattern`. */
  const seen = new Map<string, boolean | undefined>();
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // Registered after the app's own hooks: a request reaches it only when the cross-site check let it through.
        extend: (app) =>
          app.addHook('onRequest', async (request, reply) => {
            if (request.headers[PROBE] === undefined) return;
            seen.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.config?.audit);
            return reply.code(204).send();
          }),
      },
    );
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('refuses every POST/PUT/PATCH/DELETE and every GET flagged as a write, except the device API', async () => {
    const routes = apiRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(100);
    const refused: string[] = [];
    const exempt: string[] = [];
    for (const { method, pattern } of routes) {
      const key = `${method} ${pattern}`;
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url: urlOf(pattern),
          headers: { cookie, [PROBE]: '1', ...headers },
        });
      const own = await send(OWN);
      expect(own.statusCode, `${key} from our own origin: ${own.body}`).toBe(204);
      expect(seen.has(key), key).toBe(true);
      const writes = WRITE_METHODS.includes(method) || seen.get(key) === true;
      const hostile = await send(EVIL);
      if (!writes) {
        expect(hostile.statusCode, `${key} is a read: not checked`).toBe(204);
      } else if (pattern.startsWith('/apm-web/terminal/')) {
        expect(hostile.statusCode, `${key} is the device API: exempt`).toBe(204);
        exempt.push(key);
      } else {
        expect(hostile.statusCode, `${key} writes: refused cross-site`).toBe(403);
        if (method !== 'HEAD') expect(hostile.json().jsonObject.reason, key).toBe('crossSite');
        refused.push(key);
      }
    }
    // The spec's writing GETs (and the HEADs Fastify adds for them) are among the refused.
    for (const path of ['user/updateDefDataRange', 'messageNotification/updateReadState']) {
      for (const method of ['GET', 'HEAD', 'POST'])
        expect(refused).toContain(`${method} /apm-web/a/api/${path}`);
    }
    expect(refused.length).toBeGreaterThan(80);
    expect(exempt).toContain('POST /apm-web/terminal/register');
  });

  it('refuses a flagged GET that carries neither header (a link in an old browser)', async () => {
    const flagged = [...seen].filter(([key, audit]) => audit === true && key.startsWith('GET '));
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    for (const [key] of flagged) {
      const res = await t.app.inject({ url: urlOf(key.slice(4)), headers: { cookie, [PROBE]: '1' } });
      expect(res.statusCode, key).toBe(403);
    }
  });
});
