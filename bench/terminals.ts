/**
 * Terminal benchmark (issue 6): N simulated terminals in this one process, protocol-true
 * (register over HTTP, channel, heartbeats, command acks, manifest fetch), against the real
 * server; then the same client against a bare `ws` server as the baseline of the same run.
 *
 * Without `--url` it bundles the server's current source (like `apps/server/build.mjs`), starts it
 * as a separate process on the embedded default (PGlite in a temporary data dir), turns on
 * `terminalAuthFree` as the administrator (terminals are accepted without claiming) and reads the
 * server's RSS and CPU time from /proc. Phases, each with the server's CPU seconds (on a shared
 * machine CPU per operation is steadier than wall time):
 *
 * 1. register N devices (HTTP, limited concurrency) and open N channels;
 * 2. protocol pace: every terminal heartbeats every `heartbeatSeconds` (the server's, from
 *    `welcome`; from its welcome on, at a random phase); `--pace-seconds` (default 30, one interval)
 *    of it are watched — heartbeats/s handled, p50/p99 ack latency;
 * 3. capacity: every terminal keeps one heartbeat in flight for `--saturate-seconds` — heartbeats/s;
 * 4. one command (`--command`, default `volume` with `--params '{"volume":42}'`) sent by the operator through the console API to all N: time until
 *    every terminal received and acknowledged it (client side), and until the server's delivery
 *    state says all N acked (`commandSummary`, polled every 50 ms);
 * 5. baseline: the same client and phases 2-3 against `simulator/echo-server.mjs`.
 *
 * Usage: npm run bench:terminals -- --count 10000 [--url http://127.0.0.1:PORT --user U --password P
 *        --server-pid PID] [--saturate-seconds 10] [--pace-seconds 30] [--keep DIR] [--cpu-prof DIR]
 *        [--no-baseline] [--server-env KEY=VALUE ...] [--command screenshot --params '{}']
 * `--keep DIR` keeps the data dir and the registered devices for the next run (which then skips
 * registering); `--cpu-prof DIR` profiles the server and writes `phases.json` for
 * `npx tsx simulator/profile.ts <profile> <phases.json>`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { bundleServer, startApm, startEcho, type ChildServer } from './simulator/apm-server.js';
import { Fleet, registerDevices } from './simulator/fleet.js';
import { ConsoleApi, agent } from './simulator/http.js';
import { PhaseLog } from './simulator/profile.js';
import { cpuSeconds, rssMiB, sleep, watchRss } from './simulator/stats.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    url: { type: 'string' },
    user: { type: 'string', default: process.env.APM_BENCH_USER ?? 'admin' },
    password: { type: 'string', default: process.env.APM_BENCH_PASSWORD ?? 'Bench#2026pass' },
    'server-pid': { type: 'string' },
    'pace-seconds': { type: 'string', default: '30' },
    'saturate-seconds': { type: 'string', default: '10' },
    'register-concurrency': { type: 'string', default: '16' },
    'connect-concurrency': { type: 'string', default: '100' },
    keep: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'no-baseline': { type: 'boolean', default: false },
    'server-env': { type: 'string', multiple: true, default: [] },
    command: { type: 'string', default: 'volume' },
    params: { type: 'string', default: '{"volume":42}' },
  },
});

const COUNT = Number(args.count);
const PACE_MS = Number(args['pace-seconds']) * 1000;
const SATURATE_MS = Number(args['saturate-seconds']) * 1000;
const log = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const round = (x: number, digits = 0) => (Number.isFinite(x) ? +x.toFixed(digits) : null);
const phases = new PhaseLog();

/** Prints "label done/total" at most every 5 s. */
function progress(label: string, total: number) {
  let last = 0;
  return (done: number) => {
    const now = performance.now();
    if (now - last > 5000 || done === total) {
      last = now;
      log(`${label} ${done}/${total}`);
    }
  };
}

/** Runs one phase: wall time, and CPU seconds of `pid` (and of this client) meanwhile. */
async function phase<T>(name: string, pid: number, task: () => Promise<T>) {
  const end = phases.start(name);
  const cpu0 = await cpuSeconds(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await task();
  const ms = performance.now() - t0;
  const cpuS = (await cpuSeconds(pid)) - cpu0;
  const client = process.cpuUsage(client0);
  end();
  return { result, ms, cpuS, clientCpuS: (client.user + client.system) / 1e6 };
}

/** Phases 2 and 3 on an open fleet; CPU per heartbeat in µs of the server process `pid`. */
async function heartbeatPhases(fleet: Fleet, pid: number, label: string) {
  log(
    `${label}: protocol pace (one heartbeat per terminal every heartbeatSeconds), watched for ${PACE_MS / 1000} s`,
  );
  const pace = await phase(`${label} heartbeats at protocol pace`, pid, () => fleet.observe(PACE_MS));
  log(
    `  ${round(pace.result.acksPerSecond)} acks/s, latency p50 ${pace.result.latency.p50} ms, p99 ${pace.result.latency.p99} ms`,
  );
  log(`${label}: capacity, one heartbeat in flight per terminal, for ${SATURATE_MS / 1000} s`);
  const cap = await phase(`${label} heartbeats at capacity`, pid, () => fleet.saturate(1, SATURATE_MS));
  log(
    `  ${round(cap.result.acksPerSecond)} acks/s, latency p50 ${cap.result.latency.p50} ms, p99 ${cap.result.latency.p99} ms; ` +
      `server CPU ${round((cap.cpuS / cap.result.acksTotal) * 1e6)} µs/heartbeat, client CPU ${round(cap.clientCpuS, 1)} s`,
  );
  const summary = (p: typeof pace) => ({
    acksPerSecond: round(p.result.acksPerSecond),
    latencyMs: p.result.latency,
    serverCpuUsPerHeartbeat: round((p.cpuS / p.result.acksTotal) * 1e6),
    serverCpuShare: round(p.cpuS / (p.ms / 1000), 2),
    clientCpuShare: round(p.clientCpuS / (p.ms / 1000), 2),
  });
  return { pace: summary(pace), capacity: summary(cap) };
}

// Ctrl-C: exit through 'exit', which stops the child processes.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const ownServer = !args.url;
let bundle: { main: string; cleanup(): void } | undefined;
let apm: ChildServer | undefined;
let echo: ChildServer | undefined;
const dataDir = args.keep
  ? path.resolve(args.keep)
  : mkdtempSync(path.join(tmpdir(), 'apm-bench-terminals-'));
mkdirSync(dataDir, { recursive: true });

try {
  let base = args.url ?? '';
  let pid = args['server-pid'] ? Number(args['server-pid']) : NaN;
  if (ownServer) {
    log('bundling the server');
    bundle = await bundleServer();
    const env: Record<string, string> = {
      // One machine registers every simulated device: lift the per-address limit for this run.
      APM_TERMINAL_REGISTER_RATE_LIMIT: String(Math.max(1000, COUNT * 2)),
      ...Object.fromEntries(
        args['server-env']!.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      ),
    };
    const profDir = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;
    const started = performance.now();
    apm = await startApm(bundle.main, {
      dataDir,
      admin: { user: args.user!, password: args.password! },
      env,
      nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    });
    base = apm.url;
    pid = apm.pid;
    log(`server ${base} (pid ${pid}) ready in ${round(performance.now() - started)} ms`);
  }
  const rss = watchRss(pid);
  await sleep(1000);
  const idleRss = await rssMiB(pid);

  const api = await ConsoleApi.signIn(base, args.user!, args.password!);
  await api.call('/a/api/sysSetting/save', { key: 'terminalAuthFree', value: true });

  // 1. register and connect
  const register = await phase('register', pid, () =>
    registerDevices(
      base,
      COUNT,
      'bench-sim',
      Number(args['register-concurrency']),
      path.join(dataDir, 'bench-devices.json'),
      progress('registered', COUNT),
    ),
  );
  const devices = register.result.devices;
  const pending = devices.filter((d) => d.state !== 'claimed').length;
  if (pending) log(`warning: ${pending} devices registered as pending (terminalAuthFree not honoured?)`);

  const fleet = new Fleet(devices, { base, fetchManifest: true, reconnect: true, pace: true });
  rss.reset();
  const connect = await phase('connect', pid, () =>
    fleet.connectAll(Number(args['connect-concurrency']), progress('connected', COUNT)),
  );
  await sleep(3000);
  const held = fleet.openCount;
  const heldRss = await rssMiB(pid);
  log(
    `${held}/${COUNT} channels held after ${round(connect.ms / 1000, 1)} s (server CPU ${round((connect.cpuS / COUNT) * 1000, 1)} ms per connection); ` +
      `server RSS ${round(heldRss)} MiB (idle before: ${round(idleRss)} MiB)`,
  );
  for (const [reason, n] of connect.result) log(`  connect failure ×${n}: ${reason}`);

  // 2-3. heartbeats
  const apmBeats = await heartbeatPhases(fleet, pid, 'APM');

  // 4. one command to all
  const ids = devices.map((d) => d.terminalId);
  let batchId = '';
  log(`command: ${args.command} to ${ids.length} terminals through POST /a/api/terminalSet/command`);
  const command = await phase('command to all', pid, async () => {
    const round = await fleet.commandRound(
      fleet.openCount,
      async () => {
        const answer = await api.call<{ batchId: string }>('/a/api/terminalSet/command', {
          name: args.command,
          params: JSON.parse(args.params!) as unknown,
          terminalIds: ids,
        });
        batchId = answer.batchId;
      },
      60_000,
    );
    let summary: Record<string, number> = {};
    let confirmedMs = NaN;
    for (let i = 0; i < 1200; i++) {
      summary = await api.call(`/a/api/terminal/commandSummary?batchId=${encodeURIComponent(batchId)}`);
      if ((summary.acked ?? 0) + (summary.failed ?? 0) >= round.acked) {
        confirmedMs = performance.now() - round.startedAt;
        break;
      }
      await sleep(50);
    }
    return { ...round, summary, confirmedMs };
  });
  const cmd = command.result;
  log(
    `  operator call answered ${round(cmd.callMs)} ms; all received ${round(cmd.allReceivedMs)} ms; ` +
      `all acked (client) ${round(cmd.allAckedMs)} ms; server shows ${cmd.summary.acked} acked at ${round(cmd.confirmedMs)} ms`,
  );
  if (args['cpu-prof']) {
    mkdirSync(path.resolve(args['cpu-prof']), { recursive: true });
    writeFileSync(path.join(path.resolve(args['cpu-prof']), 'phases.json'), JSON.stringify(phases.phases));
  }
  await sleep(1000);
  const endRss = await rssMiB(pid);
  const heldAtEnd = fleet.openCount;
  const apmPeakRss = rss.peak;
  rss.stop();
  const delivery = fleet.deliveryStats();
  const closes = Object.fromEntries(fleet.closes);
  const errors = Object.fromEntries(fleet.errors);
  const manifests = {
    byStatus: Object.fromEntries(fleet.manifestStatus),
    latencyMs: fleet.manifestLatency.summary(),
  };
  await fleet.closeAll();
  if (apm) {
    await apm.stop();
    apm = undefined;
  }

  // 5. baseline
  let baseline:
    (Awaited<ReturnType<typeof heartbeatPhases>> & { held: number; rssMiB: number | null }) | null = null;
  if (!args['no-baseline']) {
    echo = await startEcho();
    log(`baseline: bare ws server ${echo.url} (pid ${echo.pid})`);
    const echoFleet = new Fleet(
      devices.map((d) => ({ deviceId: d.deviceId, terminalId: d.terminalId, token: 'baseline' })),
      { base: echo.url, fetchManifest: false, reconnect: false, pace: true },
    );
    await echoFleet.connectAll(Number(args['connect-concurrency']), progress('baseline connected', COUNT));
    const held = echoFleet.openCount;
    const beats = await heartbeatPhases(echoFleet, echo.pid, 'baseline');
    baseline = { ...beats, held, rssMiB: round(await rssMiB(echo.pid)) };
    await echoFleet.closeAll();
    await echo.stop();
    echo = undefined;
  }

  const ratio = (a: number | null, b: number | null | undefined) => (a && b ? round(a / b, 2) : null);
  const result = {
    date: new Date().toISOString(),
    count: COUNT,
    registration: {
      registered: register.result.registered,
      ms: round(register.ms),
      perSecond: register.result.registered ? round((register.result.registered / register.ms) * 1000) : null,
      serverCpuMsEach: register.result.registered
        ? round((register.cpuS / register.result.registered) * 1000, 1)
        : null,
    },
    connect: {
      ms: round(connect.ms),
      perSecond: round((COUNT / connect.ms) * 1000),
      serverCpuMsEach: round((connect.cpuS / COUNT) * 1000, 1),
      held,
      heldAtEnd,
      failures: Object.fromEntries(connect.result),
    },
    heartbeats: apmBeats,
    command: {
      terminals: ids.length,
      callMs: round(cmd.callMs),
      received: cmd.received,
      acked: cmd.acked,
      failed: cmd.failed,
      allReceivedMs: round(cmd.allReceivedMs),
      allAckedClientMs: round(cmd.allAckedMs),
      serverConfirmedMs: round(cmd.confirmedMs),
      serverSummary: cmd.summary,
      serverCpuS: round(command.cpuS, 2),
      delivery,
    },
    serverRssMiB: { idle: round(idleRss), held: round(heldRss), peak: round(apmPeakRss), end: round(endRss) },
    manifests,
    closes,
    errors,
    baseline,
    ratios: baseline && {
      capacityThroughput: ratio(apmBeats.capacity.acksPerSecond, baseline.capacity.acksPerSecond),
      capacityCpuPerHeartbeat: ratio(
        apmBeats.capacity.serverCpuUsPerHeartbeat,
        baseline.capacity.serverCpuUsPerHeartbeat,
      ),
      paceLatencyP50: ratio(apmBeats.pace.latencyMs.p50, baseline.pace.latencyMs.p50),
      paceLatencyP99: ratio(apmBeats.pace.latencyMs.p99, baseline.pace.latencyMs.p99),
    },
    targets: {
      held10k: held >= 10_000 && heldAtEnd >= 10_000,
      commandUnder2s: cmd.acked >= ids.length && cmd.allAckedMs < 2000,
      rssUnder1GiB: apmPeakRss < 1024,
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await apm?.stop();
  await echo?.stop();
  bundle?.cleanup();
  agent.destroy();
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
}
