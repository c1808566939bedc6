import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { adminQuery, copyName, withDatabase, type DatabaseTemplate } from './database-template.js';
import { pooled, takeIdleDatabase } from './database-reuse.js';

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
 * A fresh, migrated database for one test: PGlite in memory, or — when TEST_DATABASE_URL is set — a
 * PostgreSQL database created beside it. Under vitest both are copies of the run's migrated template (see
 * `database-template.ts`), so the migrations themselves run once per run, and a copy a test has closed is
 * emptied and handed to the worker's next test (`database-reuse.ts`); the run's end drops them. Outside
 * vitest (the benchmarks) each is migrated anew, and a PostgreSQL one is dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = runTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (!template) return url ? openDropped(url) : openDatabase({ memory: true });
  const reused = await takeIdleDatabase();
  if (reused) return reused;
  if (template.driver === 'pglite') {
    snapshot ??= new Blob([readFileSync(template.snapshotFile)]);
    return pooled(await openDatabase({ memory: true, snapshot }));
  }
  if (!url) throw new Error('the run has a PostgreSQL template but TEST_DATABASE_URL is not set');
  return pooled(await openDropped(url, copyName(template.name, hex()), template.name));
}

function hex(): string {
  return randomBytes(6).toString('hex');
}

/** A new, migrated PostgreSQL database `name` beside `url`'s (a copy of `template` when given), dropped on close. */
async function openDropped(
  url: string,
  name = `apm_test_${hex()}`,
  template?: string,
): Promise<DatabaseHandle> {
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const handle = await openDatabase({ url: withDatabase(url, name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
