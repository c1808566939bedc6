import type { PublishMode, PublishResult } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programPublications, programs, terminals } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { AuthContext } from '../auth/session-service.js';
import { assertPublishable } from '../materials/material-service.js';
import { fieldError } from '../users/user-access.js';
import { announceManifests, chunks } from './announce.js';
import type { ProgramManifestService } from './manifest-service.js';
import { programScope } from './program-queries.js';
import {
  selectTerminals,
  targetTerminals,
  terminalScope,
  type TerminalChoiceQuery,
} from './terminal-choice.js';

export { terminalScope };

/** Filters of `terminalSelect`. */
export interface TerminalSelectQuery extends TerminalChoiceQuery {
  /** Marks the terminals this program is published to; with `published`, filters on it. */
  programId?: number;
}

/** What `saveTerminals` takes. */
export interface SaveTerminalsInput {
  programId: number;
  terminalIds: number[];
  groupIds: number[];
  /** `replace` (default): exactly the chosen terminals; `add`: the chosen ones besides the others. */
  mode?: PublishMode;
  /** The window the chosen terminals play it in (absent: from now on, without end). */
  startAt?: Date | null;
  endAt?: Date | null;
}

/**
 * Publishing programs to terminals (`/a/api/publishProgram`): choosing terminals (paged, filtered,
 * scoped), and saving a program's terminal selection, which tells every terminal whose manifest
 * changed through the terminal bus.
 */
export class PublishService {
  constructor(
    private readonly db: Database,
    private readonly manifest: ProgramManifestService,
    private readonly bus: TerminalBus,
  ) {}

  /** One page of claimed terminals in the caller's scope. */
  terminalSelect(auth: AuthContext, q: TerminalSelectQuery) {
    const mark = q.programId
      ? sql<boolean>`exists (select 1 from ${programPublications} where ${programPublications.terminalId} = ${terminals.id} and ${programPublications.programId} = ${q.programId})`
      : undefined;
    return selectTerminals(this.db, auth, q, mark);
  }

  /**
   * Saves a program's terminal selection: afterwards it is published to exactly the chosen terminals
   * (and every claimed terminal of the chosen groups and their subgroups) among those of the caller's
   * scope (`replace`), or to those besides the terminals it already had (`add`); terminals outside the
   * scope keep what they have. The chosen terminals get the window (`startAt`/`endAt`, none = open).
   * The program must be approved and every material publishable. New publications play after what
   * each terminal already has.
   */
  async saveTerminals(auth: AuthContext, input: SaveTerminalsInput): Promise<PublishResult> {
    const [program] = await this.db
      .select({
        id: programs.id,
        name: programs.name,
        state: programs.reviewState,
        ids: programs.materialIds,
      })
      .from(programs)
      .where(and(eq(programs.id, input.programId), programScope(auth)));
    if (!program)
      throw fieldError(404, 'programId', `No program ${input.programId} in your scope`, 'notFound');
    if (program.state !== 'approved') {
      throw new AppError(
        409,
        `Program ${program.name} is ${program.state}; only approved programs can be published`,
        'notApproved',
        { fields: { programId: `program is ${program.state}` } },
      );
    }
    await assertPublishable(this.db, auth, program.ids ?? []);
    const target = await targetTerminals(this.db, auth, input.terminalIds, input.groupIds);
    const window = { startAt: input.startAt ?? null, endAt: input.endAt ?? null };
    const mode = input.mode ?? 'replace';
    const { added, removed } = await this.writeSelection(auth, program.id, target, window, mode);
    // Kept terminals may have a new window: every chosen terminal is told (an unchanged version is ignored).
    await announceManifests(this.manifest, this.bus, [...target, ...removed]);
    return { programId: program.id, terminalIds: target, added, removed };
  }

  /**
   * Makes the program's publications in the caller's scope exactly `target` (`replace`) or adds
   * `target` to them (`add`), giving every target the window; answers what changed.
   */
  private async writeSelection(
    auth: AuthContext,
    programId: number,
    target: number[],
    window: { startAt: Date | null; endAt: Date | null },
    mode: PublishMode,
  ) {
    const write = this.db.transaction(async (tx) => {
      const current = await tx
        .select({ terminalId: programPublications.terminalId })
        .from(programPublications)
        .innerJoin(terminals, eq(terminals.id, programPublications.terminalId))
        .where(and(eq(programPublications.programId, programId), terminalScope(auth)));
      const had = new Set(current.map((r) => r.terminalId));
      const wanted = new Set(target);
      const removedIds = mode === 'replace' ? [...had].filter((id) => !wanted.has(id)) : [];
      const addedIds = target.filter((id) => !had.has(id));
      for (const chunk of chunks(target.filter((id) => had.has(id)))) {
        await tx
          .update(programPublications)
          .set(window)
          .where(
            and(eq(programPublications.programId, programId), inArray(programPublications.terminalId, chunk)),
          );
      }
      for (const chunk of chunks(removedIds)) {
        await tx
          .delete(programPublications)
          .where(
            and(eq(programPublications.programId, programId), inArray(programPublications.terminalId, chunk)),
          );
      }
      for (const chunk of chunks(addedIds)) {
        const last = await tx
          .select({
            terminalId: programPublications.terminalId,
            max: sql<number>`max(${programPublications.sort})`,
          })
          .from(programPublications)
          .where(inArray(programPublications.terminalId, chunk))
          .groupBy(programPublications.terminalId);
        const next = new Map(last.map((r) => [r.terminalId, Number(r.max) + 1]));
        await tx
          .insert(programPublications)
          .values(
            chunk.map((terminalId) => ({
              programId,
              terminalId,
              sort: next.get(terminalId) ?? 0,
              publishedBy: auth.userId,
              ...window,
            })),
          )
          // A concurrent save of the same selection may have written some: theirs stand.
          .onConflictDoNothing();
      }
      return { added: addedIds, removed: removedIds.sort((a, b) => a - b) };
    });
    return write.catch((err: unknown) => {
      const e = err as { code?: string; cause?: { code?: string } } | null;
      // A terminal (or the program) was removed while we published: nothing was written.
      if (e?.code === '23503' || e?.cause?.code === '23503')
        throw conflict('A chosen terminal or the program was just removed; try again', 'removedMeanwhile');
      throw err;
    });
  }
}
