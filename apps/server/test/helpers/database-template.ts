import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.js';

/** A migrated database every test database is copied from: a PGlite snapshot file, or a PostgreSQL template. */
export type DatabaseTemplate =
  { driver: 'pglite'; snapshotFile: string } | { driver: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test database is copied from (set by the global setup). */
    databaseTemplate: DatabaseTemplate;
  }
}

/** A prepared template and how to remove it after the run. */
export interface PreparedTemplate {
  template: DatabaseTemplate;
  remove(): Promise<void>;
}

/**
 * Migrates one database for the whole run (initdb and migrations cost seconds; copying costs far less):
 * with `url`, a PostgreSQL database to use as `CREATE DATABASE ... TEMPLATE`; otherwise a PGlite snapshot on disk.
 */
export async function prepareDatabaseTemplate(url: string | undefined): Promise<PreparedTemplate> {
  if (url) {
    const name = `apm_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const handle = await openDatabase({ url: withDatabase(url, name) });
    await handle.close();
    return {
      template: { driver: 'postgres', name },
      // The copies the workers kept open for reuse, then the template.
      async remove() {
        const copies = await adminRows<{ name: string }>(
          url,
          `SELECT datname AS name FROM pg_database WHERE starts_with(datname, '${copyName(name, '')}')`,
        );
        for (const copy of copies) await adminQuery(url, `DROP DATABASE IF EXISTS ${copy.name} WITH (FORCE)`);
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const handle = await openDatabase({ memory: true });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const snapshot = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-template-'));
  const snapshotFile = path.join(dir, 'pgdata.tar');
  writeFileSync(snapshotFile, Buffer.from(await snapshot.arrayBuffer()));
  return {
    template: { driver: 'pglite', snapshotFile },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The URL of another database on the same PostgreSQL server. */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** The name of a copy of the PostgreSQL template `template`: the run's copies share its prefix. */
export function copyName(template: string, suffix: string): string {
  return `${template}_${suffix}`;
}

/** Runs one statement on the server of `url` through a short-lived connection. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  await adminRows(url, sql);
}

/** Runs one statement on the server of `url` through a short-lived connection; answers its rows. */
async function adminRows<T>(url: string, sql: string): Promise<T[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query(sql)).rows as T[];
  } finally {
    await admin.end();
  }
}
