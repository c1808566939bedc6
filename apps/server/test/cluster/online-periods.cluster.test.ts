import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/terminal/sql.js';
import { initSystem } from '../helpers/app.js';
import { asListening, startTestCluster, type TestCluster } from '../helpers/cluster.js';
import { claim, connect, register, STATUS, type ListeningApp } from '../terminal/channel-client.js';

describe('cluster: terminal online periods', () => {
  let cluster: TestCluster;
  let a: ListeningApp;
  let b: ListeningApp;

  beforeAll(async () => {
    cluster = await startTestCluster(2, { APM_TERMINAL_OFFLINE_SECONDS: '2' });
    [a, b] = cluster.instances.map(asListening) as [ListeningApp, ListeningApp];
    await initSystem(a.app);
  });
  afterAll(() => cluster?.close());

  const periodsOf = (terminalId: number) =>
    queryRows<{ ended: boolean }>(
      a.db,
      sql`SELECT ended_at IS NOT NULL AS ended FROM terminal_online_periods WHERE terminal_id = ${terminalId} ORDER BY started_at`,
    );

  it('keeps one open period for a terminal that moves from A to B, whichever instance writes last', async () => {
    const reg = await register(a);
    await claim(a, reg.terminalId);
    const onA = await connect(a, reg.token);
    await a.app.services.terminalPresence.flush();
    const onB = await connect(b, reg.token);
    onB.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await onB.next('heartbeatAck');
    await b.app.services.terminalPresence.flush();
    // A learns of the close after B's connect and writes last: its older offline row must not end the period.
    onA.close();
    await onA.closedWith();
    await a.app.services.terminalPresence.flush();
    expect(await periodsOf(reg.terminalId)).toEqual([{ ended: false }]);
    onB.close();
  });

  it('the leader closes the period of a terminal whose instance stopped writing (as if it died)', async () => {
    // One instance leads once its election attempt succeeds: the first attempt at start-up can fail on a busy
    // database server (CI runs the database tests beside these), and the next comes 5 s later.
    const leaderOf = () => [a, b].find((i) => i.app.services.leader.isLeader());
    await expect.poll(leaderOf, { timeout: 15_000, interval: 100 }).toBeDefined();
    const leader = leaderOf()!;
    const other = leader === a ? b : a;
    const reg = await register(other);
    await claim(other, reg.terminalId);
    const client = await connect(other, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    await other.app.services.terminalPresence.flush();
    expect(await periodsOf(reg.terminalId)).toEqual([{ ended: false }]);
    // The other instance's presence stops: no more flushes, no sweep of its own. Only the leader's
    // sweep of the shared directory can end the period now.
    await other.app.services.terminalPresence.stop();
    expect(leader.app.services.terminalPresence.isOnline(reg.terminalId)).toBe(false);
    await expect
      .poll(() => periodsOf(reg.terminalId), { timeout: 15_000, interval: 250 })
      .toEqual([{ ended: true }]);
    client.close();
  });
});
