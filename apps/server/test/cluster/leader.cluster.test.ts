import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEADER_LOCK, LEADER_POLL_MS } from '../../src/cluster/leader.js';
import { startTestCluster, type ClusterInstance, type TestCluster } from '../helpers/cluster.js';

/** The issue's bound on a take-over after the leader died. */
const TAKE_OVER_MS = 30_000;

/** A process that takes the leader's lock as an instance would, then waits to be killed. */
async function spawnLockHolder(databaseUrl: string): Promise<ChildProcess> {
  const script = `
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.env.URL });
    client.connect()
      .then(() => client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [process.env.LOCK]))
      .then(() => process.stdout.write('locked\\n'));
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, URL: databaseUrl, LOCK: LEADER_LOCK },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return child;
}

describe('cluster: leader election', () => {
  let cluster: TestCluster;
  let holder: ChildProcess;

  beforeAll(async () => {
    cluster = await startTestCluster(0);
    holder = await spawnLockHolder(cluster.databaseUrl);
    for (const id of ['i1', 'i2', 'i3']) await cluster.start(id);
  });
  afterAll(async () => {
    holder?.kill('SIGKILL');
    await cluster?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const open = () => cluster.instances.filter((i) => i.app.server.listening);
  const leaders = () => open().filter((i) => i.app.services.leader.isLeader());

  /** Waits until exactly one open instance other than `old` leads; answers it and how long that took. */
  async function nextLeader(old?: ClusterInstance): Promise<{ leader: ClusterInstance; ms: number }> {
    const started = Date.now();
    while (Date.now() - started < TAKE_OVER_MS + LEADER_POLL_MS) {
      const now = leaders();
      expect(now.length).toBeLessThanOrEqual(1);
      if (now.length === 1 && now[0] !== old) return { leader: now[0]!, ms: Date.now() - started };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no instance took over');
  }

  /** Spies on every open instance's upload sweep. */
  const spySweeps = () =>
    new Map(open().map((i) => [i, vi.spyOn(i.app.services.materialUploads.expiry, 'sweep')]));

  /** Only `leader` swept (at once, as it became leader). */
  async function onlySwept(sweeps: ReturnType<typeof spySweeps>, leader: ClusterInstance) {
    await vi.waitFor(() => expect(sweeps.get(leader)).toHaveBeenCalled());
    for (const [instance, sweep] of sweeps) if (instance !== leader) expect(sweep).not.toHaveBeenCalled();
  }

  it('nobody leads while another process holds the lock; one instance takes over when it is killed', async () => {
    await new Promise((r) => setTimeout(r, LEADER_POLL_MS + 500));
    expect(leaders()).toEqual([]);
    const sweeps = spySweeps();
    holder.kill('SIGKILL');
    const { leader, ms } = await nextLeader();
    expect(ms).toBeLessThan(TAKE_OVER_MS);
    await onlySwept(sweeps, leader);
    // The others keep trying and keep failing.
    await new Promise((r) => setTimeout(r, LEADER_POLL_MS + 500));
    expect(leaders()).toEqual([leader]);
  });

  it('a leader whose connection breaks steps down at once; one instance leads again within the deadline', async () => {
    const [old] = leaders();
    await old!.app.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${`apm:${old!.config.instanceId}:leader`}`,
    );
    await vi.waitFor(() => expect(old!.app.services.leader.isLeader()).toBe(false), { timeout: 2000 });
    // Whoever tries first wins, the old leader (reconnected) included.
    const { ms } = await nextLeader();
    expect(ms).toBeLessThan(TAKE_OVER_MS);
    await new Promise((r) => setTimeout(r, LEADER_POLL_MS + 500));
    expect(leaders()).toHaveLength(1);
  });

  it('another takes over when the leader stops', async () => {
    const [old] = leaders();
    const sweeps = spySweeps();
    await old!.close();
    const { leader, ms } = await nextLeader(old!);
    expect(ms).toBeLessThan(TAKE_OVER_MS);
    await onlySwept(sweeps, leader);
  });
});
