/** A real cluster for the scale-out tests: server processes over one PostgreSQL and one Redis, HAProxy in front. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../support/server.js';
import { startHaproxy, type HaproxyProcess } from './haproxy.js';

/** The administrator every cluster initialises headlessly. */
export const CLUSTER_ADMIN = { user: 'admin', password: 'Admin#2026pass' };

/** PostgreSQL and Redis of the cluster tier (`.ci/run` starts both on loopback). */
const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Removes the keys the cluster left under its Redis prefix (live presence has no expiry) with `redis-cli`,
 * which comes with Redis; without it they stay, and are named.
 */
function removeRedisKeys(prefix: string): void {
  try {
    const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}*`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    for (let at = 0; at < keys.length; at += 500)
      execFileSync('redis-cli', ['-u', REDIS_URL, 'UNLINK', ...keys.slice(at, at + 500)]);
  } catch (err) {
    console.warn(`Redis keys under ${prefix} not removed: ${(err as Error).message}`);
  }
}

/** One APM server process of the cluster. */
export interface Instance {
  id: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The running cluster. */
export interface Cluster {
  instances: Instance[];
  proxy: HaproxyProcess;
  /** A query on the cluster's database from outside the instances. */
  query<T extends object>(text: string, values?: unknown[]): Promise<T[]>;
  /** Stops HAProxy and every instance still running, drops the database and the data dir. */
  close(): Promise<void>;
}

/** A free TCP port of loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The URL of another database on the same PostgreSQL server. */
function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(DATABASE_URL, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts `count` instances of the built server (`apps/server/dist/main.js`) as the README's "Run several
 * instances" runs them: one fresh database, one Redis prefix, one shared data dir and secret key, each its own
 * port and instance id; the first initialises the system (`APM_ADMIN_USER`). Then HAProxy with
 * `deploy/haproxy.cfg` in front of them.
 */
export async function startCluster(count = 3, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const name = `apm_e2e_cluster_${randomBytes(5).toString('hex')}`;
  const prefix = `apme2e:${name}:`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(DATABASE_URL, name);
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-cluster-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // `pool.end()` resolves before its clients have closed; one still closing when `DROP … WITH (FORCE)` ends its
  // backend reports 57P01 on the pool, which is expected here. Anything else still fails the run.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') throw err;
  });
  const instances: Instance[] = [];
  let proxy: HaproxyProcess | undefined;
  const close = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
    await pool.end();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    removeRedisKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      APM_REDIS_PREFIX: prefix,
      APM_DATA_DIR: path.join(dir, 'data'),
      APM_SECRET_KEY: randomBytes(32).toString('hex'),
      APM_ADMIN_USER: CLUSTER_ADMIN.user,
      APM_ADMIN_PASSWORD: CLUSTER_ADMIN.password,
      APM_TRUST_PROXY: '127.0.0.1',
      APM_DRAIN_SECONDS: '1',
      APM_LOGIN_RATE_LIMIT: '10000',
      APM_TERMINAL_REGISTER_RATE_LIMIT: '100000',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    // One after the other: the first migrates the database and initialises the system.
    for (let i = 0; i < count; i++) {
      instances.push(await startInstance(`apm${i + 1}`, await freePort(), env));
    }
    proxy = await startHaproxy(
      dir,
      await freePort(),
      instances.map((i) => i.port),
    );
  } catch (err) {
    await close();
    throw err;
  }
  return {
    instances,
    proxy,
    async query<T extends object>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    close,
  };
}

/** Spawns the built server with `env` on `port` and waits until it says it is ready. */
async function startInstance(id: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--throw-deprecation', path.join(ROOT, 'apps/server/dist/main.js')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), APM_INSTANCE_ID: id },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`${id} did not start in 120 s:\n${out}`));
    }, 120_000);
    const check = () => {
      if (!out.includes('APM is ready at')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${id} exited with ${code}:\n${out}`));
    });
  });
  // A killed test run must not leave servers behind.
  process.once('exit', () => child.kill('SIGKILL'));
  return { id, port, url: `http://127.0.0.1:${port}`, child, output: () => out, stop };
}
