/**
 * Emergency takeover benchmark (issue "Messages"): N simulated terminals online (default 1,000),
 * protocol-true (register, channel, heartbeats, acks, manifests), against the real server started on
 * its embedded default. The operator's path through the console API: a full-screen takeover saved
 * (`publishMessage/ajaxSave`) and sent (`savePublish`); for every terminal, the time from the send
 * call to the takeover on its screen (the simulator shows what is due when it arrives, as the player
 * does); the time until the console's delivery counts (`findSendMessages`) show every terminal; then
 * `stop` and the time until the console shows every terminal stopped.
 *
 * Baseline of the same run, same fleet: a bare command (`volume`) sent to every terminal through
 * `terminalSet/command`, each terminal's receipt time measured the same way. The ratio says what the
 * message path (review checks, target resolution, the payload, `message_terminals`) adds to the
 * command fan-out it rides on.
 *
 * Usage: npm run bench:messages -- [--count 1000] [--rounds 3]
 * Targets: 95 % of terminals show the takeover < 2 s and 99 % < 5 s after the operator presses send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { defaultMessageDocument, type CommandName } from '@apm/contract';
import { bundleServer, startApm, type ChildServer } from './simulator/apm-server.js';
import { Fleet, registerDevices } from './simulator/fleet.js';
import { ConsoleApi, agent } from './simulator/http.js';
import { sleep } from './simulator/stats.js';
import type { SimTerminal } from './simulator/terminal.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Bench#2026pass' },
  },
});
const COUNT = Number(args.count);
const ROUNDS = Number(args.rounds);
const log = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const r1 = (x: number) => (Number.isFinite(x) ? Math.round(x) : null);

/** A fleet that also times every `volume` command's receipt from a start mark (the baseline's samples). */
class TimedFleet extends Fleet {
  private mark = 0;
  private samples: number[] | null = null;

  /** Starts timing command receipts from now (performance clock); answers the growing list of ms. */
  timeCommands(): number[] {
    this.mark = performance.now();
    this.samples = [];
    return this.samples;
  }

  override command(t: SimTerminal, commandId: number, name: CommandName, at: number): void {
    super.command(t, commandId, name, at);
    if (this.samples && name === 'volume') this.samples.push(at - this.mark);
  }
}

/**
 * Percentiles (nearest rank) of latencies in ms, and the shares of the online terminals under the
 * two targets: a terminal that never received counts as over both.
 */
function distribution(latencies: readonly number[], online: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
      : NaN;
  const share = (ms: number) => (online ? +(sorted.filter((x) => x < ms).length / online).toFixed(3) : 0);
  return {
    count: sorted.length,
    p50: r1(at(50)),
    p95: r1(at(95)),
    p99: r1(at(99)),
    max: r1(at(100)),
    shareUnder2s: share(2000),
    shareUnder5s: share(5000),
  };
}

/** Polls `probe` every 50 ms until it answers true; the elapsed ms since `from`, or NaN after `limitMs`. */
async function until(probe: () => Promise<boolean>, from: number, limitMs = 30_000): Promise<number> {
  while (performance.now() - from < limitMs) {
    if (await probe()) return performance.now() - from;
    await sleep(50);
  }
  return NaN;
}

process.once('SIGINT', () => process.exit(130));
const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-bench-messages-'));
let bundle: { main: string; cleanup(): void } | undefined;
let apm: ChildServer | undefined;
try {
  log('bundling the server');
  bundle = await bundleServer();
  apm = await startApm(bundle.main, {
    dataDir,
    admin: { user: args.user!, password: args.password! },
    env: { APM_TERMINAL_REGISTER_RATE_LIMIT: String(Math.max(1000, COUNT * 2)) },
  });
  log(`server ${apm.url} (pid ${apm.pid})`);
  const api = await ConsoleApi.signIn(apm.url, args.user!, args.password!);
  await api.call('/a/api/sysSetting/save', { key: 'terminalAuthFree', value: true });
  const { devices } = await registerDevices(
    apm.url,
    COUNT,
    'bench-msg',
    16,
    path.join(dataDir, 'devices.json'),
  );
  const fleet = new TimedFleet(devices, { base: apm.url, fetchManifest: true, reconnect: true, pace: true });
  await fleet.connectAll(100);
  await sleep(3000);
  const online = fleet.openCount;
  log(`${online}/${COUNT} terminals online`);
  const terminalIds = devices.map((d) => d.terminalId);

  const rounds: Record<string, unknown>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Baseline: a bare command to every terminal.
    const commandSamples = fleet.timeCommands();
    const commandStart = performance.now();
    await api.call('/a/api/terminalSet/command', {
      name: 'volume',
      params: { volume: 40 + round },
      terminalIds,
    });
    const commandCallMs = performance.now() - commandStart;
    await until(async () => commandSamples.length >= online, commandStart);
    const command = distribution(commandSamples, online);

    // The takeover: saved, then sent; timed from the send call.
    const document = { ...defaultMessageDocument('takeover'), text: `Evacuate now (drill ${round})` };
    const saved = await api.call<{ id: number }>('/a/api/publishMessage/ajaxSave', {
      name: `Fire drill ${round}`,
      document,
      targets: { terminalIds, groupIds: [], officeIds: [] },
    });
    const sentAt = Date.now();
    const sendStart = performance.now();
    await api.call('/a/api/publishMessage/savePublish', { id: saved.id });
    const sendCallMs = performance.now() - sendStart;
    const counts = async () =>
      (
        await api.call<{ counts: Record<string, number> }>(
          `/a/api/publishMessage/findSendMessages?id=${saved.id}&pageSize=1`,
        )
      ).counts;
    const consoleShowsAllMs = await until(async () => {
      const c = await counts();
      return (c.showing ?? 0) + (c.delivered ?? 0) >= online;
    }, sendStart);
    await until(async () => fleet.messageArrivals(saved.id).length >= online, sendStart);
    const takeover = distribution(
      fleet
        .messageArrivals(saved.id)
        .filter((a) => a.showing)
        .map((a) => a.receivedAt - sentAt),
      online,
    );

    const stopStart = performance.now();
    await api.call('/a/api/publishMessage/stop', { id: saved.id });
    const consoleShowsStoppedMs = await until(
      async () => ((await counts()).stopped ?? 0) >= online,
      stopStart,
    );

    const ratio = (a: number | null, b: number | null) => (a && b ? +(a / b).toFixed(2) : null);
    const result = {
      round,
      command: { callMs: r1(commandCallMs), ...command },
      takeover: { callMs: r1(sendCallMs), ...takeover, consoleShowsAllMs: r1(consoleShowsAllMs) },
      stop: { consoleShowsStoppedMs: r1(consoleShowsStoppedMs) },
      ratios: { p95: ratio(takeover.p95, command.p95), p99: ratio(takeover.p99, command.p99) },
      targets: { p95Under2s: takeover.shareUnder2s >= 0.95, p99Under5s: takeover.shareUnder5s >= 0.99 },
    };
    log(
      `round ${round}: takeover p50 ${takeover.p50} p95 ${takeover.p95} p99 ${takeover.p99} max ${takeover.max} ms ` +
        `(${takeover.count}/${online} showed; console shows all at ${r1(consoleShowsAllMs)} ms, stopped at ` +
        `${r1(consoleShowsStoppedMs)} ms); baseline command p95 ${command.p95} p99 ${command.p99} ms`,
    );
    rounds.push(result);
    await sleep(2000);
  }
  await fleet.closeAll();
  console.log(JSON.stringify({ date: new Date().toISOString(), count: COUNT, online, rounds }, null, 2));
} finally {
  await apm?.stop();
  bundle?.cleanup();
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
