import type { Redis } from 'ioredis';
import type pg from 'pg';
import { cpuSeconds, rssMiB } from '../simulator/stats.js';

/** Parses `INFO` text into `field → value` (numbers where they are numbers). */
function parseInfo(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) out.set(line.slice(0, at), line.slice(at + 1));
  }
  return out;
}

/** Redis counters at one moment: commands by name, totals, network bytes, CPU seconds, memory. */
export interface RedisSnapshot {
  at: number;
  calls: Record<string, number>;
  commands: number;
  netIn: number;
  netOut: number;
  cpuS: number;
  usedMemory: number;
  keys: number;
}

/** Reads the Redis counters (`INFO commandstats`, `stats`, `cpu`, `memory`, `keyspace`). */
export async function redisSnapshot(redis: Redis): Promise<RedisSnapshot> {
  const info = parseInfo(await redis.info('everything'));
  const calls: Record<string, number> = {};
  for (const [key, value] of info) {
    if (!key.startsWith('cmdstat_')) continue;
    calls[key.slice(8)] = Number(/calls=(\d+)/.exec(value)?.[1] ?? 0);
  }
  const num = (k: string) => Number(info.get(k) ?? NaN);
  const db0 = /keys=(\d+)/.exec(info.get('db0') ?? '');
  return {
    at: Date.now(),
    calls,
    commands: num('total_commands_processed'),
    netIn: num('total_net_input_bytes'),
    netOut: num('total_net_output_bytes'),
    cpuS: num('used_cpu_user') + num('used_cpu_sys'),
    usedMemory: num('used_memory'),
    keys: db0 ? Number(db0[1]) : 0,
  };
}

/** Redis load between two snapshots, per second. */
export function redisRates(a: RedisSnapshot, b: RedisSnapshot) {
  const s = (b.at - a.at) / 1000;
  const byCommand: Record<string, number> = {};
  for (const [name, calls] of Object.entries(b.calls)) {
    const d = calls - (a.calls[name] ?? 0);
    if (d > 0) byCommand[name] = d / s;
  }
  return {
    seconds: s,
    commandsPerS: (b.commands - a.commands) / s,
    byCommandPerS: byCommand,
    netInBytesPerS: (b.netIn - a.netIn) / s,
    netOutBytesPerS: (b.netOut - a.netOut) / s,
    cpuShare: (b.cpuS - a.cpuS) / s,
    usedMemoryBytes: b.usedMemory,
  };
}

/** PostgreSQL counters of one database at one moment, and the CPU seconds of its backends. */
export interface PgSnapshot {
  at: number;
  db: Record<string, number>;
  tables: Record<string, { ins: number; upd: number; hot: number; del: number }>;
  backendCpu: Map<number, number>;
}

/** Reads `pg_stat_database`, `pg_stat_user_tables` and the CPU of the database's backends (/proc). */
export async function pgSnapshot(client: pg.Client): Promise<PgSnapshot> {
  const { rows: dbRows } = await client.query<Record<string, string>>(`
    SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_returned,
      tup_fetched, blks_read, blks_hit
    FROM pg_stat_database WHERE datname = current_database()`);
  const { rows: tableRows } = await client.query<{
    relname: string;
    ins: string;
    upd: string;
    hot: string;
    del: string;
  }>(`SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_del AS del
      FROM pg_stat_user_tables`);
  const { rows: pids } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const backendCpu = new Map<number, number>();
  for (const { pid } of pids) {
    const cpu = await cpuSeconds(pid);
    if (!Number.isNaN(cpu)) backendCpu.set(pid, cpu);
  }
  return {
    at: Date.now(),
    db: Object.fromEntries(Object.entries(dbRows[0] ?? {}).map(([k, v]) => [k, Number(v)])),
    tables: Object.fromEntries(
      tableRows.map((r) => [
        r.relname,
        { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del) },
      ]),
    ),
    backendCpu,
  };
}

/**
 * PostgreSQL load between two snapshots, per second. Backend CPU counts the connections open at
 * both ends of the window (pools keep theirs), so it is a lower bound.
 */
export function pgRates(a: PgSnapshot, b: PgSnapshot) {
  const s = (b.at - a.at) / 1000;
  const db: Record<string, number> = {};
  for (const [k, v] of Object.entries(b.db)) db[k] = (v - (a.db[k] ?? 0)) / s;
  const tables: Record<string, { ins: number; upd: number; hot: number; del: number }> = {};
  for (const [name, t] of Object.entries(b.tables)) {
    const p = a.tables[name] ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const d = {
      ins: (t.ins - p.ins) / s,
      upd: (t.upd - p.upd) / s,
      hot: (t.hot - p.hot) / s,
      del: (t.del - p.del) / s,
    };
    if (d.ins || d.upd || d.del) tables[name] = d;
  }
  let cpu = 0;
  for (const [pid, end] of b.backendCpu) {
    const start = a.backendCpu.get(pid);
    if (start !== undefined) cpu += end - start;
  }
  return {
    seconds: s,
    xactPerS: db.xact_commit ?? NaN,
    tupInsertedPerS: db.tup_inserted ?? NaN,
    tupUpdatedPerS: db.tup_updated ?? NaN,
    tupDeletedPerS: db.tup_deleted ?? NaN,
    tupReturnedPerS: db.tup_returned ?? NaN,
    tables,
    backendCpuShare: cpu / s,
  };
}

/** CPU seconds and RSS of some processes at one moment. */
export async function procSnapshot(pids: readonly number[]) {
  return {
    at: Date.now(),
    cpu: await Promise.all(pids.map((pid) => cpuSeconds(pid))),
    rss: await Promise.all(pids.map((pid) => rssMiB(pid))),
  };
}

/** Each process's share of a core between two snapshots, and its RSS at the end (MiB). */
export function procRates(
  a: Awaited<ReturnType<typeof procSnapshot>>,
  b: Awaited<ReturnType<typeof procSnapshot>>,
) {
  const s = (b.at - a.at) / 1000;
  return b.cpu.map((cpu, i) => ({ cpuShare: (cpu - a.cpu[i]!) / s, rssMiB: b.rss[i]! }));
}
