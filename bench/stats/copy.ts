import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../apps/server/src/db/client.js';

/** One value of a COPY text row: `\N` for null, with tabs, newlines and backslashes escaped. */
export function copyValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A COPY text row from its values. */
export const copyRow = (values: readonly (string | number | null | undefined)[]): string =>
  `${values.map(copyValue).join('\t')}\n`;

/**
 * Loads rows into a table with COPY … FROM STDIN in COPY text format: through pg-copy-streams on
 * PostgreSQL, through PGlite's `/dev/blob` on PGlite (one COPY per chunk of the iterable). Answers the
 * number of rows.
 */
export async function copyInto(
  db: Database,
  driver: 'pglite' | 'postgres',
  table: string,
  columns: readonly string[],
  chunks: Iterable<string[]>,
): Promise<number> {
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  const client = (db as unknown as { $client: Pool | PGlite }).$client;
  let rows = 0;
  if (driver === 'postgres') {
    const connection = await (client as Pool).connect();
    try {
      const counted = function* () {
        for (const chunk of chunks) {
          rows += chunk.length;
          yield chunk.join('');
        }
      };
      await pipeline(Readable.from(counted()), connection.query(copyFrom(statement)));
    } finally {
      connection.release();
    }
    return rows;
  }
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    rows += chunk.length;
    await (client as PGlite).query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], {
      blob: new Blob([chunk.join('')]),
    });
  }
  return rows;
}
