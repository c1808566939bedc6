import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSystem } from '../helpers/app.js';
import { startTestCluster, type TestCluster } from '../helpers/cluster.js';

describe('cluster: proof-of-play retention', () => {
  let cluster: TestCluster;

  beforeAll(async () => {
    cluster = await startTestCluster(2);
    await initSystem(cluster.instances[0]!.app);
  });
  afterAll(() => cluster?.close());

  it('runs on the leader only, and on the other instance once the leader is gone', async () => {
    const [a, b] = cluster.instances as [
      (typeof cluster.instances)[number],
      (typeof cluster.instances)[number],
    ];
    const running = () => [a, b].map((i) => i.app.services.playRetention.running);
    await expect
      .poll(running, { timeout: 15_000 })
      .toSatisfy((r: boolean[]) => r.filter(Boolean).length === 1);
    const leader = a.app.services.leader.isLeader() ? a : b;
    const other = leader === a ? b : a;
    expect(leader.app.services.playRetention.running).toBe(true);
    await leader.close();
    await expect.poll(() => other.app.services.playRetention.running, { timeout: 30_000 }).toBe(true);
  });
});
