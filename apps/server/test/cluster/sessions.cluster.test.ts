import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSystem, login } from '../helpers/app.js';
import { startTestCluster, type TestCluster } from '../helpers/cluster.js';

describe('cluster: sessions', () => {
  let cluster: TestCluster;

  beforeAll(async () => {
    cluster = await startTestCluster(3);
  });
  afterAll(() => cluster?.close());

  it('a session made through one instance works on the others', async () => {
    const [a, b, c] = cluster.instances;
    await initSystem(a!.app);
    const cookie = await login(b!.app);
    for (const instance of [a!, b!, c!]) {
      const res = await instance.app.inject({
        method: 'GET',
        url: '/apm-web/a/api/user/getUserInfo',
        headers: { cookie },
      });
      expect(res.statusCode, instance.config.instanceId).toBe(200);
      expect(JSON.stringify(res.json().data)).toContain('"admin"');
    }
  });
});
