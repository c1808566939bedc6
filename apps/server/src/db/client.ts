import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

/** The Drizzle database, whichever driver is behind it: PGlite and PostgreSQL speak one dialect. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** An open database with its driver name and a clean close. */
export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Where the generated migrations live (same relative place from src/db and from the bundled dist/). */
export const MIGRATIONS_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../drizzle' : '../../drizzle', import.meta.url),
);

/**
 * Where to open the database: a PostgreSQL URL, a PGlite directory, or PGlite in memory — empty, or started
 * from a snapshot (`PGlite.dumpDataDir`) of a database already migrated, which skips initdb.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; snapshot?: Blob };

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  // Each driver is loaded only when used: the embedded default starts faster without pg.
  if ('url' in target) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // JIT off: the statistics' aggregates cross the planner's JIT cost line and spent ~185 ms compiling
    // in a 0.5 s query (bench:stats); these are short queries that JIT does not pay back.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle client whose server went away (restart, failover) reports here; without a
    // listener the process would crash. The pool replaces the client on next use.
    pool.on('error', (err) => process.stderr.write(`PostgreSQL idle client error: ${err.message}\n`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    try {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, { pg_trgm }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm backs the trigram indexes of the name searches (migration 0007 creates the extension).
  const extensions = { pg_trgm };
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: target.snapshot });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db, driver: 'pglite', close: () => client.close() };
}

export { schema };
