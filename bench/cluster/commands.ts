import type pg from 'pg';
import type { ChildServer } from '../simulator/apm-server.js';
import type { Device } from '../simulator/fleet.js';
import type { ConsoleApi } from '../simulator/http.js';
import { sleep } from '../simulator/stats.js';
import { pgSnapshot, procSnapshot, redisSnapshot } from './load.js';
import type { Redis } from 'ioredis';
import type { SimulatorPool, WorkerStats } from './workers.js';

/** What the command phases need from the run. */
export interface CommandPhaseInput {
  /** Signed in on instance 1: every command goes through it. */
  api: ConsoleApi;
  db: pg.Client;
  /** The run's Redis, for its CPU while command 1 fans out. */
  redis: Redis;
  pool: SimulatorPool;
  instances: ChildServer[];
  devices: Device[];
  /** Channels open before the phases: the number of terminals that must receive each command. */
  held: number;
  /** How many times command 1 goes to every terminal (figures per round, median and worst). */
  rounds: number;
  /** Share of the terminals that received the second command when the last instance is killed. */
  killAt: number;
  log: (line: string) => void;
}

/** Polls `check` every `everyMs` until it holds: answers Date.now() then, or NaN after `timeoutMs`. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return Date.now();
    await sleep(everyMs);
  }
  return NaN;
}

/** CPU seconds used so far by each part of the run: instances, simulators, PostgreSQL backends, Redis. */
async function cpuOfParts(input: CommandPhaseInput) {
  const [procs, fleet, pgNow, redisNow] = await Promise.all([
    procSnapshot(input.instances.map((i) => i.pid)),
    input.pool.progress(),
    pgSnapshot(input.db),
    redisSnapshot(input.redis),
  ]);
  return {
    at: Date.now(),
    instances: procs.cpu,
    simulators: fleet.cpuS,
    postgres: pgNow.backendCpu,
    redis: redisNow.cpuS,
  };
}

/** What each part spent between two `cpuOfParts` (backends open at both ends; wall seconds too). */
function cpuSpent(a: Awaited<ReturnType<typeof cpuOfParts>>, b: Awaited<ReturnType<typeof cpuOfParts>>) {
  let postgres = 0;
  for (const [pid, cpu] of b.postgres) postgres += cpu - (a.postgres.get(pid) ?? cpu);
  const r = (x: number) => +x.toFixed(2);
  return {
    wall: r((b.at - a.at) / 1000),
    instances: b.instances.map((c, i) => r(c - a.instances[i]!)),
    simulators: r(b.simulators - a.simulators),
    postgres: r(postgres),
    redis: r(b.redis - a.redis),
  };
}

/** Delivery states of a batch in `terminal_commands` (state → rows). */
async function batchStates(db: pg.Client, batchId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ state: string; n: number }>(
    'SELECT state, count(*)::int AS n FROM terminal_commands WHERE batch_id = $1 GROUP BY state',
    [batchId],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/**
 * Phase 3 (one command through instance 1 to every terminal) and phase 4 (a second one, the last
 * instance SIGKILLed while it is delivered, the reconnect storm), with their checks.
 */
export async function commandPhases(input: CommandPhaseInput) {
  const { api, db, pool, instances, devices, held, log } = input;
  const ids = devices.map((d) => d.terminalId);
  // A call names at most 10,000 terminal ids: the command goes to their office (the platform's root
  // office, where `terminalAuthFree` puts every terminal), which the route resolves to all of them.
  const { rows: offices } = await db.query<{ office_id: number }>(
    'SELECT DISTINCT office_id FROM terminals WHERE id = ANY($1::int[])',
    [ids],
  );
  if (offices.length !== 1) throw new Error(`terminals in ${offices.length} offices, expected one`);
  const send = (volume: number) =>
    api.call<{ batchId: string; count: number }>('/a/api/terminalSet/command', {
      name: 'volume',
      params: { volume },
      officeId: offices[0]!.office_id,
    });
  const ms = (at: number, from: number) => (Number.isFinite(at) ? at - from : null);

  // 3. one command to all, `rounds` times (the machine is shared: one run varies by a second)
  const broadcast = async (round: number) => {
    log(
      `command 1, round ${round + 1} of ${input.rounds}: volume to ${ids.length} terminals through instance 1`,
    );
    await pool.all({ op: 'round', label: `c1.${round}` });
    const cpuBefore = await cpuOfParts(input);
    const s1 = Date.now();
    log(`  sent at hrtime ${process.hrtime.bigint() / 1000n} µs (the clock of --cpu-prof profiles)`);
    const { batchId, count } = await send(30 + (round % 10));
    const callMs = Date.now() - s1;
    if (count !== ids.length) throw new Error(`the command went to ${count} terminals, not ${ids.length}`);
    const clientDone = await waitFor(async () => (await pool.progress()).round.acked >= held, 60_000, 20);
    const cpuAfter = await cpuOfParts(input);
    const r1 = (await pool.progress()).round;
    const dbDone = await waitFor(
      async () => ((await batchStates(db, batchId)).acked ?? 0) >= held,
      60_000,
      20,
    );
    const figures = {
      batchId,
      callMs,
      received: r1.received,
      acked: r1.acked,
      allReceivedMs: r1.lastReceivedAt ? r1.lastReceivedAt - s1 : null,
      allAckedClientMs: Number.isFinite(clientDone) && r1.lastAckedAt ? r1.lastAckedAt - s1 : null,
      allAckedInDatabaseMs: ms(dbDone, s1),
      states: await batchStates(db, batchId),
      cpuSecondsUntilAllAcked: cpuSpent(cpuBefore, cpuAfter),
    };
    log(
      `  call ${figures.callMs} ms; all received ${figures.allReceivedMs} ms; all acked (client) ${figures.allAckedClientMs} ms; ` +
        `all acked in the database ${figures.allAckedInDatabaseMs} ms; CPU seconds until all acked ` +
        JSON.stringify(figures.cpuSecondsUntilAllAcked),
    );
    // The fleet's next heartbeats write the new volume (a row per terminal): not part of the next round.
    await sleep(round + 1 < input.rounds ? 35_000 : 0);
    return figures;
  };
  const rounds: Awaited<ReturnType<typeof broadcast>>[] = [];
  for (let round = 0; round < input.rounds; round++) rounds.push(await broadcast(round));
  const first = rounds[0]!;
  const b1 = first.batchId;
  const sorted = (pick: (r: (typeof rounds)[number]) => number | null) =>
    rounds
      .map(pick)
      .map((v) => v ?? Number.POSITIVE_INFINITY)
      .sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor((values.length - 1) / 2)]!;
  const acked = sorted((r) => r.allAckedClientMs);
  const inDb = sorted((r) => r.allAckedInDatabaseMs);
  const roundSummary = {
    rounds: rounds.length,
    allAckedClientMs: { median: median(acked), max: acked.at(-1)! },
    allAckedInDatabaseMs: { median: median(inDb), max: inDb.at(-1)! },
  };
  log(`  ${rounds.length} rounds: ${JSON.stringify(roundSummary)}`);

  // 4. second command, kill, reconnect storm
  const victim = instances[instances.length - 1]!;
  const survivors = instances.slice(0, -1);
  log(
    `command 2, and SIGKILL of ${victim.url} once a simulator process saw ${input.killAt * 100} % of its terminals receive it`,
  );
  const stats = await pool.all<WorkerStats>({ op: 'stats' });
  await pool.each((i) => ({
    op: 'round',
    label: 'c2',
    notifyAt: Math.max(1, Math.round(input.killAt * stats[i]!.open)),
  }));
  const threshold = pool.threshold();
  const s2 = Date.now();
  let call2 = NaN;
  const call = send(42).then((r) => {
    call2 = Date.now() - s2;
    return r;
  });
  await Promise.race([threshold, sleep(60_000)]);
  const deadIds = (await pool.all<number[]>({ op: 'dead', url: victim.url })).flat();
  const cpu0 = await procSnapshot(survivors.map((i) => i.pid));
  victim.child.kill('SIGKILL');
  const killedAt = Date.now();
  const atKill = (await pool.stats()).round;
  const { batchId: b2 } = await call;
  const statesAtKill = await batchStates(db, b2);
  log(
    `  killed at ${killedAt - s2} ms (call answered at ${call2} ms): ${atKill.received} received, ${atKill.acked} acked ` +
      `by then; ${deadIds.length} terminals were on it; the database showed ${JSON.stringify(statesAtKill)}`,
  );
  const deadOnline = async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM terminals
       WHERE id = ANY($1::int[]) AND online AND last_seen_at >= to_timestamp($2::double precision / 1000)`,
      [deadIds, killedAt],
    );
    return rows[0]!.n >= deadIds.length;
  };
  const [clientBack, serverBack, dbDone2] = await Promise.all([
    // Counted on the survivors: right after the kill the simulator may not have seen the closes yet.
    waitFor(
      async () => {
        const { byBase } = await pool.stats();
        return survivors.reduce((n, i) => n + (byBase[i.url] ?? 0), 0) >= held;
      },
      180_000,
      250,
    ),
    waitFor(deadOnline, 180_000, 250),
    waitFor(async () => ((await batchStates(db, b2)).acked ?? 0) >= held, 180_000, 250),
  ]);
  const cpu1 = await procSnapshot(survivors.map((i) => i.pid));
  if (!Number.isFinite(clientBack)) {
    for (const s of survivors) {
      const lines = s
        .output()
        .split('\n')
        .filter((l) => /EMFILE|"level":(50|60)/.test(l));
      log(
        `  ${s.url}: ${lines.length} error lines${lines.length ? `, last: ${lines.at(-1)!.slice(0, 300)}` : ''}`,
      );
    }
  }
  const after = await pool.stats();
  const second = {
    callMs: call2,
    killedAtMs: killedAt - s2,
    atKill: { received: atKill.received, acked: atKill.acked, database: statesAtKill },
    terminalsOnKilledInstance: deadIds.length,
    allOpenAgainMs: ms(clientBack, killedAt),
    killedInstancesTerminalsOnlineMs: ms(serverBack, killedAt),
    allAckedInDatabaseAfterKillMs: ms(dbDone2, killedAt),
    received: after.round.received,
    acked: after.round.acked,
    open: after.open,
    heldByInstance: instances.map((i) => after.byBase[i.url] ?? 0),
    survivorCpuSecondsUntilAllBack: cpu1.cpu.map((c, i) => +(c - cpu0.cpu[i]!).toFixed(1)),
    states: await batchStates(db, b2),
    firstCommandStatesAfter: await batchStates(db, b1),
    delivery: after.delivery,
  };
  log(
    `  all open again ${second.allOpenAgainMs} ms after the kill; its terminals online in the database ` +
      `${second.killedInstancesTerminalsOnlineMs} ms; command 2 acked by all in the database ${second.allAckedInDatabaseAfterKillMs} ms; ` +
      `states ${JSON.stringify(second.states)}, command 1 ${JSON.stringify(second.firstCommandStatesAfter)}; ` +
      `delivery ${JSON.stringify(after.delivery)}`,
  );
  return { first, rounds, roundSummary, second };
}
