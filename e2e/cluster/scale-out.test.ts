import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  waitForDelivery,
  waitForLiveStatus,
} from '../support/player.js';
import { CLUSTER_ADMIN, startCluster, type Cluster } from './cluster.js';
import { registerClaimed, StandInTerminal } from './fleet.js';

/** Stand-in terminals of the fail-over test. */
const FLEET = 40;

/** What a command route answers. */
interface Sent {
  commands: { id: number; terminalId: number; state: string }[];
}

/** A command row as the database holds it. */
interface CommandRow {
  id: number;
  state: string;
  done_at: Date | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 18: three instances of the built server on one PostgreSQL and one Redis behind HAProxy
 * (`deploy/haproxy.cfg`), no sticky sessions.
 */
describe('three instances behind HAProxy', () => {
  let cluster: Cluster;
  let cookie: string;
  let officeId: number;
  let browser: Browser | undefined;

  beforeAll(async () => {
    cluster = await startCluster(3);
    const [a] = cluster.instances;
    cookie = await apiSignIn(a!.url, CLUSTER_ADMIN.user, CLUSTER_ADMIN.password);
    officeId = (await apiCall<{ office: { id: number } }>(a!.url, cookie, '/a/api/user/getUserInfo')).office
      .id;
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.close();
  });

  it('a session made through instance A works on B, C and through HAProxy, which spreads requests', async () => {
    const [a, b, c] = cluster.instances;
    for (const base of [a!.url, b!.url, c!.url, cluster.proxy.url]) {
      const info = await apiCall<{ loginName?: string; user?: { loginName: string } }>(
        base,
        cookie,
        '/a/api/user/getUserInfo',
      );
      expect(JSON.stringify(info), base).toContain(`"${CLUSTER_ADMIN.user}"`);
    }
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${cluster.proxy.url}/apm-web/f/common/ready`);
      seen.add(((await res.json()) as { data: { instanceId: string } }).data.instanceId);
      await apiCall(cluster.proxy.url, cookie, '/a/api/user/getUserInfo');
    }
    expect(seen.size, [...seen].join()).toBeGreaterThan(1);
    // Each instance reports its dependencies: the shared database and Redis, and the bus.
    for (const instance of cluster.instances) {
      const health = (await (await fetch(`${instance.url}/apm-web/f/common/health`)).json()) as {
        data: { ok: boolean; instanceId: string; redis: { ok: boolean } | null };
      };
      expect(health.data).toMatchObject({ ok: true, instanceId: instance.id, redis: { ok: true } });
    }
  });

  it('a web player paired through instance A runs a command sent through instance B', async () => {
    const [a, b, c] = cluster.instances;
    browser = await launchChromium();
    const player = await openPlayer(browser, a!.url);
    const code = await pairingCode(player.page);
    const terminalId = await claimTerminal(c!.url, cookie, code, officeId, 'Lobby on A');
    // B learns from the shared presence that the terminal is online (its channel is on A).
    await waitForLiveStatus(b!.url, cookie, terminalId, (live) => live.online);
    const sent = await apiCall<Sent>(b!.url, cookie, '/a/api/terminalSet/command', {
      terminalIds: [terminalId],
      name: 'volume',
      params: { volume: 35 },
    });
    const commandId = sent.commands[0]!.id;
    const delivery = await waitForDelivery(c!.url, cookie, terminalId, commandId);
    expect(delivery.state).toBe('acked');
    const acks = player.sent.filter((m) => m.type === 'ack' && m.commandId === commandId);
    expect(acks).toHaveLength(1);
    const [row] = await cluster.query<CommandRow>(
      'SELECT id, state, done_at FROM terminal_commands WHERE id = $1',
      [commandId],
    );
    expect(row!.state).toBe('acked');
    await player.context.close();
  });

  it('instance B killed (SIGKILL) with commands in flight: acknowledged ones stay so, the rest are delivered after the terminals reconnect, none runs twice', async () => {
    const [a, b] = cluster.instances;
    const terminals: StandInTerminal[] = [];
    for (let i = 0; i < FLEET; i++) {
      const device = await registerClaimed(b!.url, cookie, officeId, `stand-in ${i}`);
      terminals.push(new StandInTerminal(device.terminalId, device.token, cluster.proxy.url));
    }
    try {
      // Connected straight to B; commands go through A.
      await Promise.all(terminals.map((t) => t.connect(b!.url)));
      const terminalIds = terminals.map((t) => t.terminalId);
      const sendRound = async (volume: number) =>
        (
          await apiCall<Sent>(a!.url, cookie, '/a/api/terminalSet/command', {
            terminalIds,
            name: 'volume',
            params: { volume },
          })
        ).commands.map((c) => c.id);
      const states = async (ids: number[]) =>
        cluster.query<CommandRow>(
          'SELECT id, state, done_at FROM terminal_commands WHERE id = ANY($1::int[])',
          [ids],
        );
      const waitAllAcked = async (ids: number[], timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const rows = await states(ids);
          const open = rows.filter((r) => r.state !== 'acked');
          if (rows.length === ids.length && open.length === 0) return rows;
          if (Date.now() > deadline)
            throw new Error(
              `${open.length} of ${ids.length} commands not acked: ${JSON.stringify(open.slice(0, 5))}`,
            );
          await sleep(300);
        }
      };

      // Warm-up: A reaches the terminals on B (shared presence, the Redis bus).
      const warmUp = await sendRound(1);
      await waitAllAcked(warmUp, 30_000);

      const sent: number[] = [...warmUp];
      let volume = 2;
      let sending = true;
      const rounds = (async () => {
        while (sending) {
          sent.push(...(await sendRound(volume++ % 101)));
          await sleep(100);
        }
      })();
      await sleep(1500);
      const before = await states(sent.slice());
      const ackedBefore = new Map(before.filter((r) => r.state === 'acked').map((r) => [r.id, r]));
      await b!.stop('SIGKILL');
      // Commands keep coming through A while the terminals find their way back through HAProxy.
      await sleep(2000);
      sending = false;
      await rounds;

      const after = await waitAllAcked(sent, 90_000);
      const byId = new Map(after.map((r) => [r.id, r]));
      expect(ackedBefore.size).toBeGreaterThan(0);
      expect(ackedBefore.size).toBeLessThan(sent.length);
      for (const [id, row] of ackedBefore) {
        expect(byId.get(id)!.state).toBe('acked');
        expect(byId.get(id)!.done_at!.getTime()).toBe(row.done_at!.getTime());
      }
      const owner = new Map(
        (
          await cluster.query<{ id: number; terminal_id: number }>(
            'SELECT id, terminal_id FROM terminal_commands WHERE id = ANY($1::int[])',
            [sent],
          )
        ).map((r) => [r.id, r.terminal_id]),
      );
      let repeats = 0;
      for (const terminal of terminals) {
        const mine = sent.filter((id) => owner.get(id) === terminal.terminalId);
        // Each command of this terminal ran exactly once, and none ran that was not its own.
        expect([...terminal.executions.keys()].sort((x, y) => x - y)).toEqual(mine.sort((x, y) => x - y));
        expect([...terminal.executions.values()].every((n) => n === 1)).toBe(true);
        // A command acknowledged in the database before the kill was never sent again.
        for (const id of mine.filter((id) => ackedBefore.has(id)))
          expect(terminal.deliveries.get(id)).toBe(1);
        for (const n of terminal.deliveries.values()) repeats += n - 1;
        // It came back through the balancer (to A or C).
        expect(terminal.channels.at(-1)).toBe(cluster.proxy.url);
        expect(terminal.open).toBe(true);
      }
      console.log(
        `fail-over: ${sent.length} commands to ${FLEET} terminals, ${ackedBefore.size} acked before the kill, ${repeats} sent again after it`,
      );
    } finally {
      for (const t of terminals) t.stop();
    }
  });
});
