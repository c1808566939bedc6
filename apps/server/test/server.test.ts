import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

// Whole servers on an on-disk PGlite: a first start runs initdb (about 8 s idle, 25 s on a busy 2-core machine).
describe('startServer / stop', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = () =>
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      APM_DATA_DIR: dir,
      APM_ADMIN_USER: 'root',
      APM_ADMIN_PASSWORD: 'Root#2026pass',
    });

  it('initialises headlessly from APM_ADMIN_USER, finishes in-flight requests on stop, and reopens its data', async () => {
    const server = await startServer(config(), false);
    const init = await fetch(`${server.url}/apm-web/f/common/isSysInit`).then(
      (r) => r.json() as Promise<{ data: unknown }>,
    );
    expect(init.data).toBe(1);

    await server.app.services.settings.set('landingEncryption', false);
    const received = new Promise((r) => server.app.server.once('request', r));
    const inFlight = fetch(`${server.url}/apm-web/a/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=root&password=Root%232026pass',
    });
    await received;
    const stopping = server.stop();
    const res = await inFlight;
    expect(res.status).toBe(200);
    await stopping;
    await expect(fetch(`${server.url}/apm-web/f/common/isSysInit`)).rejects.toThrow();

    const again = await startServer(config(), false);
    try {
      const body = await fetch(`${again.url}/apm-web/f/common/isSysInit`).then(
        (r) => r.json() as Promise<{ data: unknown }>,
      );
      expect(body.data).toBe(1);
      expect(await again.app.services.settings.get('landingEncryption')).toBe(false);
    } finally {
      await again.stop();
    }
  }, 90_000);
});
