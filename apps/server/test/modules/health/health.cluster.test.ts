import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../src/modules/health/checks.js';
import { startTestCluster, type TestCluster } from '../../helpers/cluster.js';

/** A health answer. */
const healthOf = async (res: Response) => (await res.json()) as { msg: string; data: HealthReport };

describe('cluster: health with PostgreSQL and Redis', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster(2);
  });
  afterAll(() => cluster?.close());

  it('each instance reports the database, Redis and the bus with its own id', async () => {
    for (const instance of cluster.instances) {
      const res = await fetch(`${instance.base}/apm-web/f/common/health`);
      expect(res.status).toBe(200);
      expect((await healthOf(res)).data).toMatchObject({
        ok: true,
        instanceId: instance.config.instanceId,
        database: { ok: true, ms: expect.any(Number) },
        redis: { ok: true, ms: expect.any(Number) },
        bus: { ok: true, ms: expect.any(Number) },
        down: [],
      });
    }
  });

  it('answers 503 naming Redis when this instance has lost it, while the other stays healthy', async () => {
    const [lost, other] = cluster.instances;
    lost!.app.services.cluster.redis!.disconnect();
    const res = await fetch(`${lost!.base}/apm-web/f/common/health`);
    expect(res.status).toBe(503);
    const body = await healthOf(res);
    expect(body.msg).toContain('redis');
    expect(body.data.down).toContain('redis');
    expect(body.data.redis).toMatchObject({ ok: false, ms: null, error: expect.any(String) });
    expect(body.data.database.ok).toBe(true);
    expect((await fetch(`${other!.base}/apm-web/f/common/health`)).status).toBe(200);
    // Readiness is about draining, not dependencies: the balancer keeps the instance.
    expect((await fetch(`${lost!.base}/apm-web/f/common/ready`)).status).toBe(200);
  });
});
