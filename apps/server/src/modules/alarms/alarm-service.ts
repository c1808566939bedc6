import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { abnormalAlarms, offices, terminals, users, type AlarmType } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import { officeInScope } from '../offices/office-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';

/** States an alarm list filters by: still happening, over, cleaned up by an operator, or not yet. */
export const ALARM_STATE_FILTERS = ['active', 'ended', 'cleared', 'uncleared'] as const;

/** Filters of the alarm list and exports. */
export interface AlarmFilters {
  type?: AlarmType;
  state?: (typeof ALARM_STATE_FILTERS)[number];
  terminalId?: number;
  /** Alarms of this office and the offices below it. */
  officeId?: number;
  /** Part of the terminal's name or device id. */
  keyword?: string;
  /** ISO 8601 date or time, inclusive, on `raisedAt`. */
  from?: string;
  to?: string;
}

/** An alarm as the console shows it. */
export interface Alarm {
  id: number;
  terminalId: number;
  terminalName: string;
  deviceId: string;
  officeId: number | null;
  officeName: string | null;
  type: AlarmType;
  detail: Record<string, unknown> | null;
  raisedAt: string;
  endedAt: string | null;
  clearedAt: string | null;
  clearedByName: string | null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads a date filter; a date alone means its whole day (UTC), so `to` becomes the next midnight. */
function parseDate(value: string | undefined, field: string, end: boolean): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const time = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time.getTime())) {
    throw fieldError(400, field, `${field} must be an ISO 8601 date or time`);
  }
  if (end && DATE_ONLY.test(text)) time.setUTCDate(time.getUTCDate() + 1);
  return time;
}

const columns = {
  id: abnormalAlarms.id,
  terminalId: abnormalAlarms.terminalId,
  terminalName: terminals.name,
  deviceId: terminals.deviceId,
  officeId: abnormalAlarms.officeId,
  officeName: offices.name,
  type: abnormalAlarms.type,
  detail: abnormalAlarms.detail,
  raisedAt: abnormalAlarms.raisedAt,
  endedAt: abnormalAlarms.endedAt,
  clearedAt: abnormalAlarms.clearedAt,
  clearedByName: users.name,
};

type AlarmRow = { [K in keyof typeof columns]: unknown } & {
  id: number;
  raisedAt: Date;
  endedAt: Date | null;
  clearedAt: Date | null;
};

const toAlarm = (r: AlarmRow): Alarm =>
  ({
    ...r,
    raisedAt: r.raisedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    clearedAt: r.clearedAt?.toISOString() ?? null,
  }) as Alarm;

/** Rows exported per query. */
const EXPORT_BATCH = 1000;

/** Abnormal alarms about terminals, scoped by the office the terminal had when the alarm was raised. */
export class AlarmService {
  constructor(private readonly db: Database) {}

  /** The condition of the filters; 400/404 naming a bad filter (checked before an export starts streaming). */
  async conditions(auth: AuthContext, filters: AlarmFilters): Promise<SQL> {
    const office =
      filters.officeId === undefined
        ? undefined
        : await officeInScope(this.db, auth, filters.officeId, 'officeId');
    const from = parseDate(filters.from, 'from', false);
    const to = parseDate(filters.to, 'to', true);
    if (from && to && to < from) throw fieldError(400, 'to', 'to must not be before from');
    const keyword = filters.keyword?.trim();
    const state = {
      active: isNull(abnormalAlarms.endedAt),
      ended: isNotNull(abnormalAlarms.endedAt),
      cleared: isNotNull(abnormalAlarms.clearedAt),
      uncleared: isNull(abnormalAlarms.clearedAt),
    };
    return and(
      dataScope(auth, abnormalAlarms.officeId),
      filters.type ? eq(abnormalAlarms.type, filters.type) : undefined,
      filters.state ? state[filters.state] : undefined,
      filters.terminalId !== undefined ? eq(abnormalAlarms.terminalId, filters.terminalId) : undefined,
      office ? officesUnder(abnormalAlarms.officeId, office.path) : undefined,
      keyword
        ? sql`(${ilike(terminals.name, `%${escapeLike(keyword)}%`)} or ${ilike(terminals.deviceId, `%${escapeLike(keyword)}%`)})`
        : undefined,
      from ? gte(abnormalAlarms.raisedAt, from) : undefined,
      to
        ? DATE_ONLY.test(filters.to!.trim())
          ? lt(abnormalAlarms.raisedAt, to)
          : lte(abnormalAlarms.raisedAt, to)
        : undefined,
    )!;
  }

  private select(where: SQL) {
    return this.db
      .select(columns)
      .from(abnormalAlarms)
      .innerJoin(terminals, eq(terminals.id, abnormalAlarms.terminalId))
      .leftJoin(offices, eq(offices.id, abnormalAlarms.officeId))
      .leftJoin(users, eq(users.id, abnormalAlarms.clearedBy))
      .where(where);
  }

  /** Alarms in scope matching the filters, newest first, paged. */
  async list(auth: AuthContext, filters: AlarmFilters, paging: { pageNo: number; pageSize: number }) {
    const where = await this.conditions(auth, filters);
    const [rows, [total]] = await Promise.all([
      this.select(where)
        .orderBy(desc(abnormalAlarms.raisedAt), desc(abnormalAlarms.id))
        .limit(paging.pageSize)
        .offset((paging.pageNo - 1) * paging.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(abnormalAlarms)
        .innerJoin(terminals, eq(terminals.id, abnormalAlarms.terminalId))
        .where(where),
    ]);
    return { list: rows.map((r) => toAlarm(r as AlarmRow)), count: Number(total?.n ?? 0), ...paging };
  }

  /** Whether alarms wait to be cleaned up in the caller's scope, and how many. */
  async pending(auth: AuthContext): Promise<{ has: boolean; count: number }> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(abnormalAlarms)
      .where(and(dataScope(auth, abnormalAlarms.officeId), isNull(abnormalAlarms.clearedAt)));
    const n = Number(row?.n ?? 0);
    return { has: n > 0, count: n };
  }

  /** One alarm in scope; 404 naming `id`. */
  async detail(auth: AuthContext, id: number): Promise<Alarm> {
    const [row] = await this.select(
      and(eq(abnormalAlarms.id, id), dataScope(auth, abnormalAlarms.officeId))!,
    );
    if (!row) throw fieldError(404, 'id', `id: no alarm ${id} in your scope`, 'notFound');
    return toAlarm(row as AlarmRow);
  }

  /** Marks alarms cleaned up: the ids given (all in scope, else 404 naming them) or every uncleared one. */
  async cleanUp(auth: AuthContext, ids: number[] | undefined): Promise<{ cleared: number }> {
    const scope = dataScope(auth, abnormalAlarms.officeId);
    if (ids?.length) {
      const found = await this.db
        .select({ id: abnormalAlarms.id })
        .from(abnormalAlarms)
        .where(and(inArray(abnormalAlarms.id, ids), scope));
      const missing = ids.filter((id) => !found.some((r) => r.id === id));
      if (missing.length) {
        throw fieldError(
          404,
          'ids',
          `ids: no alarm ${missing.slice(0, 20).join(', ')} in your scope`,
          'notFound',
        );
      }
    }
    const rows = await this.db
      .update(abnormalAlarms)
      .set({ clearedAt: new Date(), clearedBy: auth.userId })
      .where(
        and(
          scope,
          isNull(abnormalAlarms.clearedAt),
          ids?.length ? inArray(abnormalAlarms.id, ids) : undefined,
        ),
      )
      .returning({ id: abnormalAlarms.id });
    return { cleared: rows.length };
  }

  /** The alarms to export, in batches (newest first): never all in memory. */
  async *exportRows(auth: AuthContext, filters: AlarmFilters, ids?: number[]): AsyncGenerator<Alarm[]> {
    const where = and(
      await this.conditions(auth, filters),
      ids?.length ? inArray(abnormalAlarms.id, ids) : undefined,
    )!;
    let before: number | undefined;
    for (;;) {
      const rows = await this.select(
        and(where, before !== undefined ? lt(abnormalAlarms.id, before) : undefined)!,
      )
        .orderBy(desc(abnormalAlarms.id))
        .limit(EXPORT_BATCH);
      if (rows.length) yield rows.map((r) => toAlarm(r as AlarmRow));
      if (rows.length < EXPORT_BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  }
}
