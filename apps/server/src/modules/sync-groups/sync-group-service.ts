import type { SyncGroupDetail, SyncGroupSaveBody, SyncMember } from '@apm/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, syncGroupMembers, syncGroups, terminals } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { announceManifests } from '../programs/announce.js';
import type { ProgramManifestService } from '../programs/manifest-service.js';
import { fieldError } from '../users/user-access.js';
import { checkMembers, checkedLayout, checkedProgram, type SyncLayout } from './sync-group-checks.js';
import {
  membersOf,
  pageSyncGroups,
  selectSyncGroups,
  syncGroupNotFound,
  syncGroupScope,
  toSummary,
  type SyncGroupListFilters,
} from './sync-group-queries.js';

const uniqueViolation = (err: unknown): string | undefined => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return undefined;
};

/** What the members play in lockstep: changing any of it restarts the loop. */
const loopKey = (programId: number | null, layout: SyncLayout) =>
  JSON.stringify([
    programId,
    layout.mode,
    layout.columns,
    layout.rows,
    [...layout.members].sort((a, b) => a.terminalId - b.terminalId),
  ]);

/**
 * Sync groups: list, detail with the members' live state, save (create or update), delete and
 * restart. Every change of what members play sets a new epoch (the server's now) and tells every
 * terminal that joined, stayed or left to fetch its manifest.
 */
export class SyncGroupService {
  constructor(
    private readonly db: Database,
    private readonly presence: Pick<TerminalPresence, 'live'>,
    private readonly manifest: ProgramManifestService,
    private readonly bus: TerminalBus,
  ) {}

  /** One page of the groups the caller may see. */
  list(auth: AuthContext, q: SyncGroupListFilters) {
    return pageSyncGroups(this.db, this.presence, auth, q);
  }

  /** A group with its members and their live state; 404 outside the caller's range. */
  async detail(auth: AuthContext, id: number): Promise<SyncGroupDetail> {
    const [row] = await selectSyncGroups(this.db).where(and(eq(syncGroups.id, id), syncGroupScope(auth)));
    if (!row) throw syncGroupNotFound(id);
    const rows = await this.db
      .select({
        terminalId: syncGroupMembers.terminalId,
        name: terminals.name,
        officeName: offices.name,
        column: syncGroupMembers.column,
        row: syncGroupMembers.row,
      })
      .from(syncGroupMembers)
      .innerJoin(terminals, eq(terminals.id, syncGroupMembers.terminalId))
      .leftJoin(offices, eq(offices.id, terminals.officeId))
      .where(eq(syncGroupMembers.groupId, id))
      .orderBy(asc(syncGroupMembers.row), asc(syncGroupMembers.column), asc(terminals.name));
    const live = new Map((await this.presence.live(rows.map((r) => r.terminalId))).map((l) => [l.id, l]));
    const members: SyncMember[] = rows.map((r) => {
      const l = live.get(r.terminalId);
      const clock = l?.status?.clockSync;
      const lockstep = l?.status?.lockstep;
      return {
        ...r,
        officeName: r.officeName ?? '',
        online: l?.online ?? false,
        health: l?.health ?? 'offline',
        lastSeenAt: l?.lastSeenAt ?? null,
        clockSkewMs: l?.status ? l.clockSkewMs : null,
        clockOffsetMs: clock?.offsetMs ?? null,
        clockDelayMs: clock?.delayMs ?? null,
        frameErrorP95Ms: lockstep?.groupId === id && lockstep.frames > 0 ? lockstep.errorP95Ms : null,
      };
    });
    return { ...toSummary(row, members.filter((m) => m.online).length), members };
  }

  /**
   * Creates (no id) or updates a group: name, mode, program and members checked (400/404/409 naming
   * the field); a new loop (epoch = now) when the program, mode, grid or members changed.
   */
  async save(auth: AuthContext, body: SyncGroupSaveBody): Promise<SyncGroupDetail> {
    const name = body.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    if (body.id !== undefined && body.officeId !== undefined)
      throw fieldError(400, 'officeId', 'officeId is only given when creating a sync group');
    const layout = checkedLayout(body);
    const before = body.id === undefined ? undefined : await this.current(auth, body.id);
    const officeId =
      body.officeId === undefined
        ? auth.officeId
        : (await officeInScope(this.db, auth, body.officeId, 'officeId')).id;
    await checkedProgram(this.db, auth, body.programId);
    const id = await this.write(name, () =>
      this.db.transaction(async (tx) => {
        await checkMembers(tx, auth, layout.members, body.id);
        const now = Date.now();
        const loop = {
          mode: layout.mode,
          programId: body.programId,
          columns: layout.columns,
          rows: layout.rows,
        };
        if (!before) {
          const [row] = await tx
            .insert(syncGroups)
            .values({ officeId, name, ...loop, epochMs: now, createdBy: auth.userId, updatedBy: auth.userId })
            .returning({ id: syncGroups.id });
          await tx.insert(syncGroupMembers).values(layout.members.map((m) => ({ groupId: row!.id, ...m })));
          return row!.id;
        }
        const restart = loopKey(before.programId, before.layout) !== loopKey(body.programId, layout);
        await tx
          .update(syncGroups)
          .set({
            name,
            ...loop,
            ...(restart ? { epochMs: now } : {}),
            updatedBy: auth.userId,
            updatedAt: new Date(),
          })
          .where(eq(syncGroups.id, before.id));
        await tx.delete(syncGroupMembers).where(eq(syncGroupMembers.groupId, before.id));
        await tx.insert(syncGroupMembers).values(layout.members.map((m) => ({ groupId: before.id, ...m })));
        return before.id;
      }),
    );
    await this.announce([...(before?.layout.members ?? []), ...layout.members].map((m) => m.terminalId));
    return this.detail(auth, id);
  }

  /** Starts the loop again for every member at once (epoch = now); 404 outside the caller's range. */
  async restart(auth: AuthContext, id: number): Promise<SyncGroupDetail> {
    const [row] = await this.db
      .update(syncGroups)
      .set({ epochMs: Date.now(), updatedBy: auth.userId, updatedAt: new Date() })
      .where(and(eq(syncGroups.id, id), syncGroupScope(auth)))
      .returning({ id: syncGroups.id });
    if (!row) throw syncGroupNotFound(id);
    await this.announce((await membersOf(this.db, [id])).get(id) ?? []);
    return this.detail(auth, id);
  }

  /** Deletes groups, all or nothing (404 naming `ids` for the first outside the range); members go back to their own programs. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.db
      .select({ id: syncGroups.id })
      .from(syncGroups)
      .where(and(inArray(syncGroups.id, ids), syncGroupScope(auth)));
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw syncGroupNotFound(missing, 'ids');
    const members = await membersOf(this.db, ids);
    await this.db.delete(syncGroups).where(inArray(syncGroups.id, ids));
    await this.announce([...members.values()].flat());
  }

  /** The group as stored (for an update); 404 outside the caller's range. */
  private async current(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select({
        id: syncGroups.id,
        mode: syncGroups.mode,
        programId: syncGroups.programId,
        columns: syncGroups.columns,
        rows: syncGroups.rows,
      })
      .from(syncGroups)
      .where(and(eq(syncGroups.id, id), syncGroupScope(auth)));
    if (!row) throw syncGroupNotFound(id);
    const members = await this.db
      .select({
        terminalId: syncGroupMembers.terminalId,
        column: syncGroupMembers.column,
        row: syncGroupMembers.row,
      })
      .from(syncGroupMembers)
      .where(eq(syncGroupMembers.groupId, id));
    const layout: SyncLayout = { mode: row.mode, columns: row.columns, rows: row.rows, members };
    return { id: row.id, programId: row.programId, layout };
  }

  /** Runs a write; 409 naming `name` when the office has a group of that name, or `members` when a terminal joined another group meanwhile. */
  private async write<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === undefined) throw err;
      if (constraint.startsWith('sync_group_members')) {
        const msg = 'members: a terminal was just put in another sync group; try again';
        throw conflict(msg, 'inAnotherGroup', { fields: { members: msg } });
      }
      const msg = `name: another sync group of the office is called ${name}`;
      throw conflict(msg, 'nameTaken', { fields: { name: msg } });
    }
  }

  /** Tells these terminals to fetch their manifest (their sync changed). */
  private announce(terminalIds: number[]): Promise<void> {
    return announceManifests(this.manifest, this.bus, terminalIds);
  }
}
