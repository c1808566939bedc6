import type { Database, DatabaseHandle } from '../../src/db/client.js';

/** What both drivers' clients answer (PGlite, node-postgres' pool): one statement, its rows. */
interface SqlClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  /** PGlite: closed. */
  closed?: boolean;
  /** node-postgres' pool: ended. */
  ended?: boolean;
}

/**
 * Test databases a worker has opened and its tests have closed, kept to be emptied and handed out again
 * (newest first). A new copy of the migrated template costs ≈ 0.9 s on PGlite (a 40 MB data directory
 * unpacked into a new WebAssembly instance, then PostgreSQL's start-up) and ≈ 0.7 s on PostgreSQL
 * (`CREATE DATABASE … TEMPLATE`, then the migrations' check); emptying one costs ≈ 0.05 s. Over a thousand
 * test apps, that was most of the server suite's time. Each entry is the database's own handle, whose close
 * really closes (and on PostgreSQL drops) it.
 */
const idle: DatabaseHandle[] = [];

/** The tables a test may fill: `public`'s. The migrations' own bookkeeping (schema `drizzle`) is the template's. */
const TABLES = `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`;

/** The tables of the template, known from the first database: all empty, or reuse is off (`undefined`). */
let templateTables: Promise<string[] | undefined> | undefined;

function clientOf(db: Database): SqlClient {
  return (db as unknown as { $client: SqlClient }).$client;
}

async function namesOf(db: Database): Promise<string[]> {
  const { rows } = await clientOf(db).query<{ name: string }>(TABLES);
  return rows.map((r) => r.name);
}

/** The named tables that hold rows, in one query. */
async function filledOf(db: Database, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const probe = tables
    .map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM ${t})`)
    .join(' UNION ALL ');
  const { rows } = await clientOf(db).query<{ name: string }>(probe);
  return rows.map((r) => r.name);
}

/**
 * Empties a database back to the migrated template: tables made since (proof-of-play's monthly partitions,
 * which apps make as they start) dropped, every row of `public` gone, every sequence there back at its
 * start (ids begin at 1 again, as in a fresh copy). False when a template table is gone (a test dropped
 * a partition): that database is not reused.
 */
async function resetToTemplate(db: Database, tables: string[]): Promise<boolean> {
  const client = clientOf(db);
  const now = await namesOf(db);
  if (tables.some((t) => !now.includes(t))) return false;
  const made = now.filter((t) => !tables.includes(t));
  if (made.length) await client.query(`DROP TABLE ${made.join(', ')} CASCADE`);
  const filled = await filledOf(db, tables);
  if (filled.length) await client.query(`TRUNCATE ${filled.join(', ')} CASCADE`);
  await client.query(
    `SELECT setval(format('%I.%I', schemaname, sequencename), start_value, false)
       FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
  );
  return true;
}

/** Whether the database's client is still open. */
export function isOpen(db: Database): boolean {
  const client = clientOf(db);
  return !client.closed && !client.ended;
}

/**
 * A database of the pool, emptied, or `undefined` when none is idle (or the template has rows of its own,
 * which emptying would lose: then every test gets a fresh copy). A database that cannot be emptied back
 * to the template is closed.
 */
export async function takeIdleDatabase(): Promise<DatabaseHandle | undefined> {
  const tables = await templateTables;
  if (!tables) return undefined;
  for (let handle = idle.pop(); handle; handle = idle.pop()) {
    if (!isOpen(handle.db)) continue;
    if (await resetToTemplate(handle.db, tables)) return lent(handle);
    await handle.close();
  }
  return undefined;
}

/** Hands out a freshly opened copy of the template; closing what it answers returns the copy to the pool. */
export async function pooled(handle: DatabaseHandle): Promise<DatabaseHandle> {
  templateTables ??= (async () => {
    const tables = await namesOf(handle.db);
    return (await filledOf(handle.db, tables)).length ? undefined : tables;
  })();
  return (await templateTables) ? lent(handle) : handle;
}

function lent(handle: DatabaseHandle): DatabaseHandle {
  let closed = false;
  return {
    db: handle.db,
    driver: handle.driver,
    async close() {
      if (closed) return;
      closed = true;
      idle.push(handle);
    },
  };
}
