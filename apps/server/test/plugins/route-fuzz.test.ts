import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';
import { desc } from 'drizzle-orm';
import { auditLogs } from '../../src/db/schema/index.js';
import { REQUESTED_WITH_HEADER } from '../../src/plugins/cross-site.js';
import { countRows } from '../helpers/rows.js';
import {
  brokenBodies,
  fieldsOf,
  INTEGER_SPELLINGS_REFUSED,
  junkValues,
  seededRandom,
  type RouteField,
} from './route-fuzz-cases.js';

/** A route as registered, with the parts of its schema the fuzz reads. */
interface FuzzRoute {
  method: string;
  url: string;
  schema: { querystring?: unknown; body?: unknown; params?: unknown };
}

const API = '/apm-web';

/** The URL of a route with each path parameter replaced (`:id` → `1`, or the value under test). */
function fillPath(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeLoosely(params[name] ?? '1'));
}

/** encodeURIComponent, except that a lone surrogate is sent as the invalid UTF-8 it would be on the wire. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

/** A query string with one value set (arrays repeat the key), for fields of the query part. */
function queryOf(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Walks the whole route table as the super administrator with malformed input — wrong types, ±1e308, NUL,
 * lone surrogates, deep JSON, non-canonical ids, broken multipart, wrong content types — and asserts that every
 * answer is a 4xx or a success, never a 5xx or a dropped connection. New routes are covered as they are added.
 */
describe('every route refuses malformed input with a 4xx', () => {
  let t: TestApp;
  let cookie: string;
  const routes: FuzzRoute[] = [];
  const failures: string[] = [];
  const signOuts: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {
        // The walk signs in again after each call that ends its session.
        APM_LOGIN_RATE_LIMIT: '100000',
        // Nothing listens there: the weather calls fail at once with their 503 (the service is unavailable).
        APM_WEATHER_GEOCODING_URL: 'http://127.0.0.1:9/geocoding',
        APM_WEATHER_FORECAST_URL: 'http://127.0.0.1:9/forecast',
      },
      {
        onRoute: (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) {
            if (method === 'HEAD' || !route.url.startsWith(API) || route.url.startsWith(`${API}/docs`))
              continue;
            routes.push({ method, url: route.url, schema: (route.schema ?? {}) as FuzzRoute['schema'] });
          }
        },
      },
    );
    await initSystem(t.app);
    // Nothing listens there either: the map's address suggestions fail at once with their 503.
    await t.app.services.settings.set('mapGeocoderUrl', 'http://127.0.0.1:9/search');
    cookie = await login(t.app);
  }, 120_000);
  afterAll(() => t?.close());

  /** Sends one request; records a 5xx or a dropped answer as a failure; signs in again after a sign-out. */
  async function send(label: string, options: InjectOptions): Promise<number> {
    let status: number;
    try {
      // As the console calls: its fetch marks every call, so writing GETs pass the cross-site check.
      const headers = { ...options.headers, cookie, [REQUESTED_WITH_HEADER]: 'fetch' };
      const res = await t.app.inject({ ...options, headers });
      status = res.statusCode;
      const reason = status === 503 ? res.json().jsonObject?.reason : null;
      const unavailable = reason === 'weatherUnavailable' || reason === 'mapUnavailable';
      if (status === 401 && res.json().msg === 'logout') signOuts.push(label);
      if (status >= 500 && !unavailable) failures.push(`${label}: ${status} ${res.body.slice(0, 200)}`);
      else if (res.headers['content-type']?.toString().includes('json')) res.json();
    } catch (err) {
      failures.push(`${label}: no answer (${(err as Error).message})`);
      return 0;
    }
    // Some calls end the session (sign-out, password change): the walk goes on signed in.
    if (status === 401 && signOuts.at(-1) === label) cookie = await login(t.app);
    return status;
  }

  it('walks the route table', () => {
    expect(routes.length).toBeGreaterThan(150);
  });

  it('answers malformed field values with a 4xx, never a 5xx', async () => {
    const random = seededRandom(20261125);
    for (const route of routes) {
      const fields = fieldsOf(route.schema);
      for (const field of fields) {
        for (const value of junkValues(field, random)) {
          const label = `${route.method} ${route.url} ${field.part}.${field.name}=${JSON.stringify(value).slice(0, 40)}`;
          await send(label, requestWith(route, field, value));
        }
      }
    }
    expect(failures).toEqual([]);
    console.log(`${signOuts.length} sign-outs:`, signOuts.slice(0, 20));
  }, 600_000);

  it('refuses non-canonical integers for every integer field with a 400 naming it', async () => {
    const lenient: string[] = [];
    for (const route of routes) {
      for (const field of fieldsOf(route.schema).filter((f) => f.integer)) {
        for (const value of INTEGER_SPELLINGS_REFUSED) {
          const status = await send(`${route.method} ${route.url}`, requestWith(route, field, value));
          // A path parameter of 400 digits is refused by the router (414), and a rate-limited route (429)
          // refuses before it reads its input: neither acts on the value.
          if (status !== 400 && status !== 414 && status !== 429)
            lenient.push(
              `${route.method} ${route.url} ${field.part}.${field.name}=${JSON.stringify(value)}: ${status}`,
            );
        }
      }
    }
    expect(lenient).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers broken bodies and content types with a 4xx, never a 5xx', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
      for (const broken of brokenBodies()) {
        await send(`${route.method} ${route.url} ${broken.label}`, {
          method: route.method as InjectOptions['method'],
          url: fillPath(route.url),
          headers: broken.headers,
          payload: broken.payload,
        });
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers a NUL or a lone surrogate in any query string with a 400', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const status = await send(`${route.method} ${route.url} ?x=%00`, {
        method: 'GET',
        url: `${fillPath(route.url)}?keyword=a%00b&name=a%00b`,
      });
      expect.soft(status, `${route.url}`).toBeGreaterThanOrEqual(400);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('records refused writes in the audit log, however malformed', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const cases: InjectOptions[] = [
      { method: 'POST', url: `${API}/a/api/user/saveUserInfo`, payload: { name: 'a\u0000b', ignored: 'x' } },
      { method: 'POST', url: `${API}/a/api/user/saveUserInfo`, payload: { name: 'ok', extra: '\ud800' } },
      {
        method: 'POST',
        url: `${API}/a/api/user/saveUserInfo`,
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"ok","extra":${deep}}`,
      },
    ];
    await t.app.services.audit.flush();
    const before = await countRows(t.db, auditLogs);
    for (const request of cases) expect(await send(String(request.url), request)).toBe(400);
    await t.app.services.audit.flush();
    expect((await countRows(t.db, auditLogs)) - before).toBe(cases.length);
    const rows = await t.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(cases.length);
    expect(rows.map((row) => [row.path, row.status])).toEqual(
      cases.map(() => [`${API}/a/api/user/saveUserInfo`, 400]),
    );
  });
});

/** A request to `route` with `field` set to `value` and every other part as the route may expect it. */
function requestWith(route: FuzzRoute, field: RouteField, value: unknown): InjectOptions {
  const method = route.method as InjectOptions['method'];
  if (field.part === 'params') return { method, url: fillPath(route.url, { [field.name]: String(value) }) };
  if (field.part === 'querystring')
    return { method, url: `${fillPath(route.url)}${queryOf({ [field.name]: value })}` };
  return { method, url: fillPath(route.url), payload: { [field.name]: value } as Record<string, unknown> };
}
