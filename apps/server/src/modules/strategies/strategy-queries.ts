import type {
  StrategyDeliveryCounts,
  StrategyDeliveryState,
  StrategyDocument,
  StrategySortField,
  StrategySummary,
} from '@apm/contract';
import { STRATEGY_DELIVERY_STATES } from '@apm/contract';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, strategies, strategyTerminals, terminalCommands, users } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';
import { fieldError } from '../users/user-access.js';

/** An office holding strategies is not deleted (the office service asks this). */
registerOfficeDeleteCheck({
  key: 'strategies',
  label: 'strategies',
  count: async (db, officeId) =>
    Number(
      (await db.select({ n: count() }).from(strategies).where(eq(strategies.officeId, officeId)))[0]?.n ?? 0,
    ),
});

/** Strategies the caller may see and change: their data range (owner = creator for the `self` range). */
export const strategyScope = (auth: AuthContext): SQL =>
  dataScope(auth, strategies.officeId, strategies.createdBy);

/** 404 naming `field`: no such strategy in the caller's range (never saying whether it exists). */
export const strategyNotFound = (id: number, field = 'id') =>
  fieldError(404, field, `${field}: no strategy ${id} in your scope`, 'notFound');

/**
 * A terminal's delivery state of its strategy, over strategy_terminals ⟕ terminal_commands (the last
 * `applyStrategy`): pending (linked or changed since the last send); acked; failed (answered an error,
 * or expired undelivered); sent (on the channel, not answered); queued (waiting for the terminal).
 */
export const deliveryState = sql<StrategyDeliveryState>`(case
  when ${strategyTerminals.state} = 'pending' or ${terminalCommands.id} is null then 'pending'
  when ${terminalCommands.state} = 'acked' then 'acked'
  when ${terminalCommands.state} in ('failed', 'expired')
    or (${terminalCommands.state} = 'queued' and ${terminalCommands.expiresAt} <= now()) then 'failed'
  when ${terminalCommands.state} = 'sent' then 'sent'
  else 'queued' end)`;

/** Counts of every delivery state, all zero. */
export const noDeliveries = (): StrategyDeliveryCounts =>
  Object.fromEntries(STRATEGY_DELIVERY_STATES.map((s) => [s, 0])) as StrategyDeliveryCounts;

const terminalCount = sql<number>`(select count(*)::int from ${strategyTerminals}
  where ${strategyTerminals.strategyId} = ${strategies.id})`;
const pendingCount = sql<number>`(select count(*)::int from ${strategyTerminals}
  where ${strategyTerminals.strategyId} = ${strategies.id} and ${strategyTerminals.state} = 'pending')`;

const SORT_COLUMNS: Record<StrategySortField, SQL | typeof strategies.name> = {
  name: strategies.name,
  createdAt: sql`${strategies.createdAt}`,
  updatedAt: sql`${strategies.updatedAt}`,
  terminalCount,
};

/** Strategy rows with what lists show, in the caller's range. */
export function selectStrategies(db: Database) {
  return db
    .select({
      id: strategies.id,
      name: strategies.name,
      description: strategies.description,
      officeId: strategies.officeId,
      officeName: offices.name,
      revision: strategies.revision,
      terminalCount,
      pendingCount,
      creatorName: users.name,
      createdAt: strategies.createdAt,
      updatedAt: strategies.updatedAt,
      document: strategies.document,
    })
    .from(strategies)
    .innerJoin(offices, eq(offices.id, strategies.officeId))
    .leftJoin(users, eq(users.id, strategies.createdBy));
}

type StrategyRow = Awaited<ReturnType<ReturnType<typeof selectStrategies>['execute']>>[number];

/** A row as the contract's summary. */
export const toSummary = ({ document: _, ...r }: StrategyRow): StrategySummary => ({
  ...r,
  terminalCount: Number(r.terminalCount),
  pendingCount: Number(r.pendingCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A row as the contract's detail (with its document). */
export const toDetail = (r: StrategyRow) => ({
  ...toSummary(r),
  document: r.document as unknown as StrategyDocument,
});

/** Filters and paging of the strategy list. */
export interface StrategyListFilters {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  sort?: StrategySortField;
  order?: 'asc' | 'desc';
}

/** One page of strategies of the caller's range: filtered by name or description, sorted, in SQL. */
export async function pageStrategies(db: Database, auth: AuthContext, q: StrategyListFilters) {
  const word = q.keyword?.trim().toLowerCase();
  const where = and(
    strategyScope(auth),
    word
      ? sql`(lower(${strategies.name}) like ${`%${escapeLike(word)}%`} or lower(${strategies.description}) like ${`%${escapeLike(word)}%`})`
      : undefined,
  );
  const direction = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort ?? 'updatedAt'];
  const [rows, [total]] = await Promise.all([
    selectStrategies(db)
      .where(where)
      .orderBy(direction(column), direction(strategies.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(strategies)
      .where(where),
  ]);
  return { list: rows.map(toSummary), count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}
