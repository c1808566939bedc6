import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Runs a raw statement and answers its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** An integer array as ONE parameter (`$1::int[]`), however many ids: no parameter-count limit. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** Rows as ONE jsonb parameter, for `jsonb_to_recordset` (batched updates and inserts in one statement). */
export function jsonRows(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

/**
 * Runs `task` after every task queued before it; a failure does not stop the ones after it.
 * Flushes use it so that `await flush()` returns only when everything buffered before the call is written.
 */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
