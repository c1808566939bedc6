import type { PublishMode, PublishResult, PublishTerminal } from '@apm/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, programPublications, programs, terminalGroups, terminals } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { AuthContext } from '../auth/session-service.js';
import { assertPublishable } from '../materials/material-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import { announceManifests, chunks } from './announce.js';
import type { ProgramManifestService } from './manifest-service.js';
import { programScope } from './program-queries.js';

/** Claimed terminals of the caller's data range (terminals have no owner: `self` means the own office). */
export const terminalScope = (auth: AuthContext): SQL =>
  and(eq(terminals.state, 'claimed'), isNotNull(terminals.officeId), dataScope(auth, terminals.officeId))!;

/** Filters of `terminalSelect`. */
export interface TerminalSelectQuery {
  pageNo: number;
  pageSize: number;
  /** Terminals of this office and below. */
  officeId?: number;
  /** Terminals of this group and its subgroups. */
  groupId?: number;
  /** Part of the name or device id, case-insensitive. */
  keyword?: string;
  online?: boolean;
  /** Marks the terminals this program is published to; with `published`, filters on it. */
  programId?: number;
  published?: boolean;
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
  async terminalSelect(auth: AuthContext, q: TerminalSelectQuery) {
    const conds: SQL[] = [terminalScope(auth)];
    if (q.officeId !== undefined) {
      const office = await officeInScope(this.db, auth, q.officeId, 'officeId');
      conds.push(officesUnder(terminals.officeId, office.path));
    }
    if (q.groupId !== undefined) {
      const groupIds = await this.groupsWithDescendants(auth, [q.groupId], 'groupId');
      conds.push(inArray(terminals.groupId, groupIds));
    }
    const keyword = q.keyword?.trim().toLowerCase();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      conds.push(
        sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
      );
    }
    if (q.online !== undefined) conds.push(eq(terminals.online, q.online));
    const published = q.programId
      ? sql<boolean>`exists (select 1 from ${programPublications} where ${programPublications.terminalId} = ${terminals.id} and ${programPublications.programId} = ${q.programId})`
      : sql<boolean>`false`;
    if (q.programId && q.published !== undefined) conds.push(q.published ? published : sql`not ${published}`);
    const where = and(...conds);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(terminals)
      .where(where);
    const rows = await this.db
      .select({
        id: terminals.id,
        name: terminals.name,
        officeId: terminals.officeId,
        officeName: offices.name,
        groupId: terminals.groupId,
        groupName: terminalGroups.name,
        platform: terminals.platform,
        resolution: terminals.resolution,
        online: terminals.online,
        lastSeenAt: terminals.lastSeenAt,
        published,
      })
      .from(terminals)
      .innerJoin(offices, eq(offices.id, terminals.officeId))
      .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
      .where(where)
      .orderBy(desc(terminals.online), asc(terminals.name), asc(terminals.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const list: PublishTerminal[] = rows.map((r) => ({
      ...r,
      officeId: r.officeId!,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      published: r.published === true || String(r.published) === 't',
    }));
    return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
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
    const chosen = await this.terminalsInScope(auth, input.terminalIds);
    const viaGroups = input.groupIds.length
      ? await this.db
          .select({ id: terminals.id })
          .from(terminals)
          .where(
            and(
              terminalScope(auth),
              inArray(terminals.groupId, await this.groupsWithDescendants(auth, input.groupIds, 'groupIds')),
            ),
          )
      : [];
    const target = [...new Set([...chosen, ...viaGroups.map((r) => r.id)])].sort((a, b) => a - b);
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

  /** The ids, all claimed terminals of the caller's scope; 404 naming the others. */
  private async terminalsInScope(auth: AuthContext, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await this.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(inArray(terminals.id, unique), terminalScope(auth)));
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) {
      throw fieldError(
        404,
        'terminalIds',
        `No claimed terminal ${missing.slice(0, 20).join(', ')} in your scope`,
        'notFound',
      );
    }
    return unique;
  }

  /** The groups (of offices in the caller's scope) and all their subgroups; 404 naming unknown ones. */
  private async groupsWithDescendants(auth: AuthContext, ids: number[], field: string): Promise<number[]> {
    const all = await this.db
      .select({ id: terminalGroups.id, parentId: terminalGroups.parentId })
      .from(terminalGroups)
      .where(dataScope(auth, terminalGroups.officeId));
    const known = new Set(all.map((g) => g.id));
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length) {
      throw fieldError(404, field, `No terminal group ${missing.join(', ')} in your scope`, 'notFound');
    }
    const out = new Set(ids);
    for (let grew = true; grew;) {
      grew = false;
      for (const g of all) {
        if (g.parentId !== null && out.has(g.parentId) && !out.has(g.id)) {
          out.add(g.id);
          grew = true;
        }
      }
    }
    return [...out];
  }
}
