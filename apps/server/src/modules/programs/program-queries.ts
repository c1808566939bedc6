import type { ProgramSortField, ProgramSummary } from '@apm/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  offices,
  programPublications,
  programs,
  programThumbnails,
  users,
  type ReviewState,
} from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';

/** Programs the caller may see and change: their data range (owner = creator for the `self` range). */
export const programScope = (auth: AuthContext): SQL =>
  dataScope(auth, programs.officeId, programs.createdBy);

/** How many terminals a program is published to. */
const terminalCount = sql<number>`(select count(*)::int from ${programPublications} where ${programPublications.programId} = ${programs.id})`;

/** The program revision its thumbnail was drawn from, null without one. */
const thumbnailRevision = sql<
  number | null
>`(select ${programThumbnails.revision} from ${programThumbnails} where ${programThumbnails.programId} = ${programs.id})`;

/** Columns of a {@link ProgramSummary}, over programs ⋈ offices ⟕ users. */
export const programColumns = {
  id: programs.id,
  name: programs.name,
  officeId: programs.officeId,
  officeName: offices.name,
  createdBy: programs.createdBy,
  creatorName: users.name,
  formatVersion: programs.formatVersion,
  revision: programs.revision,
  width: programs.width,
  height: programs.height,
  size: programs.size,
  materialIds: programs.materialIds,
  reviewState: programs.reviewState,
  reviewNote: programs.reviewNote,
  reviewedAt: programs.reviewedAt,
  terminalCount,
  thumbnailRevision,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
};

/** Programs with office and creator joined, for selects of {@link programColumns}. */
export function selectPrograms(db: Database) {
  return db
    .select(programColumns)
    .from(programs)
    .innerJoin(offices, eq(offices.id, programs.officeId))
    .leftJoin(users, eq(users.id, programs.createdBy));
}

type ProgramRow = Awaited<ReturnType<typeof selectPrograms>>[number];

/** A program row as the API answers it. */
export const toSummary = (row: ProgramRow): ProgramSummary => ({
  ...row,
  size: Number(row.size),
  materialIds: row.materialIds ?? [],
  terminalCount: Number(row.terminalCount),
  thumbnailRevision: row.thumbnailRevision === null ? null : Number(row.thumbnailRevision),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Filters and paging of a program list. */
export interface ProgramListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of the name, case-insensitive. */
  keyword?: string;
  reviewState?: ReviewState;
  /** Programs of this office and below, as a materialised path (already checked to be in scope). */
  officePath?: string;
  sortField?: ProgramSortField;
  sortOrder?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: programs.name,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
  size: programs.size,
} as const;

/** One page of the programs matching `scope` and the filters, filtered, sorted and paged in SQL. */
export async function pagePrograms(db: Database, scope: SQL, q: ProgramListQuery) {
  const conds: SQL[] = [scope];
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(sql`lower(${programs.name}) like ${`%${escapeLike(keyword.toLowerCase())}%`}`);
  if (q.reviewState) conds.push(eq(programs.reviewState, q.reviewState));
  if (q.officePath) conds.push(officesUnder(programs.officeId, q.officePath));
  const where = and(...conds);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(programs)
    .where(where);
  const order = q.sortOrder === 'asc' ? asc : desc;
  const rows = await selectPrograms(db)
    .where(where)
    .orderBy(order(SORT_COLUMNS[q.sortField ?? 'updatedAt']), order(programs.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list: rows.map(toSummary), count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}
