import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '../../src/plugins/static.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const page = `<!doctype html><html><body>${'<p>console</p>'.repeat(200)}</body></html>`;
const script = `export const value = ${JSON.stringify('signage '.repeat(500))};\n`;

/** A built console and player as the build leaves them, precompressed by the build step. */
function buildDirs(dir: string): { web: string; player: string } {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  const web = path.join(dir, 'web');
  const player = path.join(dir, 'player');
  write(path.join(web, 'index.html'), page);
  write(path.join(web, 'assets/index-AbCd12_-.js'), script);
  write(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(player, 'index.html'), page.replace('console', 'player'));
  write(path.join(player, 'sw.js'), script);
  write(path.join(player, 'assets/index-Zy98xw76.js'), script);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/precompress.mjs'), web, player]);
  return { web, player };
}

describe('static files', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'apm-static-'));
    const { web, player } = buildDirs(dir);
    t = await createTestApp({ APM_WEB_DIR: web, APM_PLAYER_DIR: player });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the brotli variant to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-AbCd12_-.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbCd12_-.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding or with identity, still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/index-AbCd12_-.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('answers byte ranges of the uncompressed file', async () => {
    const res = await get('/assets/index-AbCd12_-.js', { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${script.length}`);
    expect(res.body).toBe(script.slice(0, 10));
  });

  it('keeps hashed assets for a year, immutable, compressed or not', async () => {
    for (const url of ['/assets/index-AbCd12_-.js', '/player/assets/index-Zy98xw76.js']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control']).toBe(IMMUTABLE);
      expect((await get(url)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('revalidates pages, the SPA fallback, the player’s service worker and unhashed files', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/login',
      '/program/list',
      '/player',
      '/player/',
      '/player/sw.js',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
    }
    const login = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(login.rawPayload).toString()).toBe(page);
    // Too small to gain from compression: sent as it is.
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('still answers unknown files and API paths with a JSON 404', async () => {
    for (const url of ['/assets/missing-AbCd1234.js', '/apm-web/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
  });
});
