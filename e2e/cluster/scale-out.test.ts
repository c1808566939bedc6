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

  /** The stand-in fleet of the last two tests (the drain test takes over what the fail-over test left). */
  const terminals: StandInTerminal[] = [];
  afterAll(() => terminals.forEach((t) => t.stop()));

  /** Sends a volume command to every stand-in through `base`; answers the command ids. */
  const sendRound = async (base: string, volume: number) =>
    (
      await apiCall<Sent>(base, cookie, '/a/api/terminalSet/command', {
        terminalIds: terminals.map((t) => t.terminalId),
        name: 'volume',
        params: { volume },
      })
    ).commands.map((c) => c.id);
  const states = (ids: number[]) =>
    cluster.query<CommandRow>('SELECT id, state, done_at FROM terminal_commands WHERE id = ANY($1::int[])', [
      ids,
    ]);
  /** Waits until the database holds every command of `ids` as acknowledged; answers their rows. */
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

  it('instance B killed (SIGKILL) with commands in flight: acknowledged ones stay so, the rest are delivered after the terminals reconnect, none runs twice', async () => {
    const [a, b] = cluster.instances;
    for (let i = 0; i < FLEET; i++) {
      const device = await registerClaimed(b!.url, cookie, officeId, `stand-in ${i}`);
      terminals.push(new StandInTerminal(device.terminalId, device.token, cluster.proxy.url));
    }
    // Connected straight to B; commands go through A.
    await Promise.all(terminals.map((t) => t.connect(b!.url)));
    // Warm-up: A reaches the terminals on B (shared presence, the Redis bus).
    const sent = await sendRound(a!.url, 1);
    await waitAllAcked(sent, 30_000);

    let volume = 2;
    let sending = true;
    const rounds = (async () => {
      while (sending) {
        sent.push(...(await sendRound(a!.url, volume++ % 101)));
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

    const after = new Map((await waitAllAcked(sent, 90_000)).map((r) => [r.id, r]));
    expect(ackedBefore.size).toBeGreaterThan(0);
    expect(ackedBefore.size).toBeLessThan(sent.length);
    for (const [id, row] of ackedBefore) {
      expect(after.get(id)!.state).toBe('acked');
      expect(after.get(id)!.done_at!.getTime()).toBe(row.done_at!.getTime());
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
      const mine = sent.filter((id) => owner.get(id) === terminal.terminalId).sort((x, y) => x - y);
      // Each command of this terminal ran exactly once, and none ran that was not its own.
      expect([...terminal.executions.keys()].sort((x, y) => x - y)).toEqual(mine);
      expect([...terminal.executions.values()].every((n) => n === 1)).toBe(true);
      // A command acknowledged in the database before the kill was never sent again.
      for (const id of mine.filter((id) => ackedBefore.has(id))) expect(terminal.deliveries.get(id)).toBe(1);
      for (const n of terminal.deliveries.values()) repeats += n - 1;
      // It came back through the balancer (to A or C).
      expect(terminal.channels.at(-1)).toBe(cluster.proxy.url);
      expect(terminal.open).toBe(true);
    }
    console.log(
      `fail-over: ${sent.length} commands to ${FLEET} terminals, ${ackedBefore.size} acked before the kill, ${repeats} sent again after it`,
    );
  });

  it('instance C stopped with SIGTERM drains: readiness 503, its terminals told to reconnect within the jitter window, all back on A', async () => {
    const [a, , c] = cluster.instances;
    const ready = (base: string) => fetch(`${base}/apm-web/f/common/ready`).then((r) => r.status);
    const reconnectsBefore = terminals.map((t) => t.reconnects.length);
    const exited = new Promise<number | null>((resolve) => c!.child.once('exit', (code) => resolve(code)));
    c!.child.kill('SIGTERM');
    // Ready answers 503 at once while the instance still serves (APM_DRAIN_SECONDS=1 in the cluster).
    await sleep(200);
    expect(await ready(c!.url)).toBe(503);
    expect(await exited).toBe(0);

    const moved = terminals.filter((t, i) => t.reconnects.length > reconnectsBefore[i]!);
    expect(moved.length).toBeGreaterThan(0);
    for (const terminal of moved) {
      expect(terminal.closeCodes.at(-1)).toBe(4503);
      const afterMs = terminal.reconnects.at(-1)!;
      expect(afterMs).toBeGreaterThanOrEqual(0);
      expect(afterMs).toBeLessThanOrEqual(10_000);
    }
    // Spread over the window, not all at one moment.
    const delays = moved.map((t) => t.reconnects.at(-1)!);
    if (moved.length > 2) expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(1000);
    // Every terminal is back (on A, the one instance left) and takes a command sent through A.
    const deadline = Date.now() + 30_000;
    while (terminals.some((t) => !t.open) && Date.now() < deadline) await sleep(200);
    expect(terminals.filter((t) => !t.open).map((t) => t.terminalId)).toEqual([]);
    await waitAllAcked(await sendRound(a!.url, 77), 30_000);
    expect(terminals.every((t) => t.volume === 77)).toBe(true);
    console.log(
      `drain: ${moved.length} terminals moved, reconnect delays ${Math.min(...delays)}-${Math.max(...delays)} ms`,
    );
  });
});
