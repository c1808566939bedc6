import type { SyncGroupSummary, SyncSortField } from '@apm/contract';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, programs, syncGroupMembers, syncGroups, users } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';
import { fieldError } from '../users/user-access.js';

/** An office holding sync groups is not deleted (the office service asks this). */
registerOfficeDeleteCheck({
  key: 'syncGroups',
  label: 'sync groups',
  count: async (db, officeId) =>
    Number(
      (await db.select({ n: count() }).from(syncGroups).where(eq(syncGroups.officeId, officeId)))[0]?.n ?? 0,
    ),
});

/** Sync groups the caller may see and change: their data range (owner = creator for the `self` range). */
export const syncGroupScope = (auth: AuthContext): SQL =>
  dataScope(auth, syncGroups.officeId, syncGroups.createdBy);

/** 404 naming `field`: no such group in the caller's range (never saying whether it exists). */
export const syncGroupNotFound = (id: number, field = 'id') =>
  fieldError(404, field, `${field}: no sync group ${id} in your scope`, 'notFound');

const memberCount = sql<number>`(select count(*)::int from ${syncGroupMembers}
  where ${syncGroupMembers.groupId} = ${syncGroups.id})`;

const SORT_COLUMNS: Record<SyncSortField, SQL | typeof syncGroups.name> = {
  name: syncGroups.name,
  createdAt: sql`${syncGroups.createdAt}`,
  updatedAt: sql`${syncGroups.updatedAt}`,
  memberCount,
};

/** Group rows with what lists show. */
export function selectSyncGroups(db: Database) {
  return db
    .select({
      id: syncGroups.id,
      name: syncGroups.name,
      mode: syncGroups.mode,
      officeId: syncGroups.officeId,
      officeName: offices.name,
      programId: syncGroups.programId,
      programName: programs.name,
      programWidth: programs.width,
      programHeight: programs.height,
      columns: syncGroups.columns,
      rows: syncGroups.rows,
      epochMs: syncGroups.epochMs,
      memberCount,
      creatorName: users.name,
      createdAt: syncGroups.createdAt,
      updatedAt: syncGroups.updatedAt,
    })
    .from(syncGroups)
    .innerJoin(offices, eq(offices.id, syncGroups.officeId))
    .leftJoin(programs, eq(programs.id, syncGroups.programId))
    .leftJoin(users, eq(users.id, syncGroups.createdBy));
}

type SyncGroupRow = Awaited<ReturnType<ReturnType<typeof selectSyncGroups>['execute']>>[number];

/** A row as the contract's summary, with how many members are online. */
export const toSummary = (r: SyncGroupRow, onlineCount: number): SyncGroupSummary => ({
  ...r,
  epochMs: Number(r.epochMs),
  memberCount: Number(r.memberCount),
  onlineCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The member terminal ids of groups, by group. */
export async function membersOf(db: Database, groupIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await db
    .select({ groupId: syncGroupMembers.groupId, terminalId: syncGroupMembers.terminalId })
    .from(syncGroupMembers)
    .where(inArray(syncGroupMembers.groupId, groupIds));
  for (const r of rows) out.get(r.groupId)?.push(r.terminalId);
  return out;
}

/** Filters and paging of the group list. */
export interface SyncGroupListFilters {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  mode?: 'mirror' | 'wall';
  sort?: SyncSortField;
  order?: 'asc' | 'desc';
}

/**
 * One page of the groups of the caller's range: filtered by group or program name and mode, sorted,
 * paged in SQL; each with how many of its members live presence has online.
 */
export async function pageSyncGroups(
  db: Database,
  presence: Pick<TerminalPresence, 'live'>,
  auth: AuthContext,
  q: SyncGroupListFilters,
) {
  const word = q.keyword?.trim().toLowerCase();
  const pattern = word ? `%${escapeLike(word)}%` : '';
  const where = and(
    syncGroupScope(auth),
    q.mode ? eq(syncGroups.mode, q.mode) : undefined,
    word
      ? sql`(lower(${syncGroups.name}) like ${pattern} or exists (select 1 from ${programs} where ${programs.id} = ${syncGroups.programId} and lower(${programs.name}) like ${pattern}))`
      : undefined,
  );
  const direction = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort ?? 'updatedAt'];
  const [rows, [total]] = await Promise.all([
    selectSyncGroups(db)
      .where(where)
      .orderBy(direction(column), direction(syncGroups.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(syncGroups)
      .where(where),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  const live = await presence.live([...members.values()].flat());
  const online = new Set(live.filter((l) => l.online).map((l) => l.id));
  const list = rows.map((r) => toSummary(r, (members.get(r.id) ?? []).filter((id) => online.has(id)).length));
  return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** Terminals in the sync groups that play any of these programs (told when a program changes or goes). */
export async function terminalsOfSyncGroupsPlaying(db: Database, programIds: number[]): Promise<number[]> {
  if (programIds.length === 0) return [];
  const rows = await db
    .select({ terminalId: syncGroupMembers.terminalId })
    .from(syncGroupMembers)
    .innerJoin(syncGroups, eq(syncGroups.id, syncGroupMembers.groupId))
    .where(inArray(syncGroups.programId, programIds));
  return rows.map((r) => r.terminalId);
}
