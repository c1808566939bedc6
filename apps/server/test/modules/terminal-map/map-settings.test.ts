import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { consoleFixture } from '../terminals/fixture.js';

describe('terminal map settings: tile URL, attribution and geocoder URL', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const save = (key: string, value: unknown, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/sysSetting/save',
      headers: { cookie },
      payload: { key, value },
    });
  const getKey = (key: string, cookie = f.a1) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/sysSetting/getKey?key=${key}`, headers: { cookie } });

  it('default to OpenStreetMap; every signed-in user reads the tiles, only administrators the geocoder', async () => {
    expect((await getKey('mapTileUrl')).json().data).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect((await getKey('mapAttribution')).json().data).toBe('© OpenStreetMap contributors');
    expect((await getKey('mapGeocoderUrl')).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/apm-web/a/api/sysSetting/list',
      headers: { cookie: admin },
    });
    const item = (list.json().data as { key: string; value: unknown }[]).find(
      (i) => i.key === 'mapGeocoderUrl',
    );
    expect(item?.value).toBe('https://nominatim.openstreetmap.org/search');
  });

  it('saves valid values and refuses templates without {z}/{x}/{y}, non-http URLs, and tenant administrators', async () => {
    expect((await save('mapTileUrl', 'http://tiles.example.test/{z}/{x}/{y}.png')).statusCode).toBe(200);
    await t.app.services.settings.reload();
    expect((await getKey('mapTileUrl')).json().data).toBe('http://tiles.example.test/{z}/{x}/{y}.png');
    for (const [key, value] of [
      ['mapTileUrl', 'http://tiles.example.test/{z}/{x}.png'],
      ['mapTileUrl', 'javascript:alert(1)//{z}{x}{y}'],
      ['mapTileUrl', ''],
      ['mapGeocoderUrl', 'ftp://geo.example.test/search'],
      ['mapAttribution', 'x'.repeat(301)],
    ] as const) {
      const res = await save(key, value);
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(JSON.stringify(res.json().jsonObject)).toContain('value');
    }
    expect((await save('mapAttribution', 'Tiles © Example', f.a1)).statusCode).toBe(403);
  });

  it('the console’s Content-Security-Policy admits the configured tile host for images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/terminal/map' });
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? '';
    // Program previews already show images from any http(s) host, tile servers among them.
    expect(imgSrc.split(/\s+/)).toEqual(expect.arrayContaining(['http:', 'https:']));
  });
});
