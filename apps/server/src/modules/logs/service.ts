import type { LogDetails, LogFilters, LogItem, LogScrollPage } from '@apm/contract';
import { desc, eq, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLogs, offices, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { MAX_MATCHED_USERS, allOf, filterConditions, userPattern } from './log-queries.js';

/** Rows read per query while exporting: memory stays flat whatever the total. */
export const EXPORT_BATCH = 5000;

/** Up to this many offices in scope, an unfiltered page reads each office's newest rows through its own index range. */
const PER_OFFICE_LIMIT = 64;

/** What the caller may see: everything (the platform), offices by id, or their own entries only. */
type LogScope = { kind: 'all' } | { kind: 'offices'; ids: number[] } | { kind: 'self'; userId: number };

const likePrefix = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const itemColumns = {
  id: auditLogs.id,
  at: auditLogs.at,
  userId: auditLogs.userId,
  username: auditLogs.username,
  officeId: auditLogs.officeId,
  officeName: offices.name,
  ip: auditLogs.ip,
  method: auditLogs.method,
  path: auditLogs.path,
  action: auditLogs.action,
  type: auditLogs.type,
  status: auditLogs.status,
  code: auditLogs.code,
  msg: auditLogs.msg,
  durationMs: auditLogs.durationMs,
};
const detailColumns = {
  ...itemColumns,
  params: auditLogs.params,
  userAgent: auditLogs.userAgent,
  requestId: auditLogs.requestId,
};

type ItemRow = Omit<LogItem, 'at'> & { at: Date };
type DetailRow = Omit<LogDetails, 'at'> & { at: Date };

const toItem = <T extends { at: Date }>(row: T) => ({ ...row, at: row.at.toISOString() });

/** System log: scrolling list, details and streamed exports of the audit log. */
export class LogService {
  constructor(private readonly db: Database) {}

  /**
   * Which entries the caller sees. The platform's administrators (data range `all` at the root)
   * see every entry, also those without an office (sign-ins of unknown names); everyone else the
   * offices of their data range (lib/data-scope.ts rules), or their own entries for `self`.
   */
  private async scope(auth: AuthContext): Promise<LogScope> {
    if (auth.dataRange === 'self') return { kind: 'self', userId: auth.userId };
    if (auth.dataRange === 'office') return { kind: 'offices', ids: [auth.officeId] };
    const path = auth.dataRange === 'all' ? auth.tenantPath : auth.officePath;
    if (/^\/\d+\/$/.test(path)) {
      const [root] = await this.db
        .select({ kind: offices.kind })
        .from(offices)
        .where(eq(offices.path, path))
        .limit(1);
      if (root?.kind === 'platform') return { kind: 'all' };
    }
    const rows = await this.db
      .select({ id: offices.id })
      .from(offices)
      .where(like(offices.path, likePrefix(path)));
    return { kind: 'offices', ids: rows.map((r) => r.id) };
  }

  /**
   * The ids of the next `limit` entries (newest first, older than `beforeId`) in scope matching
   * `filters`, as a condition on `audit_logs.id`. Keyset paging on the primary key: no OFFSET.
   */
  private pageCondition(scope: LogScope, filters: SQL[], beforeId: number | undefined, limit: number) {
    const conds = [...filters, beforeId !== undefined ? lt(auditLogs.id, beforeId) : undefined];
    if (scope.kind === 'all') return allOf(conds);
    if (scope.kind === 'self') return allOf([...conds, eq(auditLogs.userId, scope.userId)]);
    // With filters, one scan in id order over the tenant's rows finds the first matches soonest
    // (reading `limit` matches per office would multiply the work by the number of offices).
    if (filters.length || scope.ids.length > PER_OFFICE_LIMIT)
      return allOf([...conds, inArray(auditLogs.officeId, scope.ids)]);
    // No filters and a few offices: walk each office's (office_id, id) index backwards and merge,
    // so a small tenant among a million rows costs a few index reads, not a scan of everyone's.
    const ids = sql.raw(scope.ids.map((id) => Math.trunc(id)).join(',') || 'null');
    const where = allOf([...conds, sql`${auditLogs.officeId} = o.office_id`]);
    return sql`${auditLogs.id} in (select l.id from unnest(array[${ids}]::integer[]) as o(office_id)
      cross join lateral (select ${auditLogs.id} as id from ${auditLogs} where ${where}
        order by ${auditLogs.id} desc limit ${limit}) as l
      order by l.id desc limit ${limit})`;
  }

  /** Reads one page of entries; `details` adds params, user agent and request id. */
  private async page<D extends boolean>(
    scope: LogScope,
    filters: SQL[],
    beforeId: number | undefined,
    limit: number,
    details: D,
  ): Promise<(D extends true ? DetailRow : ItemRow)[]> {
    const rows = await this.db
      .select(details ? detailColumns : itemColumns)
      .from(auditLogs)
      .leftJoin(offices, eq(offices.id, auditLogs.officeId))
      .where(this.pageCondition(scope, filters, beforeId, limit))
      .orderBy(desc(auditLogs.id))
      .limit(limit);
    return rows as (D extends true ? DetailRow : ItemRow)[];
  }

  /** One scroll of the log, newest first, older than `lastId`; `hasMore` without counting. */
  async scroll(auth: AuthContext, filters: LogFilters, lastId: number | undefined, pageSize: number) {
    const conds = await this.conditions(filters);
    const rows = await this.page(await this.scope(auth), conds, lastId, pageSize + 1, false);
    const list = rows.slice(0, pageSize).map(toItem);
    const page: LogScrollPage = {
      list,
      hasMore: rows.length > pageSize,
      lastId: list.length ? list[list.length - 1]!.id : null,
    };
    return page;
  }

  /** One entry in scope with every field; 404 otherwise (never saying whether it exists). */
  async details(auth: AuthContext, id: number): Promise<LogDetails> {
    const scope = await this.scope(auth);
    const [row] = await this.page(scope, [eq(auditLogs.id, id)], undefined, 1, true);
    if (!row) throw notFound('No such log entry');
    return toItem(row);
  }

  /** The filters' conditions, with the user filter resolved to matching user ids when they are few. */
  private async conditions(filters: LogFilters): Promise<SQL[]> {
    const pattern = userPattern(filters);
    if (!pattern) return filterConditions(filters);
    const matched = await this.db
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.loginName}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))
      .limit(MAX_MATCHED_USERS + 1);
    return filterConditions(
      filters,
      matched.length > MAX_MATCHED_USERS ? undefined : matched.map((u) => u.id),
    );
  }

  /** Checks the filters (400 naming the field) before an export starts streaming. */
  checkFilters(filters: LogFilters): void {
    filterConditions(filters);
  }

  /** Every entry in scope matching the filters, newest first, read in keyset batches. */
  async *exportRows(auth: AuthContext, filters: LogFilters): AsyncGenerator<DetailRow[]> {
    const conds = await this.conditions(filters);
    const scope = await this.scope(auth);
    let beforeId: number | undefined;
    for (;;) {
      const rows = await this.page(scope, conds, beforeId, EXPORT_BATCH, true);
      if (rows.length) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      beforeId = rows[rows.length - 1]!.id;
    }
  }
}

export type { DetailRow as LogExportRow };
