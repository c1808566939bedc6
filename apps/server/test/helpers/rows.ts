import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.js';

/** Number of rows in a table, to check that a refused call changed nothing. */
export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}
