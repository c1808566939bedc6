import type { PlayDimension } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { playHourly } from '../../db/schema/index.js';
import { queryRows } from '../../terminal/sql.js';
import { dimensionKind, dimensionOf, playWhere, type PlayFilter } from './play-queries.js';
import { bucketRows, isoText, type StatsPeriod } from './stats-period.js';
import type { StatsScope } from './stats-scope.js';

/** One exported row: a bucket and a program, material, message, terminal or office with its plays. */
export interface PlayExportRow {
  bucket: string;
  id: number;
  name: string;
  plays: number;
  seconds: number;
  terminals: number;
}

const h = playHourly;

/**
 * The export's rows, one bucket at a time (each a small indexed read of the roll-up), so that a
 * long period never holds more than one bucket's rows in memory.
 */
export async function* playExportRows(
  db: Database,
  scope: StatsScope,
  p: StatsPeriod,
  f: PlayFilter,
  dimension: PlayDimension,
): AsyncGenerator<PlayExportRow[]> {
  const buckets = await queryRows<{ b: string; e: string }>(
    db,
    sql`select ${isoText(sql`b`)} as b, ${isoText(sql`e`)} as e from (${bucketRows(p)}) x order by b`,
  );
  const d = dimensionOf(dimension);
  for (const bucket of buckets) {
    const from = new Date(Math.max(Date.parse(bucket.b), p.from.getTime()));
    const to = new Date(Math.min(Date.parse(bucket.e), p.to.getTime()));
    const where = playWhere(scope, { ...p, from, to }, f, dimensionKind(dimension, f));
    const rows = await queryRows<{ id: number; name: string; plays: number; ms: number; terminals: number }>(
      db,
      sql`select ${d.key} as id, ${d.name} as name, sum(${h.plays})::int as plays, sum(${h.durationMs})::float8 as ms,
          count(distinct ${h.terminalId})::int as terminals
        from ${h} ${d.join} where ${where} group by ${d.key} order by sum(${h.plays}) desc, 1`,
    );
    if (rows.length)
      yield rows.map((r) => ({
        bucket: bucket.b,
        id: r.id,
        name: r.name,
        plays: r.plays,
        seconds: Number(r.ms) / 1000,
        terminals: r.terminals,
      }));
  }
}
