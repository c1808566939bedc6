import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { startApm, type ChildServer } from '../simulator/apm-server.js';

/** A free TCP port on 127.0.0.1 (free when asked; good enough for a benchmark). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private `redis-server` (no persistence) on a free port, so that its counters are this
 * run's alone; answers its URL and a stop function.
 */
export async function startRedis(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Creates a fresh database next to `baseUrl`'s; answers its URL and a function dropping it. */
export async function createDatabase(baseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** What every instance of the cluster shares. */
export interface ClusterEnv {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  admin: { user: string; password: string };
  env: Record<string, string>;
  /** Node options of every instance (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

/**
 * Starts `count` instances of the bundled server on one database and one Redis, with one secret
 * key and data dir (shared storage): the first alone (it migrates the database and creates the
 * administrator), then the others together. Instance ids are `bench-1`, `bench-2`, ...
 */
export async function startInstances(
  main: string,
  count: number,
  shared: ClusterEnv,
): Promise<ChildServer[]> {
  const secretKey = randomBytes(32).toString('hex');
  const start = (i: number) =>
    startApm(main, {
      dataDir: shared.dataDir,
      admin: shared.admin,
      nodeArgs: shared.nodeArgs,
      env: {
        DATABASE_URL: shared.databaseUrl,
        REDIS_URL: shared.redisUrl,
        APM_REDIS_PREFIX: shared.redisPrefix,
        APM_INSTANCE_ID: `bench-${i + 1}`,
        APM_SECRET_KEY: secretKey,
        ...shared.env,
      },
    });
  const first = await start(0);
  const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
  return [first, ...rest];
}
