import type { AlarmNotificationView } from '@apm/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { abnormalAlarms, alarmNotifications, alarmRules, users } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import {
  alarmConditions,
  alarmIdsWhere,
  alarmsOf,
  selectAlarms,
  type Alarm,
  type AlarmFilters,
} from './alarm-queries.js';

export { ALARM_STATE_FILTERS, type Alarm, type AlarmFilters } from './alarm-queries.js';

/** Which alarms a bulk action acts on: those named, or every one matching the filters (`all`, never implied). */
export type AlarmTarget = { ids: number[] } | { all: true; filters: AlarmFilters };

/** An alarm with what the notification rules did with it. */
export type AlarmDetail = Alarm & { notifications: AlarmNotificationView[] };

/** Rows exported per query. */
const EXPORT_BATCH = 1000;
/** Most users the assignee picker lists. */
const ASSIGNEES_LIMIT = 50;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The alarm centre: abnormal alarms about terminals, scoped by the office the terminal had when
 * the alarm was raised; listed, acknowledged, assigned, resolved (cleaned up) and exported.
 */
export class AlarmService {
  constructor(private readonly db: Database) {}

  /** The condition of the filters; 400/404 naming a bad filter (checked before an export starts streaming). */
  conditions(auth: AuthContext, filters: AlarmFilters): Promise<SQL> {
    return alarmConditions(this.db, auth, filters);
  }

  /** Alarms in scope matching the filters, newest first, paged. */
  async list(auth: AuthContext, filters: AlarmFilters, paging: { pageNo: number; pageSize: number }) {
    const where = await this.conditions(auth, filters);
    const newestFirst = [desc(abnormalAlarms.raisedAt), desc(abnormalAlarms.id)];
    // The page is chosen from the alarms alone; only its rows are joined with their names.
    const page = alarmIdsWhere(this.db, where)
      .orderBy(...newestFirst)
      .limit(paging.pageSize)
      .offset((paging.pageNo - 1) * paging.pageSize);
    const [rows, [total]] = await Promise.all([
      selectAlarms(this.db, inArray(abnormalAlarms.id, page)).orderBy(...newestFirst),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(abnormalAlarms)
        .where(where),
    ]);
    return { list: alarmsOf(rows), count: Number(total?.n ?? 0), ...paging };
  }

  /**
   * Whether alarms wait to be resolved in the caller's scope, how many, how many nobody has
   * acknowledged yet, and the newest one's id (the header's badge tells new arrivals by it).
   */
  async pending(
    auth: AuthContext,
  ): Promise<{ has: boolean; count: number; unacknowledged: number; latestId: number | null }> {
    const [row] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        fresh: sql<number>`count(*) filter (where ${abnormalAlarms.acknowledgedAt} is null)::int`,
        latest: sql<number | null>`max(${abnormalAlarms.id})`,
      })
      .from(abnormalAlarms)
      .where(and(dataScope(auth, abnormalAlarms.officeId), isNull(abnormalAlarms.clearedAt)));
    const n = Number(row?.n ?? 0);
    return {
      has: n > 0,
      count: n,
      unacknowledged: Number(row?.fresh ?? 0),
      latestId: row?.latest == null ? null : Number(row.latest),
    };
  }

  /** One alarm in scope with its notifications; 404 naming `id`. */
  async detail(auth: AuthContext, id: number): Promise<AlarmDetail> {
    const [row] = await selectAlarms(
      this.db,
      and(eq(abnormalAlarms.id, id), dataScope(auth, abnormalAlarms.officeId))!,
    );
    if (!row) throw fieldError(404, 'id', `id: no alarm ${id} in your scope`, 'notFound');
    const notes = await this.db
      .select({
        ruleId: alarmNotifications.ruleId,
        ruleName: alarmRules.name,
        channel: alarmRules.channel,
        state: alarmNotifications.state,
        error: alarmNotifications.error,
        at: alarmNotifications.at,
      })
      .from(alarmNotifications)
      .innerJoin(alarmRules, eq(alarmRules.id, alarmNotifications.ruleId))
      .where(eq(alarmNotifications.alarmId, id))
      .orderBy(asc(alarmNotifications.at));
    return {
      ...alarmsOf([row])[0]!,
      notifications: notes.map((n) => ({ ...n, at: n.at.toISOString() })),
    };
  }

  /** The condition of a bulk target; 404 naming `ids` when one is not in scope. */
  private async targetCondition(auth: AuthContext, target: AlarmTarget): Promise<SQL> {
    if ('all' in target) {
      const where = await this.conditions(auth, target.filters);
      return inArray(abnormalAlarms.id, alarmIdsWhere(this.db, where));
    }
    const scope = dataScope(auth, abnormalAlarms.officeId);
    const found = await this.db
      .select({ id: abnormalAlarms.id })
      .from(abnormalAlarms)
      .where(and(inArray(abnormalAlarms.id, target.ids), scope));
    const missing = target.ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw fieldError(
        404,
        'ids',
        `ids: no alarm ${missing.slice(0, 20).join(', ')} in your scope`,
        'notFound',
      );
    }
    return and(inArray(abnormalAlarms.id, target.ids), scope)!;
  }

  /** Resolves (cleans up) the target's unresolved alarms; answers how many. */
  async cleanUp(auth: AuthContext, target: AlarmTarget): Promise<{ cleared: number }> {
    const where = await this.targetCondition(auth, target);
    const rows = await this.db
      .update(abnormalAlarms)
      .set({ clearedAt: new Date(), clearedBy: auth.userId })
      .where(and(where, isNull(abnormalAlarms.clearedAt)))
      .returning({ id: abnormalAlarms.id });
    return { cleared: rows.length };
  }

  /** Acknowledges the target's unacknowledged, unresolved alarms (with an optional note); answers how many. */
  async acknowledge(
    auth: AuthContext,
    target: AlarmTarget,
    note?: string,
  ): Promise<{ acknowledged: number }> {
    const where = await this.targetCondition(auth, target);
    const rows = await this.db
      .update(abnormalAlarms)
      .set({
        acknowledgedAt: new Date(),
        acknowledgedBy: auth.userId,
        ...(note?.trim() ? { note: note.trim() } : {}),
      })
      .where(and(where, isNull(abnormalAlarms.acknowledgedAt), isNull(abnormalAlarms.clearedAt)))
      .returning({ id: abnormalAlarms.id });
    return { acknowledged: rows.length };
  }

  /**
   * Assigns the target's unresolved alarms to a user of the caller's tenant (null: nobody), with an
   * optional note; 404 naming `assigneeId` for anyone else. Answers how many.
   */
  async assign(
    auth: AuthContext,
    target: AlarmTarget,
    assigneeId: number | null,
    note?: string,
  ): Promise<{ assigned: number }> {
    if (assigneeId !== null) {
      const [user] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, assigneeId), officesUnder(users.officeId, auth.tenantPath)));
      if (!user)
        throw fieldError(
          404,
          'assigneeId',
          `assigneeId: no user ${assigneeId} in your organisation`,
          'notFound',
        );
    }
    const where = await this.targetCondition(auth, target);
    const rows = await this.db
      .update(abnormalAlarms)
      .set({ assigneeId, ...(note?.trim() ? { note: note.trim() } : {}) })
      .where(and(where, isNull(abnormalAlarms.clearedAt)))
      .returning({ id: abnormalAlarms.id });
    return { assigned: rows.length };
  }

  /** Enabled users of the caller's tenant alarms can be assigned to, by name or login (at most 50). */
  async assignees(
    auth: AuthContext,
    keyword?: string,
  ): Promise<{ id: number; name: string; loginName: string }[]> {
    const text = keyword?.trim();
    return this.db
      .select({ id: users.id, name: users.name, loginName: users.loginName })
      .from(users)
      .where(
        and(
          officesUnder(users.officeId, auth.tenantPath),
          eq(users.enabled, true),
          text
            ? or(ilike(users.name, `%${escapeLike(text)}%`), ilike(users.loginName, `%${escapeLike(text)}%`))
            : undefined,
        ),
      )
      .orderBy(asc(users.name), asc(users.id))
      .limit(ASSIGNEES_LIMIT);
  }

  /** The alarms to export, in batches (newest first): never all in memory. */
  async *exportRows(auth: AuthContext, filters: AlarmFilters, ids?: number[]): AsyncGenerator<Alarm[]> {
    const where = and(
      await this.conditions(auth, filters),
      ids?.length ? inArray(abnormalAlarms.id, ids) : undefined,
    )!;
    let before: number | undefined;
    for (;;) {
      const rows = await selectAlarms(
        this.db,
        and(where, before !== undefined ? lt(abnormalAlarms.id, before) : undefined)!,
      )
        .orderBy(desc(abnormalAlarms.id))
        .limit(EXPORT_BATCH);
      if (rows.length) yield alarmsOf(rows);
      if (rows.length < EXPORT_BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  }
}
