import { intakeReviewColumns, recordIntake, reviewIntake } from '../review/review-intake.js';
import { PROGRAM_FORMAT_VERSION, type ProgramDetail, type ProgramSaved } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programPublications, programs, terminals, users } from '../../db/schema/index.js';
import { conflict, forbidden, revisionConflict } from '../../lib/errors.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeFilterPath, ownerOfficeId } from '../offices/office-scope.js';
import type { SettingsService } from '../settings/service.js';
import { fieldError } from '../users/user-access.js';
import { plansUsing, terminalsOfPlansUsing } from '../plans/program-usage.js';
import { terminalsOfSyncGroupsPlaying } from '../sync-groups/sync-group-queries.js';
import { announceManifests } from './announce.js';
import type { ProgramManifestService } from './manifest-service.js';
import { checkProgram } from './program-document.js';
import {
  pagePrograms,
  programScope,
  selectPrograms,
  toSummary,
  type ProgramListQuery,
} from './program-queries.js';
import { ProgramThumbnailService } from './thumbnail-service.js';
import { registerProgramUsageCheck } from './usage-check.js';

registerProgramUsageCheck();

/** What `save` takes: no id creates, an id updates. */
export interface ProgramSaveInput {
  id?: number;
  /** The program document (any known format version), as an object or JSON text. */
  document: unknown;
  /** Office that owns a new program (in the caller's scope); default the caller's office. */
  officeId?: number;
  /**
   * The revision the editor opened: the save is refused with 409 `programConflict` when the program
   * was saved by someone else since (never a silent overwrite). Without it the save always applies.
   */
  baseRevision?: number;
}

const notInScope = (id: number, field = 'id') =>
  fieldError(404, field, `No program ${id} in your scope`, 'notFound');

const requirePermission = (auth: AuthContext, permission: string) => {
  if (!auth.permissions.has(permission)) throw forbidden(`Requires permission ${permission}`, 'noPermission');
};

/**
 * Programs: save (create or update; validated, migrated, stored with their size and material ids),
 * list, detail, delete, copy. While the audit switch is on a saved program waits for review and
 * terminals do not get it; terminals that play a changed or deleted program are told at once.
 */
export class ProgramService {
  /** Thumbnails of programs (first scene drawn by the console). */
  readonly thumbnails: ProgramThumbnailService;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly manifest: ProgramManifestService,
    private readonly bus: TerminalBus,
  ) {
    this.thumbnails = new ProgramThumbnailService(db);
  }

  /** Creates (no id; needs program:make:add) or updates (needs program:make:edit) a program. */
  async save(auth: AuthContext, input: ProgramSaveInput): Promise<ProgramSaved> {
    requirePermission(auth, input.id === undefined ? 'program:make:add' : 'program:make:edit');
    const checked = await checkProgram(this.db, auth, input.document);
    const intake = await reviewIntake(this.db, this.settings, auth, 'program');
    const { reviewState } = intake;
    const values = {
      name: checked.document.name,
      document: checked.document as unknown as Record<string, unknown>,
      formatVersion: PROGRAM_FORMAT_VERSION,
      width: checked.document.canvas.w,
      height: checked.document.canvas.h,
      size: checked.size,
      materialIds: checked.materialIds,
      ...intakeReviewColumns(intake),
      updatedAt: new Date(),
    };
    let saved: { id: number; revision: number; officeId: number };
    if (input.id === undefined) {
      const officeId = await ownerOfficeId(this.db, auth, input.officeId);
      [saved] = (await this.db
        .insert(programs)
        .values({ ...values, officeId, createdBy: auth.userId })
        .returning({ id: programs.id, revision: programs.revision, officeId: programs.officeId })) as [
        typeof saved,
      ];
    } else {
      const [row] = await this.db
        .update(programs)
        .set({ ...values, revision: sql`${programs.revision} + 1` })
        .where(
          and(
            eq(programs.id, input.id),
            programScope(auth),
            input.baseRevision === undefined ? undefined : eq(programs.revision, input.baseRevision),
          ),
        )
        .returning({ id: programs.id, revision: programs.revision, officeId: programs.officeId });
      if (!row) throw await this.saveRefusal(auth, input.id);
      saved = row;
      await this.announce([saved.id]);
    }
    await recordIntake(this.db, auth, 'program', intake, [{ ...saved, name: values.name }]);
    return {
      id: saved.id,
      revision: saved.revision,
      size: checked.size,
      materialIds: checked.materialIds,
      reviewState,
      migratedFrom: checked.migratedFrom,
    };
  }

  /** One page of the programs the caller may see. */
  async list(auth: AuthContext, q: Omit<ProgramListQuery, 'officePath'> & { officeId?: number }) {
    const { officeId, ...rest } = q;
    const officePath = await officeFilterPath(this.db, auth, officeId);
    return pagePrograms(this.db, programScope(auth), { ...rest, officePath });
  }

  /** A program with its document; 404 outside the caller's scope. */
  async detail(auth: AuthContext, id: number): Promise<ProgramDetail> {
    const [row] = await selectPrograms(this.db).where(and(eq(programs.id, id), programScope(auth)));
    if (!row) throw notInScope(id);
    const [extra] = await this.db
      .select({ document: programs.document, reviewerName: users.name })
      .from(programs)
      .leftJoin(users, eq(users.id, programs.reviewedBy))
      .where(eq(programs.id, id));
    return {
      ...toSummary(row),
      document: extra!.document as unknown as ProgramDetail['document'],
      reviewerName: extra?.reviewerName ?? null,
    };
  }

  /**
   * Deletes programs (all or nothing). A program published to terminals is only deleted with `force`
   * (its publications go with it and its terminals get a new manifest); otherwise 409 `programPublished`
   * lists where each is published, so that nothing disappears from screens by surprise.
   */
  async delete(auth: AuthContext, ids: number[], force = false): Promise<void> {
    const terminalIds = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: programs.id, name: programs.name })
        .from(programs)
        .where(and(inArray(programs.id, ids), programScope(auth)))
        .for('update');
      const missing = ids.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw notInScope(missing[0]!, 'ids');
      // A plan would play nothing where it names a deleted program: never, even with force.
      const inPlans = await plansUsing(tx, ids);
      if (inPlans.length) {
        const names = inPlans.map(
          (u) =>
            `${rows.find((r) => r.id === u.programId)?.name ?? u.programId} (${u.plans.map((p) => p.name).join(', ')})`,
        );
        throw conflict(
          `Used by play plans: ${names.join('; ')}; take it out of those plans first`,
          'programInPlans',
          { field: 'ids', plans: inPlans },
        );
      }
      if (!force) {
        const where = await publishedWhere(tx, ids);
        if (where.length) {
          const names = where.map((p) => rows.find((r) => r.id === p.programId)?.name ?? p.programId);
          throw conflict(
            `Published to terminals: ${names.join(', ')}; unpublish first, or delete with force to take them off those screens`,
            'programPublished',
            { field: 'ids', published: where },
          );
        }
      }
      const published = await tx
        .delete(programPublications)
        .where(inArray(programPublications.programId, ids))
        .returning({ terminalId: programPublications.terminalId });
      // Sync groups of a deleted program are left without one: their members go back to their own plans.
      const synced = await terminalsOfSyncGroupsPlaying(tx, ids);
      await tx.delete(programs).where(inArray(programs.id, ids));
      return [...new Set([...published.map((p) => p.terminalId), ...synced])];
    });
    await announceManifests(this.manifest, this.bus, terminalIds);
  }

  /** Copies a program (same document, office and thumbnail, new name; needs program:make:add). */
  async copy(auth: AuthContext, id: number, name?: string): Promise<ProgramSaved> {
    const [row] = await this.db
      .select({ name: programs.name, document: programs.document, officeId: programs.officeId })
      .from(programs)
      .where(and(eq(programs.id, id), programScope(auth)));
    if (!row) throw notInScope(id);
    const copyName = name?.trim() || `${row.name} (copy)`.slice(0, 200);
    const saved = await this.save(auth, {
      document: { ...row.document, name: copyName },
      officeId: row.officeId,
    });
    await this.thumbnails.copy(id, saved.id, saved.revision);
    return saved;
  }

  /** Why an update matched no row: out of scope (404), or saved by someone else since (409 with the revision and when). */
  private async saveRefusal(auth: AuthContext, id: number): Promise<Error> {
    const [current] = await this.db
      .select({ revision: programs.revision, updatedAt: programs.updatedAt })
      .from(programs)
      .where(and(eq(programs.id, id), programScope(auth)));
    if (!current) return notInScope(id);
    return revisionConflict('program', 'programConflict', current);
  }

  /** Tells the terminals playing these programs (published, or in their plans) that their manifest changed. */
  async announce(programIds: number[]): Promise<void> {
    const rows = await this.db
      .select({ terminalId: programPublications.terminalId })
      .from(programPublications)
      .where(inArray(programPublications.programId, programIds));
    const viaPlans = await terminalsOfPlansUsing(this.db, programIds);
    const viaSync = await terminalsOfSyncGroupsPlaying(this.db, programIds);
    await announceManifests(this.manifest, this.bus, [
      ...rows.map((r) => r.terminalId),
      ...viaPlans,
      ...viaSync,
    ]);
  }
}

/** How many terminals a `programPublished` refusal names per program (the count says the rest). */
const PUBLISHED_NAMED = 20;

/** Where each of `ids` is published: the program, how many terminals, and the first terminals by name. */
async function publishedWhere(
  db: Pick<Database, 'select'>,
  ids: number[],
): Promise<{ programId: number; terminalCount: number; terminals: { id: number; name: string }[] }[]> {
  const rows = await db
    .select({ programId: programPublications.programId, id: terminals.id, name: terminals.name })
    .from(programPublications)
    .innerJoin(terminals, eq(terminals.id, programPublications.terminalId))
    .where(inArray(programPublications.programId, ids))
    .orderBy(programPublications.programId, terminals.name, terminals.id);
  const byProgram = new Map<number, { id: number; name: string }[]>();
  for (const { programId, id, name } of rows) {
    byProgram.set(programId, [...(byProgram.get(programId) ?? []), { id, name }]);
  }
  return [...byProgram].map(([programId, list]) => ({
    programId,
    terminalCount: list.length,
    terminals: list.slice(0, PUBLISHED_NAMED),
  }));
}
