/**
 * Cluster benchmark (issue 18): 2-3 instances of the bundled server on one fresh PostgreSQL
 * database and a private Redis, and simulated terminals spread over them round-robin (no load
 * balancer: the simulator picks the instance, and after a kill reconnects to the survivors).
 *
 * 1. register N devices (spread over the instances), open N channels (simulator processes of at
 *    most `--per-process` terminals each: one process cannot hold more sockets than its open-files limit);
 * 2. steady state (`--steady-seconds`, heartbeats every 30 s): Redis commands/s, bytes/s and CPU
 *    (`INFO` deltas), PostgreSQL transactions and rows written per second (`pg_stat_database`,
 *    `pg_stat_user_tables`, CPU of the database's backends), CPU and RSS of each instance;
 * 3. one command through instance 1 to all N: until every terminal received and acked it, and
 *    until `terminal_commands` says all N acked; `--rounds` times, 35 s apart (median and worst);
 * 4. a second command through instance 1; once `--kill-at` of the terminals received it, the last
 *    instance is SIGKILLed: until all N are open again (client), until the dead instance's
 *    terminals are online in `terminals` with a `last_seen_at` after the kill (server), until every
 *    second command is acked in the database; the first command must stay acked, no command may
 *    run twice on a terminal (simulator counters);
 * 5. baseline: the same simulator processes against one bare `ws` server per instance
 *    (`simulator/echo-server.mjs`), CPU and RSS per 1,000 terminals at the same pace.
 *
 * Usage: npm run bench:cluster -- [--instances 2] [--count 19000] [--steady-seconds 90]
 *        [--kill-at 0.25] [--rounds 3] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *        [--redis-url redis://…  (default: a private redis-server)] [--no-baseline]
 *        [--cpu-prof DIR  (the instances' CPU profiles, written when they stop)]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { commandPhases } from './cluster/commands.js';
import { pgRates, pgSnapshot, procRates, procSnapshot, redisRates, redisSnapshot } from './cluster/load.js';
import { createDatabase, startInstances, startRedis } from './cluster/services.js';
import { SimulatorPool } from './cluster/workers.js';
import { bundleServer, startEcho, type ChildServer } from './simulator/apm-server.js';
import { registerDevices, type Device } from './simulator/fleet.js';
import { ConsoleApi, agent } from './simulator/http.js';
import { rssMiB, sleep } from './simulator/stats.js';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    // A survivor of two must take all: 19,000 stays under this machine's 20,000 open files a process.
    count: { type: 'string', default: '19000' },
    'per-process': { type: 'string', default: '9000' },
    'steady-seconds': { type: 'string', default: '90' },
    'kill-at': { type: 'string', default: '0.25' },
    rounds: { type: 'string', default: '3' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'redis-url': { type: 'string' },
    'connect-concurrency': { type: 'string', default: '100' },
    'no-baseline': { type: 'boolean', default: false },
    // A folder: the instances run with --cpu-prof and write their profiles there when they stop.
    'cpu-prof': { type: 'string' },
  },
});

const INSTANCES = Number(args.instances);
const COUNT = Number(args.count);
const STEADY_MS = Number(args['steady-seconds']) * 1000;
const ADMIN = { user: 'admin', password: 'Bench#2026pass' };
const log = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const round = (x: number, digits = 0) => (Number.isFinite(x) ? +x.toFixed(digits) : null);
/** A rate per 1,000 terminals. */
const per1k = (x: number, held: number) => round((x / held) * 1000, 4);

process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-bench-cluster-'));
const dbName = `apm_bench_cluster_${process.pid}`;
let bundle: Awaited<ReturnType<typeof bundleServer>> | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let redisServer: Awaited<ReturnType<typeof startRedis>> | undefined;
let instances: ChildServer[] = [];
let echoes: ChildServer[] = [];
let pool: SimulatorPool | undefined;
let redis: Redis | undefined;
let db: pg.Client | undefined;

/** Steady state of the open fleet for `ms`: Redis, PostgreSQL, processes, heartbeats. */
async function steady(ms: number, pids: number[], withStores: boolean) {
  await pool!.all({ op: 'resetHeartbeats' });
  const client0 = (await pool!.stats()).cpuS;
  const r0 = withStores ? await redisSnapshot(redis!) : null;
  const p0 = withStores ? await pgSnapshot(db!) : null;
  const s0 = await procSnapshot(pids);
  await sleep(ms);
  const s1 = await procSnapshot(pids);
  const p1 = withStores ? await pgSnapshot(db!) : null;
  const r1 = withStores ? await redisSnapshot(redis!) : null;
  const fleet = await pool!.stats();
  return {
    procs: procRates(s0, s1),
    redis: r0 && r1 ? redisRates(r0, r1) : null,
    pg: p0 && p1 ? pgRates(p0, p1) : null,
    heartbeatAcksPerS: fleet.heartbeatAcks / (ms / 1000),
    heartbeatLatency: fleet.latency,
    simulatorCpuShare: (fleet.cpuS - client0) / (ms / 1000),
    held: fleet.open,
  };
}

try {
  if (COUNT / Math.max(1, INSTANCES - 1) > 19_900) {
    log(
      `warning: after the kill each survivor must hold ${Math.ceil(COUNT / (INSTANCES - 1))} channels; ` +
        `an instance cannot hold more sockets than its open-files limit (see /proc/<pid>/limits)`,
    );
  }
  database = await createDatabase(args['database-url']!, dbName);
  redisServer = args['redis-url'] ? undefined : await startRedis();
  const redisUrl = args['redis-url'] ?? redisServer!.url;
  const prefix = `bench-cluster-${process.pid}:`;
  log(`database ${dbName}, Redis ${redisUrl} (prefix ${prefix})`);
  log('bundling the server');
  bundle = await bundleServer();
  const t0 = Date.now();
  instances = await startInstances(bundle.main, INSTANCES, {
    databaseUrl: database.url,
    redisUrl,
    redisPrefix: prefix,
    dataDir,
    admin: ADMIN,
    env: {
      APM_TERMINAL_REGISTER_RATE_LIMIT: String(Math.max(1000, COUNT * 2)),
    },
    nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [],
  });
  const urls = instances.map((i) => i.url);
  log(`${INSTANCES} instances ready in ${Date.now() - t0} ms: ${urls.join(', ')}`);
  redis = new Redis(redisUrl);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await sleep(2000);
  const idleRss = await Promise.all(instances.map((i) => rssMiB(i.pid)));

  const api = await ConsoleApi.signIn(urls[0]!, ADMIN.user, ADMIN.password);
  await api.call('/a/api/sysSetting/save', { key: 'terminalAuthFree', value: true });
  // The other instances re-read settings every 5 s (SettingsService.TTL_MS).
  await sleep(6000);

  // 1. register (each instance registers its share) and connect
  let t = Date.now();
  const shares = urls.map((_, i) => Math.floor(COUNT / INSTANCES) + (i < COUNT % INSTANCES ? 1 : 0));
  const registered = await Promise.all(
    urls.map((url, i) => registerDevices(url, shares[i]!, `bench-cl${i + 1}`, 16)),
  );
  const devices: Device[] = registered.flatMap((r) => r.devices);
  const registerMs = Date.now() - t;
  log(`registered ${devices.length} devices in ${round(registerMs / 1000, 1)} s`);

  const processes = Math.ceil(COUNT / Number(args['per-process']));
  pool = await SimulatorPool.start(processes);
  const slice = Math.ceil(COUNT / processes);
  const startFleets = (
    list: Pick<Device, 'deviceId' | 'terminalId' | 'token'>[],
    targets: string[],
    apm: boolean,
  ) =>
    pool!.each((i) => ({
      op: 'start',
      devices: list.slice(i * slice, (i + 1) * slice),
      offset: i * slice,
      instances: targets,
      fetchManifest: apm,
      reconnect: apm,
    }));
  await startFleets(devices, urls, true);
  const cpu0 = await procSnapshot(instances.map((i) => i.pid));
  t = Date.now();
  const concurrency = Math.ceil(Number(args['connect-concurrency']) / processes);
  const failures = await pool.all<Record<string, number>>({ op: 'connect', concurrency });
  const connectMs = Date.now() - t;
  const cpu1 = await procSnapshot(instances.map((i) => i.pid));
  await sleep(5000);
  let fleet = await pool.stats();
  const held = fleet.open;
  const heldBy = urls.map((u) => fleet.byBase[u] ?? 0);
  log(
    `${held}/${COUNT} channels held after ${round(connectMs / 1000, 1)} s (${heldBy.join(' + ')}); ` +
      `instance CPU per connection ${cpu1.cpu.map((c, i) => round(((c - cpu0.cpu[i]!) / heldBy[i]!) * 1000, 2)).join(' / ')} ms`,
  );
  for (const f of failures)
    for (const [reason, n] of Object.entries(f)) log(`  connect failure ×${n}: ${reason}`);

  // 2. steady state
  log(`steady state for ${STEADY_MS / 1000} s (after 10 s of settling)`);
  await sleep(10_000);
  const apmSteady = await steady(
    STEADY_MS,
    instances.map((i) => i.pid),
    true,
  );
  log(
    `  heartbeats ${round(apmSteady.heartbeatAcksPerS)}/s; Redis ${round(apmSteady.redis!.commandsPerS)} cmd/s, ` +
      `PostgreSQL ${round(apmSteady.pg!.xactPerS, 1)} xact/s, ${round(apmSteady.pg!.tupUpdatedPerS, 1)} rows updated/s; ` +
      `instances ${apmSteady.procs.map((p) => `${round(p.cpuShare * 100, 1)} % CPU ${round(p.rssMiB)} MiB`).join(', ')}`,
  );

  // 3-4. commands and the kill
  const commands = await commandPhases({
    api,
    db,
    redis,
    pool,
    instances,
    devices,
    held,
    killAt: Number(args['kill-at']),
    rounds: Math.max(1, Number(args.rounds)),
    log,
  });
  fleet = await pool.stats();
  await pool.all({ op: 'close' });
  await Promise.all(instances.map((i) => i.stop()));

  // 5. baseline
  let baseline: Awaited<ReturnType<typeof steady>> | null = null;
  let baselineIdle: number[] = [];
  if (!args['no-baseline']) {
    echoes = await Promise.all(urls.map(() => startEcho()));
    baselineIdle = await Promise.all(echoes.map((e) => rssMiB(e.pid)));
    log(`baseline: ${echoes.length} bare ws servers`);
    await startFleets(
      devices.map((d) => ({ deviceId: d.deviceId, terminalId: d.terminalId, token: 'baseline' })),
      echoes.map((e) => e.url),
      false,
    );
    await pool.all({ op: 'connect', concurrency });
    await sleep(5000);
    baseline = await steady(
      Math.min(STEADY_MS, 30_000),
      echoes.map((e) => e.pid),
      false,
    );
    log(
      `  baseline held ${baseline.held}; ${baseline.procs.map((p) => `${round(p.cpuShare * 100, 1)} % CPU`).join(', ')}`,
    );
  }

  const sumCpu = (s: Awaited<ReturnType<typeof steady>>) => s.procs.reduce((n, p) => n + p.cpuShare, 0);
  const apmRssAdded = apmSteady.procs.reduce((n, p, i) => n + p.rssMiB - idleRss[i]!, 0);
  const baseRssAdded = baseline
    ? baseline.procs.reduce((n, p, i) => n + p.rssMiB - baselineIdle[i]!, 0)
    : NaN;
  const redisRate = apmSteady.redis!;
  const pgRate = apmSteady.pg!;
  const result = {
    date: new Date().toISOString(),
    instances: INSTANCES,
    count: COUNT,
    simulatorProcesses: processes,
    registration: { ms: registerMs, perSecond: round((devices.length / registerMs) * 1000) },
    connect: { ms: connectMs, held, heldByInstance: heldBy, failures },
    steady: {
      seconds: STEADY_MS / 1000,
      heartbeatAcksPerS: round(apmSteady.heartbeatAcksPerS, 1),
      heartbeatLatencyMs: apmSteady.heartbeatLatency,
      simulatorCpuShare: round(apmSteady.simulatorCpuShare, 2),
      instances: apmSteady.procs.map((p, i) => ({
        cpuShare: round(p.cpuShare, 3),
        rssMiB: round(p.rssMiB),
        idleRssMiB: round(idleRss[i]!),
        held: heldBy[i],
      })),
      redis: {
        commandsPerS: round(redisRate.commandsPerS, 1),
        byCommandPerS: Object.fromEntries(
          Object.entries(redisRate.byCommandPerS).map(([k, v]) => [k, round(v, 2)]),
        ),
        netInBytesPerS: round(redisRate.netInBytesPerS),
        netOutBytesPerS: round(redisRate.netOutBytesPerS),
        cpuShare: round(redisRate.cpuShare, 3),
        usedMemoryMiB: round(redisRate.usedMemoryBytes / 2 ** 20, 1),
      },
      postgres: {
        xactPerS: round(pgRate.xactPerS, 2),
        tupInsertedPerS: round(pgRate.tupInsertedPerS, 2),
        tupUpdatedPerS: round(pgRate.tupUpdatedPerS, 2),
        tupDeletedPerS: round(pgRate.tupDeletedPerS, 2),
        tupReturnedPerS: round(pgRate.tupReturnedPerS),
        tables: pgRate.tables,
        backendCpuShare: round(pgRate.backendCpuShare, 3),
      },
    },
    per1000Terminals: {
      instanceCpuShare: per1k(sumCpu(apmSteady), held),
      instanceRssMiB: per1k(apmRssAdded, held),
      redisCommandsPerS: per1k(redisRate.commandsPerS, held),
      redisNetInBytesPerS: per1k(redisRate.netInBytesPerS, held),
      redisNetOutBytesPerS: per1k(redisRate.netOutBytesPerS, held),
      redisCpuShare: per1k(redisRate.cpuShare, held),
      redisMemoryMiB: per1k(redisRate.usedMemoryBytes / 2 ** 20, held),
      pgXactPerS: per1k(pgRate.xactPerS, held),
      pgRowsWrittenPerS: per1k(pgRate.tupInsertedPerS + pgRate.tupUpdatedPerS + pgRate.tupDeletedPerS, held),
      pgBackendCpuShare: per1k(pgRate.backendCpuShare, held),
    },
    commands,
    fleet: {
      delivery: fleet.delivery,
      closes: fleet.closes,
      errors: fleet.errors,
      manifests: fleet.manifests,
    },
    baseline: baseline && {
      held: baseline.held,
      cpuSharePer1000: per1k(sumCpu(baseline), baseline.held),
      rssMiBPer1000: per1k(baseRssAdded, baseline.held),
      heartbeatLatencyMs: baseline.heartbeatLatency,
    },
    ratios: baseline && {
      cpuPerTerminal: round(sumCpu(apmSteady) / held / (sumCpu(baseline) / baseline.held), 2),
      rssPerTerminal: round(apmRssAdded / held / (baseRssAdded / baseline.held), 2),
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await pool?.stop();
  await Promise.all([...instances, ...echoes].map((s) => s.stop()));
  redis?.disconnect();
  await db?.end().catch(() => {});
  await redisServer?.stop();
  await database?.drop().catch((err: unknown) => log(`could not drop ${dbName}: ${String(err)}`));
  bundle?.cleanup();
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
