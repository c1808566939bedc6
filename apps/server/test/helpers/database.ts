import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { adminQuery, withDatabase, type DatabaseTemplate } from './database-template.js';
import { pooled, takeIdleDatabase } from './pglite-reuse.js';

let snapshot: Blob | undefined;

/** The run's migrated template: provided by the tests' global setup; none outside vitest (the benchmarks). */
function runTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database for one test: PGlite in memory, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database created beside it and dropped on close. Under vitest both are copies of the run's migrated
 * template (see `database-template.ts`), so the migrations themselves run once per run; a PGlite copy a test has
 * closed is emptied and handed to the worker's next test (`pglite-reuse.ts`).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = runTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (template?.driver !== 'pglite') return openDatabase({ memory: true });
    const reused = await takeIdleDatabase();
    if (reused) return reused;
    snapshot ??= new Blob([readFileSync(template.snapshotFile)]);
    return pooled(await openDatabase({ memory: true, snapshot }));
  }
  const name = `apm_test_${randomBytes(6).toString('hex')}`;
  const from = template?.driver === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await adminQuery(url, `CREATE DATABASE ${name}${from}`);
  const handle = await openDatabase({ url: withDatabase(url, name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
