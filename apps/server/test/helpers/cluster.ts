import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { closeRedis, connectRedis } from '../../src/cluster/redis.js';
import { seedCatalogue } from '../../src/modules/system/seed.js';
import type { ListeningApp } from '../terminal/channel-client.js';
import { adminQuery, withDatabase } from './database-template.js';

/** The PostgreSQL and Redis of the cluster tests (`npm run test:cluster`); both are required there. */
export function clusterUrls(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error('the cluster tests need TEST_DATABASE_URL and TEST_REDIS_URL (see the README)');
  }
  return { databaseUrl, redisUrl };
}

/** One instance of a test cluster: its app listening on a local port, its own connection pool. */
export interface ClusterInstance {
  app: App;
  config: AppConfig;
  database: DatabaseHandle;
  /** `http://127.0.0.1:port` */
  base: string;
  /** Closes the app and its pool (a clean stop: buffered state is written). */
  close(): Promise<void>;
}

/** A test cluster: instances over one fresh PostgreSQL database and one Redis key prefix. */
export interface TestCluster {
  instances: ClusterInstance[];
  /** The database's URL (for a check from outside the instances). */
  databaseUrl: string;
  /** Env every instance was built with (to start another one later). */
  env: Record<string, string>;
  /** Starts one more instance over the same database and Redis prefix. */
  start(instanceId: string): Promise<ClusterInstance>;
  /** Closes every instance still open and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts `count` instances as the scale-out mode runs them (`DATABASE_URL` + `REDIS_URL`), over a new
 * database copied from the run's migrated template and a Redis prefix of their own, so that tests do
 * not see each other's keys or channels. Each listens on a free loopback port.
 */
export async function startTestCluster(
  count: number,
  extraEnv: Record<string, string> = {},
): Promise<TestCluster> {
  const { databaseUrl: serverUrl, redisUrl } = clusterUrls();
  const template = inject('databaseTemplate');
  const name = `apm_cluster_${randomBytes(6).toString('hex')}`;
  const from = template.driver === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${from}`);
  const databaseUrl = withDatabase(serverUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-cluster-'));
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    APM_REDIS_PREFIX: `apmtest:${name}:`,
    APM_DATA_DIR: dataDir,
    APM_WEB_DIR: path.join(dataDir, 'no-web'),
    APM_TERMINAL_REGISTER_RATE_LIMIT: '1000',
    ...extraEnv,
  };
  const instances: ClusterInstance[] = [];
  const start = async (instanceId: string): Promise<ClusterInstance> => {
    const config = loadConfig({ ...env, APM_INSTANCE_ID: instanceId });
    const database = await openDatabase({ url: databaseUrl });
    await seedCatalogue(database.db);
    const app = await buildApp({ config, db: database.db });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let closed: Promise<void> | undefined;
    const instance: ClusterInstance = {
      app,
      config,
      database,
      base,
      close: () =>
        (closed ??= (async () => {
          await app.close();
          await app.services.audit.flush();
          await database.close();
        })()),
    };
    instances.push(instance);
    return instance;
  };
  for (let i = 0; i < count; i++) await start(`i${i + 1}`);
  return {
    instances,
    databaseUrl,
    env,
    start,
    async close() {
      await Promise.allSettled(instances.map((i) => i.close()));
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await deleteKeys(redisUrl, env.APM_REDIS_PREFIX!);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Deletes every Redis key under `prefix` (a test cluster's), scanning so that a large keyspace does not block Redis. */
async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = connectRedis(redisUrl, 'test-cleanup');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await closeRedis(redis);
  }
}

/** A cluster instance as the terminal channel helpers take it (`register`, `claim`, `connect`). */
export function asListening(i: ClusterInstance): ListeningApp {
  return {
    app: i.app,
    db: i.database.db,
    config: i.config,
    close: i.close,
    base: i.base,
    wsUrl: (token) =>
      `${i.base.replace(/^http/, 'ws')}/apm-web/terminal/ws?token=${encodeURIComponent(token)}`,
  };
}
