import type { TerminalLiveStatus } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { intArray, queryRows } from '../../terminal/sql.js';

/** A download the terminal reported, with the material's name (null when it is not named, see below). */
export type NamedDownload = TerminalLiveStatus['downloads'][number] & { materialName: string | null };

/**
 * The terminal's downloads with their materials' names, in one query. Only materials of programs
 * published to the terminal are named: the ids come from the device, which must not learn the
 * console user the names of other libraries' materials by reporting their ids.
 */
export async function nameDownloads(
  db: Database,
  terminalId: number,
  downloads: TerminalLiveStatus['downloads'],
): Promise<NamedDownload[]> {
  if (!downloads.length) return [];
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT m.id, m.name FROM materials m
        WHERE m.id = ANY(${intArray(downloads.map((d) => d.materialId))}) AND EXISTS (
          SELECT 1 FROM program_publications pp JOIN programs p ON p.id = pp.program_id
          WHERE pp.terminal_id = ${terminalId} AND p.material_ids @> to_jsonb(m.id))`,
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return downloads.map((d) => ({ ...d, materialName: names.get(d.materialId) ?? null }));
}
