import { syncLoopOf, type ManifestSync } from '@apm/contract';
import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { syncGroupMembers, syncGroups } from '../../db/schema/index.js';
import type { LoadedTerminal } from '../programs/manifest-load.js';
import { approvedPrograms } from '../plans/terminal-schedule.js';
import { chunks } from '../programs/announce.js';

/** A loaded manifest with the sync group its terminal plays in (null: none). */
export type SyncedTerminal = LoadedTerminal & { sync: ManifestSync | null };

/**
 * Adds to loaded manifests the sync group of each member terminal, and the group's program (approved
 * only) to its programs when it is not there yet (`published: false`, after the others), so the
 * terminal downloads its materials. A member whose group has no approved program gets no sync.
 */
export async function addSyncGroups(
  db: Database,
  loaded: Map<number, LoadedTerminal>,
  withDocuments: boolean,
): Promise<Map<number, SyncedTerminal>> {
  const out = loaded as Map<number, SyncedTerminal>;
  for (const l of out.values()) l.sync = null;
  const rows: {
    terminalId: number;
    groupId: number;
    name: string;
    mode: 'mirror' | 'wall';
    epochMs: number;
    programId: number | null;
    columns: number;
    rows: number;
    column: number;
    row: number;
  }[] = [];
  for (const chunk of chunks([...loaded.keys()])) {
    rows.push(
      ...(await db
        .select({
          terminalId: syncGroupMembers.terminalId,
          groupId: syncGroups.id,
          name: syncGroups.name,
          mode: syncGroups.mode,
          epochMs: syncGroups.epochMs,
          programId: syncGroups.programId,
          columns: syncGroups.columns,
          rows: syncGroups.rows,
          column: syncGroupMembers.column,
          row: syncGroupMembers.row,
        })
        .from(syncGroupMembers)
        .innerJoin(syncGroups, eq(syncGroups.id, syncGroupMembers.groupId))
        .where(and(inArray(syncGroupMembers.terminalId, chunk), isNotNull(syncGroups.programId)))),
    );
  }
  if (!rows.length) return out;
  const programs = await approvedPrograms(
    db,
    rows.map((r) => r.programId!),
    withDocuments,
  );
  for (const r of rows) {
    const entry = out.get(r.terminalId);
    const program = programs.get(r.programId!);
    if (!entry || !program) continue;
    // A program edited since to wait for a touch cannot keep step: the member plays its own plans.
    if (program.document && syncLoopOf(program.document).problem !== null) continue;
    if (!entry.published.some((p) => p.programId === program.programId)) {
      const sort = entry.published.reduce((max, p) => Math.max(max, p.sort), -1) + 1;
      entry.published.push({ ...program, sort, startAt: null, endAt: null, published: false });
    }
    entry.sync = {
      groupId: r.groupId,
      name: r.name,
      mode: r.mode,
      epochMs: Number(r.epochMs),
      programId: program.programId,
      ...(r.mode === 'wall'
        ? { wall: { columns: r.columns, rows: r.rows, column: r.column, row: r.row } }
        : {}),
    };
  }
  return out;
}

/** Takes the sync away from terminals whose group's program was dropped since (it holds a material not approved). */
export function dropOrphanSync(loaded: Map<number, SyncedTerminal>): void {
  for (const l of loaded.values()) {
    if (l.sync && !l.published.some((p) => p.programId === l.sync!.programId)) l.sync = null;
  }
}
