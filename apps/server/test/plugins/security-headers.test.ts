import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  let builtDir: string;
  let cookie: string;
  beforeAll(async () => {
    builtDir = mkdtempSync(path.join(tmpdir(), 'apm-built-'));
    for (const app of ['web', 'player']) {
      mkdirSync(path.join(builtDir, app));
      writeFileSync(path.join(builtDir, app, 'index.html'), `<!doctype html><title>${app}</title>`);
    }
    t = await createTestApp({
      APM_WEB_DIR: path.join(builtDir, 'web'),
      APM_PLAYER_DIR: path.join(builtDir, 'player'),
    });
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(builtDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends nosniff, a referrer policy and no framing on every kind of answer', async () => {
    for (const url of [
      '/apm-web/f/common/publishKey',
      '/apm-web/a/api/user/getUserInfo',
      '/apm-web/a/api/no-such-route',
      '/',
      '/login',
      '/player/',
      '/player/settings',
    ]) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(directives(res.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"]);
      // Plain-HTTP installs must keep working: nothing upgrades their requests.
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('lets only the console itself frame the preview frame /inframe', async () => {
    const res = await get('/inframe');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>web</title>');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
  });

  it('gives the console its own scripts only, inline styles, and framed web pages', async () => {
    const res = await get('/');
    expect(res.body).toContain('<title>web</title>');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(['http:', 'https:']);
  });

  it('lets the player play media, blobs, live streams and web-page widgets', async () => {
    const res = await get('/player/');
    expect(res.body).toContain('<title>player</title>');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'http:', 'https:']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-src']).toEqual(['http:', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'", 'blob:', 'data:', 'http:', 'https:']);
  });

  it('lets API answers load nothing at all', async () => {
    const res = await get('/apm-web/a/api/user/getUserInfo', { cookie });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API documentation UI a policy of its own', async () => {
    const res = await get('/apm-web/docs/', { cookie });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});
