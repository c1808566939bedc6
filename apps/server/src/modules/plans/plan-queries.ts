import type { PlanSortField, PlanSummary, PlanValidity } from '@apm/contract';
import { and, asc, desc, eq, gt, isNotNull, lt, or, isNull, lte, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, planPublications, plans, users, type ReviewState } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';

/** Plans the caller may see and change: their data range (owner = creator for the `self` range). */
export const planScope = (auth: AuthContext): SQL => dataScope(auth, plans.officeId, plans.createdBy);

/** How many terminals a plan is published to. */
const terminalCount = sql<number>`(select count(*)::int from ${planPublications} where ${planPublications.planId} = ${plans.id})`;

/** Columns of a {@link PlanSummary} (less its validity), over plans ⋈ offices ⟕ users. */
export const planColumns = {
  id: plans.id,
  name: plans.name,
  officeId: plans.officeId,
  officeName: offices.name,
  createdBy: plans.createdBy,
  creatorName: users.name,
  revision: plans.revision,
  entryCount: plans.entryCount,
  startDate: plans.startDate,
  endDate: plans.endDate,
  programIds: plans.programIds,
  reviewState: plans.reviewState,
  reviewNote: plans.reviewNote,
  reviewedAt: plans.reviewedAt,
  terminalCount,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
};

/** Plans with office and creator joined, for selects of {@link planColumns}. */
export function selectPlans(db: Database) {
  return db
    .select(planColumns)
    .from(plans)
    .innerJoin(offices, eq(offices.id, plans.officeId))
    .leftJoin(users, eq(users.id, plans.createdBy));
}

type PlanRow = Awaited<ReturnType<typeof selectPlans>>[number];

/** Where a plan stands on `today` (`YYYY-MM-DD`) from its entries' date range. */
export function validityOf(startDate: string | null, endDate: string | null, today: string): PlanValidity {
  if (endDate !== null && endDate < today) return 'expired';
  if (startDate !== null && startDate > today) return 'upcoming';
  return 'current';
}

/** A plan row as the API answers it. */
export const toSummary = (row: PlanRow, today: string): PlanSummary => ({
  ...row,
  programIds: row.programIds ?? [],
  terminalCount: Number(row.terminalCount),
  validity: validityOf(row.startDate, row.endDate, today),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The condition of a validity on `today`, matching {@link validityOf}. */
function validityWhere(validity: PlanValidity, today: string): SQL {
  switch (validity) {
    case 'expired':
      return and(isNotNull(plans.endDate), lt(plans.endDate, today))!;
    case 'upcoming':
      return and(
        isNotNull(plans.startDate),
        gt(plans.startDate, today),
        or(isNull(plans.endDate), gte(plans.endDate, today)),
      )!;
    case 'current':
      return and(
        or(isNull(plans.startDate), lte(plans.startDate, today)),
        or(isNull(plans.endDate), gte(plans.endDate, today)),
      )!;
  }
}

/** Filters and paging of a plan list. */
export interface PlanListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of the name, case-insensitive. */
  keyword?: string;
  reviewState?: ReviewState;
  validity?: PlanValidity;
  /** Plans of this office and below, as a materialised path (already checked to be in scope). */
  officePath?: string;
  sortField?: PlanSortField;
  sortOrder?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: plans.name,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
  startDate: plans.startDate,
  endDate: plans.endDate,
} as const;

/** One page of the plans matching `scope` and the filters, filtered, sorted and paged in SQL. */
export async function pagePlans(db: Database, scope: SQL, q: PlanListQuery, today: string) {
  const conds: SQL[] = [scope];
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(sql`lower(${plans.name}) like ${`%${escapeLike(keyword.toLowerCase())}%`}`);
  if (q.reviewState) conds.push(eq(plans.reviewState, q.reviewState));
  if (q.validity) conds.push(validityWhere(q.validity, today));
  if (q.officePath) conds.push(officesUnder(plans.officeId, q.officePath));
  const where = and(...conds);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plans)
    .where(where);
  const order = q.sortOrder === 'asc' ? asc : desc;
  const field = q.sortField ?? 'updatedAt';
  // A plan without entries has no start: last either way. No end is the latest end (PostgreSQL's null order).
  const first =
    field === 'startDate'
      ? sql`${plans.startDate} ${sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`
      : order(SORT_COLUMNS[field]);
  const rows = await selectPlans(db)
    .where(where)
    .orderBy(first, order(plans.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    list: rows.map((r) => toSummary(r, today)),
    count: Number(total?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Today's date (`YYYY-MM-DD`) in a zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
