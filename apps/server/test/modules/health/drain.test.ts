import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { RECONNECT_WINDOW_MS, startServer } from '../../../src/server.js';

// A whole server on an on-disk PGlite: its first start runs initdb (about 8 s idle, 25 s on a busy 2-core machine).
describe('graceful stop: drain', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-drain-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 on readiness at once, keeps serving for APM_DRAIN_SECONDS, then drains the terminals and stops', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', APM_DATA_DIR: dir, APM_DRAIN_SECONDS: '1' });
    const server = await startServer(config, false);
    const ready = () => fetch(`${server.url}/apm-web/f/common/ready`);
    expect((await ready()).status).toBe(200);

    const drained: { windowMs: number; at: number }[] = [];
    // Stands in for the gateway's drain (reconnect messages, 4503): what matters here is when stop() calls it.
    Object.assign(server.app.services.terminalGateway, {
      drain: async (windowMs: number) => void drained.push({ windowMs, at: Date.now() }),
    });
    const started = Date.now();
    const stopping = server.stop();
    const draining = await ready();
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { jsonObject: unknown }).jsonObject).toEqual({ reason: 'draining' });
    // Still serving while the balancer notices.
    const health = await fetch(`${server.url}/apm-web/f/common/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { draining: boolean } }).data.draining).toBe(true);
    expect(drained).toEqual([]);

    await stopping;
    expect(drained).toEqual([{ windowMs: RECONNECT_WINDOW_MS, at: expect.any(Number) }]);
    expect(drained[0]!.at - started).toBeGreaterThanOrEqual(1000);
    await expect(ready()).rejects.toThrow();
  }, 90_000);
});
