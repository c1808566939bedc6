import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MapSuggestionService,
  suggestionsOf,
} from '../../../src/modules/terminal-map/map-suggestion-service.js';
import { firstLanguage } from '../../../src/modules/terminal-map/suggestion-routes.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';

type Mode = 'ok' | 'garbage' | 'error' | 'slow';

/** A stand-in for a Nominatim search endpoint, counting the calls it answers. */
function nominatimStandIn() {
  const calls: URL[] = [];
  let mode: Mode = 'ok';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    calls.push(url);
    if (mode === 'slow') return; // never answers
    if (mode === 'error') {
      res.writeHead(502).end('bad gateway');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (mode === 'garbage') return res.end('{"unexpected": true}');
    const q = url.searchParams.get('q') ?? '';
    res.end(
      JSON.stringify(
        q.toLowerCase().startsWith('piazza')
          ? [
              { display_name: 'Piazza del Duomo, Milano, Italia', lat: '45.4641', lon: '9.1919' },
              { display_name: 'Broken', lat: 'north', lon: '9' },
            ]
          : [],
      ),
    );
  });
  return {
    calls,
    server,
    setMode: (m: Mode) => (mode = m),
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
  };
}

describe('map suggestion service: address search through a configurable Nominatim-compatible geocoder', () => {
  const standIn = nominatimStandIn();
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    const base = await standIn.listen();
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/sysSetting/save',
      headers: { cookie },
      payload: { key: 'mapGeocoderUrl', value: `${base}/search` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    standIn.server.closeAllConnections();
    standIn.server.close();
  });

  const suggest = (q: string, headers: Record<string, string> = {}, more = '') =>
    t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/common/mapSuggestion?q=${encodeURIComponent(q)}${more}`,
      headers: { cookie, ...headers },
    });

  it('answers labelled positions, asking in the console’s language, and caches repeats', async () => {
    const res = await suggest('Piazza del Duomo', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { label: 'Piazza del Duomo, Milano, Italia', lat: 45.4641, lng: 9.1919 },
    ]);
    const asked = standIn.calls.at(-1)!;
    expect(asked.pathname).toBe('/search');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      q: 'Piazza del Duomo',
      format: 'jsonv2',
      'accept-language': 'it-IT',
    });
    const before = standIn.calls.length;
    expect((await suggest('  piazza   del duomo ', { 'accept-language': 'it-IT' })).statusCode).toBe(200);
    expect(standIn.calls.length).toBe(before);
    await suggest('Piazza Navona&x=1', { 'accept-language': 'it-IT' });
    expect(standIn.calls.at(-1)!.searchParams.get('q')).toBe('Piazza Navona&x=1');
    await suggest('Piazza San Marco', { 'accept-language': 'it-IT' }, '&lang=fr-FR');
    expect(standIn.calls.at(-1)!.searchParams.get('accept-language')).toBe('fr-FR');
    const badLang = await suggest('Piazza', {}, '&lang=fr%20FR');
    expect(badLang.statusCode).toBe(400);
    expect(JSON.stringify(badLang.json().jsonObject)).toContain('lang');
    const none = await suggest('Nowhere at all');
    expect(none.json().data).toEqual([]);
  });

  it('refuses a blank or over-long query naming q, and callers without a session', async () => {
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const res = await suggest(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(JSON.stringify(res.json().jsonObject)).toContain('"q"');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/apm-web/a/api/common/mapSuggestion?q=x' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 503 mapUnavailable when the geocoder fails, answers garbage or is unreachable', async () => {
    standIn.setMode('error');
    let res = await suggest('Piazza error');
    expect(res.statusCode).toBe(503);
    expect(res.json().jsonObject).toMatchObject({ reason: 'mapUnavailable' });
    standIn.setMode('garbage');
    res = await suggest('Piazza garbage');
    expect(res.statusCode).toBe(503);
    expect(res.json().jsonObject).toMatchObject({ reason: 'mapUnavailable' });
    // A failure is not cached: the geocoder is asked again once it is back.
    standIn.setMode('ok');
    expect((await suggest('Piazza garbage')).statusCode).toBe(200);
    // Nothing listens on port 9 of this machine.
    await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/sysSetting/save',
      headers: { cookie },
      payload: { key: 'mapGeocoderUrl', value: 'http://127.0.0.1:9/search' },
    });
    await t.app.services.settings.reload();
    res = await suggest('Piazza unreachable');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 503, jsonObject: { reason: 'mapUnavailable' } });
  });

  it('gives up on a geocoder that does not answer in time', async () => {
    const base = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    const service = new MapSuggestionService({ geocoderUrl: async () => `${base}/search`, timeoutMs: 300 });
    standIn.setMode('slow');
    await expect(service.search('Piazza slow', null)).rejects.toMatchObject({
      statusCode: 503,
      reason: 'mapUnavailable',
    });
    standIn.setMode('ok');
  });

  it('reads Nominatim answers and Accept-Language headers defensively', () => {
    expect(suggestionsOf({ results: [] })).toBeNull();
    expect(
      suggestionsOf([null, 1, { display_name: 'X', lat: '91', lon: '0' }, { lat: '1', lon: '2' }]),
    ).toEqual([]);
    expect(suggestionsOf([{ display_name: 'A', lat: 1.5, lon: -2 }])).toEqual([
      { label: 'A', lat: 1.5, lng: -2 },
    ]);
    expect(firstLanguage('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(firstLanguage('*')).toBeNull();
    expect(firstLanguage(undefined)).toBeNull();
  });
});
