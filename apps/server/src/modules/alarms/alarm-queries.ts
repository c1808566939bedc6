import {
  ALARM_HANDLING,
  ALARM_SEVERITY,
  alarmTypesOfSeverity,
  type AlarmHandling,
  type AlarmSeverity,
  type AlarmView,
} from '@apm/contract';
import { and, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { abnormalAlarms, offices, terminals, users, type AlarmType } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';

/** States an alarm list filters by: still happening, over, cleaned up by an operator, or not yet. */
export const ALARM_STATE_FILTERS = ['active', 'ended', 'cleared', 'uncleared'] as const;
export { ALARM_HANDLING };

/** Filters of the alarm list, its exports and its bulk actions. */
export interface AlarmFilters {
  type?: AlarmType;
  severity?: AlarmSeverity;
  state?: (typeof ALARM_STATE_FILTERS)[number];
  /** new: nobody acknowledged it; acknowledged: acknowledged, not resolved; resolved: cleaned up. */
  handling?: AlarmHandling;
  terminalId?: number;
  /** Alarms of this office and the offices below it. */
  officeId?: number;
  /** Alarms assigned to this user. */
  assigneeId?: number;
  /** Part of the terminal's name or device id. */
  keyword?: string;
  /** ISO 8601 date or time, inclusive, on `raisedAt`. */
  from?: string;
  to?: string;
}

/** An alarm as the console shows it. */
export type Alarm = AlarmView;

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

const clearer = alias(users, 'clearer');
const acknowledger = alias(users, 'acknowledger');
const assignee = alias(users, 'assignee');

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
  acknowledgedAt: abnormalAlarms.acknowledgedAt,
  acknowledgedByName: acknowledger.name,
  assigneeId: abnormalAlarms.assigneeId,
  assigneeName: assignee.name,
  note: abnormalAlarms.note,
  clearedAt: abnormalAlarms.clearedAt,
  clearedByName: clearer.name,
};

type AlarmRow = { [K in keyof typeof columns]: unknown } & {
  type: AlarmType;
  raisedAt: Date;
  endedAt: Date | null;
  acknowledgedAt: Date | null;
  clearedAt: Date | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A row as the console shows it, with the severity of its kind. */
export const toAlarm = (r: AlarmRow): Alarm =>
  ({
    ...r,
    severity: ALARM_SEVERITY[r.type] ?? 'warning',
    raisedAt: r.raisedAt.toISOString(),
    endedAt: iso(r.endedAt),
    acknowledgedAt: iso(r.acknowledgedAt),
    clearedAt: iso(r.clearedAt),
  }) as Alarm;

/** Alarms with their terminal, office and the people who handled them, filtered by `where`. */
export function selectAlarms(db: Database, where: SQL) {
  return db
    .select(columns)
    .from(abnormalAlarms)
    .innerJoin(terminals, eq(terminals.id, abnormalAlarms.terminalId))
    .leftJoin(offices, eq(offices.id, abnormalAlarms.officeId))
    .leftJoin(clearer, eq(clearer.id, abnormalAlarms.clearedBy))
    .leftJoin(acknowledger, eq(acknowledger.id, abnormalAlarms.acknowledgedBy))
    .leftJoin(assignee, eq(assignee.id, abnormalAlarms.assigneeId))
    .where(where);
}

/** Maps rows read by {@link selectAlarms}. */
export const alarmsOf = (rows: unknown[]): Alarm[] => rows.map((r) => toAlarm(r as AlarmRow));

/** The condition of the filters in the caller's scope; 400/404 naming a bad filter (checked before an export streams). */
export async function alarmConditions(db: Database, auth: AuthContext, filters: AlarmFilters): Promise<SQL> {
  const office =
    filters.officeId === undefined ? undefined : await officeInScope(db, auth, filters.officeId, 'officeId');
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
  const handling = {
    new: and(isNull(abnormalAlarms.acknowledgedAt), isNull(abnormalAlarms.clearedAt)),
    acknowledged: and(isNotNull(abnormalAlarms.acknowledgedAt), isNull(abnormalAlarms.clearedAt)),
    resolved: isNotNull(abnormalAlarms.clearedAt),
  };
  return and(
    dataScope(auth, abnormalAlarms.officeId),
    filters.type ? eq(abnormalAlarms.type, filters.type) : undefined,
    filters.severity ? inArray(abnormalAlarms.type, alarmTypesOfSeverity(filters.severity)) : undefined,
    filters.state ? state[filters.state] : undefined,
    filters.handling ? handling[filters.handling] : undefined,
    filters.terminalId !== undefined ? eq(abnormalAlarms.terminalId, filters.terminalId) : undefined,
    filters.assigneeId !== undefined ? eq(abnormalAlarms.assigneeId, filters.assigneeId) : undefined,
    office ? officesUnder(abnormalAlarms.officeId, office.path) : undefined,
    // A subquery, not a join: the alarms alone are filtered, sorted and counted.
    keyword
      ? inArray(
          abnormalAlarms.terminalId,
          db
            .select({ id: terminals.id })
            .from(terminals)
            .where(
              or(
                ilike(terminals.name, `%${escapeLike(keyword)}%`),
                ilike(terminals.deviceId, `%${escapeLike(keyword)}%`),
              ),
            ),
        )
      : undefined,
    from ? gte(abnormalAlarms.raisedAt, from) : undefined,
    to
      ? DATE_ONLY.test(filters.to!.trim())
        ? lt(abnormalAlarms.raisedAt, to)
        : lte(abnormalAlarms.raisedAt, to)
      : undefined,
  )!;
}

/** The ids of alarms matching `where` (conditions on the alarms alone, see {@link alarmConditions}). */
export function alarmIdsWhere(db: Database, where: SQL) {
  return db.select({ id: abnormalAlarms.id }).from(abnormalAlarms).where(where);
}
