import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth, singleFlight, type HealthProbes } from '../../../src/modules/health/checks.js';
import { countRows } from '../../helpers/rows.js';
import { auditLogs } from '../../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const HEALTH = '/apm-web/f/common/health';
const READY = '/apm-web/f/common/ready';

describe('health and readiness (/f/common/health, /f/common/ready)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APM_INSTANCE_ID: 'apm-test-1' });
  });
  afterAll(() => t.close());

  it('health answers 200 without a session: the database in ms, no Redis alone, bus lag 0, the instance id', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'Healthy',
      data: {
        ok: true,
        instanceId: 'apm-test-1',
        draining: false,
        database: { ok: true, ms: expect.any(Number) },
        redis: null,
        bus: { ok: true, ms: 0 },
        down: [],
      },
      jsonObject: null,
    });
    // As every route: a NUL in the query string is refused (the route-walking fuzz test asks it of all).
    expect((await t.app.inject({ method: 'GET', url: `${HEALTH}?keyword=a%00b` })).statusCode).toBe(400);
  });

  it('health answers 503 in the same envelope, naming what is down', async () => {
    const bus = t.app.services.terminalBus;
    const original = bus.roundTripMs.bind(bus);
    bus.roundTripMs = () => Promise.reject(new Error('bus unreachable'));
    try {
      const res = await t.app.inject({ method: 'GET', url: HEALTH });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body).toMatchObject({
        code: 503,
        msg: 'Unavailable: bus down',
        data: { ok: false, down: ['bus'], bus: { ok: false, ms: null, error: 'bus unreachable' } },
        jsonObject: { reason: 'unhealthy', down: ['bus'] },
      });
      expect(body.data.database.ok).toBe(true);
    } finally {
      bus.roundTripMs = original;
    }
  });

  it('a hung dependency gives 503 within the time-out, not a hung request', async () => {
    const bus = t.app.services.terminalBus;
    const original = bus.roundTripMs.bind(bus);
    bus.roundTripMs = () => new Promise<number>(() => undefined);
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: HEALTH });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.bus.error).toMatch(/no answer in \d+ ms/);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      bus.roundTripMs = original;
    }
  });

  it('ready answers 200 while serving and 503 once the instance drains; neither is audited', async () => {
    await t.app.services.audit.flush();
    const audited = await countRows(t.db, auditLogs);
    const ready = await t.app.inject({ method: 'GET', url: READY });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ ready: true, instanceId: 'apm-test-1' });

    t.app.lifecycle.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: READY });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({
      code: 503,
      data: { ready: false, instanceId: 'apm-test-1' },
      jsonObject: { reason: 'draining' },
    });
    // Draining is not being unhealthy: the dependencies still answer.
    const health = await t.app.inject({ method: 'GET', url: HEALTH });
    expect(health.statusCode).toBe(200);
    expect(health.json().data.draining).toBe(true);
    await t.app.services.audit.flush();
    expect(await countRows(t.db, auditLogs)).toBe(audited);
  });
});

describe('checkHealth', () => {
  const probes = (over: Partial<HealthProbes>): HealthProbes => ({
    instanceId: 'x',
    draining: () => false,
    database: async () => undefined,
    redis: async () => 'PONG',
    busRoundTripMs: async () => 3.25,
    ...over,
  });

  it('reports Redis and the bus lag, and names every dependency that fails or hangs', async () => {
    const up = await checkHealth(probes({}), 100);
    expect(up).toMatchObject({ ok: true, redis: { ok: true }, bus: { ok: true, ms: 3.3 }, down: [] });
    const hung = () => new Promise<never>(() => undefined);
    const down = await checkHealth(probes({ database: hung, redis: hung }), 50);
    expect(down.ok).toBe(false);
    expect(down.down).toEqual(['database', 'redis']);
    expect(down.redis).toEqual({ ok: false, ms: null, error: 'no answer in 50 ms' });
  });

  it('shares one running check between callers that come meanwhile', async () => {
    let runs = 0;
    const check = singleFlight(async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return runs;
    });
    expect(await Promise.all([check(), check(), check()])).toEqual([1, 1, 1]);
    expect(await check()).toBe(2);
  });
});
