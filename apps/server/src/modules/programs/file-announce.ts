import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials, programPublications, programs } from '../../db/schema/index.js';
import type { TerminalBus } from '../../terminal/bus.js';
import { terminalsOfPlansUsing } from '../plans/program-usage.js';
import { announceManifests } from './announce.js';
import type { ProgramManifestService } from './manifest-service.js';

/** Terminals that play a program (published, or in their plans) using a material linked to the stored file `fileId`. */
export async function terminalsPlayingFile(db: Database, fileId: number): Promise<number[]> {
  const usesFile = sql`exists (select 1 from ${materials} where ${materials.fileId} = ${fileId}
        and ${programs.materialIds} @> jsonb_build_array(${materials.id}))`;
  const rows = await db
    .selectDistinct({ terminalId: programPublications.terminalId })
    .from(programPublications)
    .innerJoin(programs, eq(programs.id, programPublications.programId))
    .where(usesFile);
  const using = await db.select({ id: programs.id }).from(programs).where(usesFile);
  const viaPlans = await terminalsOfPlansUsing(
    db,
    using.map((p) => p.id),
  );
  return [...new Set([...rows.map((r) => r.terminalId), ...viaPlans])];
}

/**
 * After a file's processing finished (a converted, playable rendition may now exist), tells the
 * terminals whose manifest uses it that their manifest changed.
 */
export async function announceProcessedFile(
  db: Database,
  manifest: ProgramManifestService,
  bus: TerminalBus,
  fileId: number,
): Promise<void> {
  const terminalIds = await terminalsPlayingFile(db, fileId);
  if (terminalIds.length) await announceManifests(manifest, bus, terminalIds);
}
