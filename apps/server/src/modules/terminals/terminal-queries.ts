import type { Terminal, TerminalLiveStatus, TERMINAL_SORT_FIELDS } from '@apm/contract';
import { asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, terminalGroups, terminals } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { groupInScope, groupWithDescendants } from './group-queries.js';

/** Filters of the terminal lists (list, baseList, screenBaseList, terminalStatusCount). */
export interface TerminalFilters {
  /** Terminals of this office and the offices below it. */
  officeId?: number;
  /** Terminals of this group and its subgroups. */
  groupId?: number;
  status?: 'online' | 'offline' | 'pending';
  /** Part of the name or device id, case-insensitive. */
  keyword?: string;
}

/** Sort and page of a terminal list. */
export interface TerminalPaging {
  pageNo: number;
  pageSize: number;
  sortField?: (typeof TERMINAL_SORT_FIELDS)[number];
  sortOrder?: 'asc' | 'desc';
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conditions of the filters; checks that the office and group named are in the caller's scope (404). */
export async function filterConditions(
  db: Database,
  auth: AuthContext,
  filters: TerminalFilters,
): Promise<SQL[]> {
  const conds: SQL[] = [];
  if (filters.officeId !== undefined) {
    const office = await officeInScope(db, auth, filters.officeId, 'officeId');
    conds.push(officesUnder(terminals.officeId, office.path));
  }
  if (filters.groupId !== undefined) {
    const group = await groupInScope(db, auth, filters.groupId, 'groupId');
    conds.push(inArray(terminals.groupId, await groupWithDescendants(db, group)));
  }
  if (filters.status === 'pending') conds.push(eq(terminals.state, 'pending'));
  else if (filters.status) {
    conds.push(eq(terminals.state, 'claimed'), eq(terminals.online, filters.status === 'online'));
  }
  const keyword = filters.keyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conds.push(or(ilike(terminals.name, pattern), ilike(terminals.deviceId, pattern))!);
  }
  return conds;
}

/** Columns of a {@link Terminal} row (office and group joined). */
export const terminalColumns = {
  id: terminals.id,
  deviceId: terminals.deviceId,
  name: terminals.name,
  state: terminals.state,
  officeId: terminals.officeId,
  officeName: offices.name,
  groupId: terminals.groupId,
  groupName: terminalGroups.name,
  platform: terminals.platform,
  appVersion: terminals.appVersion,
  resolution: terminals.resolution,
  online: terminals.online,
  lastSeenAt: terminals.lastSeenAt,
  status: terminals.status,
  latitude: terminals.latitude,
  longitude: terminals.longitude,
  address: terminals.address,
  claimedAt: terminals.claimedAt,
  createdAt: terminals.createdAt,
};

export type TerminalRow = Awaited<ReturnType<typeof terminalRows>>[number];

/** One page of terminal rows in `scope` matching `conds`, with the total count. */
export async function terminalRows(db: Database, where: SQL | undefined, paging: TerminalPaging) {
  const order = paging.sortOrder === 'asc' ? asc : desc;
  const column = {
    name: terminals.name,
    createdAt: terminals.createdAt,
    lastSeenAt: terminals.lastSeenAt,
    online: terminals.online,
  }[paging.sortField ?? 'createdAt'];
  const nullsLast = paging.sortField === 'lastSeenAt' ? sql` nulls last` : sql``;
  return db
    .select(terminalColumns)
    .from(terminals)
    .leftJoin(offices, eq(offices.id, terminals.officeId))
    .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
    .where(where)
    .orderBy(sql`${order(column)}${nullsLast}`, order(terminals.id))
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize);
}

/** Number of terminals matching `where`. */
export async function countTerminals(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(terminals)
    .where(where);
  return Number(row?.n ?? 0);
}

/** A row as the API answers it, with live presence laid over the stored one. */
export const toTerminal = (row: TerminalRow, live: TerminalLiveStatus | undefined): Terminal => ({
  ...row,
  online: live?.online ?? row.online,
  lastSeenAt: live ? live.lastSeenAt : (row.lastSeenAt?.toISOString() ?? null),
  status: live ? live.status : ((row.status as Terminal['status']) ?? null),
  claimedAt: row.claimedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
