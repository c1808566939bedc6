import { LOG_TYPES, type LogFilters, type LogType } from '@apm/contract';
import { and, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { auditLogs, users } from '../../db/schema/index.js';
import { fieldError } from '../users/user-access.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The last segment of the recorded route, lower-cased (`save` of `/apm-web/a/api/user/save`). */
const verb = sql`lower(split_part(${auditLogs.action}, '/', -1))`;
const verbLike = (...patterns: string[]) =>
  sql.join(
    patterns.map((p) => sql`${verb} like ${sql.raw(`'${p}'`)}`),
    sql` or `,
  );

/**
 * The kind of a log entry as one SQL expression over `action` and `method` — the same rule as
 * `logTypeOf`, which sets the stored `type` column on write; this one back-fills rows written
 * without it (bulk loads).
 */
export const logTypeSql: SQL<LogType> = sql<LogType>`(case
  when ${verb} = 'login' then 'login'
  when ${verb} = 'logout' then 'logout'
  when ${verbLike('%export%')} then 'export'
  when ${verbLike('%import%', '%upload%')} then 'import'
  when ${auditLogs.method} = 'DELETE' or ${verbLike('%delete%', '%remove%')} then 'delete'
  when ${auditLogs.method} = 'PUT' or ${verbLike('add%', 'create%', 'insert%', 'sysinit%', 'register%')}
    or (${verbLike('save%')} and coalesce(${auditLogs.params} ->> 'id', '') = '') then 'create'
  when ${auditLogs.method} in ('POST', 'PATCH') or ${verbLike('update%', 'edit%', 'modify%', 'save%', 'set%')}
    then 'update'
  else 'other' end)`;

/** Reads an ISO 8601 time from a filter; 400 naming the field when it is not one. */
function parseTime(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const time = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$/.test(value.trim())
    ? new Date(value.trim())
    : new Date(NaN);
  if (Number.isNaN(time.getTime())) throw fieldError(400, field, `${field} must be an ISO 8601 date or time`);
  return time;
}

/** Most users a user filter is resolved to before it falls back to matching names row by row. */
export const MAX_MATCHED_USERS = 1000;

/** The user filter as a LIKE pattern on lower-cased names, or undefined without one. */
export function userPattern(f: LogFilters): string | undefined {
  const user = f.user?.trim();
  return user ? `%${escapeLike(user.toLowerCase())}%` : undefined;
}

/**
 * The WHERE conditions of the filters (scope not included); 400 naming the field on bad input.
 * `matchedUserIds`: the users whose login name or name match the user filter, when there are
 * at most MAX_MATCHED_USERS — the condition then reads the (user_id, id) index instead of
 * comparing names on every row.
 */
export function filterConditions(f: LogFilters, matchedUserIds?: number[]): SQL[] {
  const conds: SQL[] = [];
  const from = parseTime(f.from, 'from');
  const to = parseTime(f.to, 'to');
  if (from && to && from > to) throw fieldError(400, 'to', 'to must not be before from');
  if (from) conds.push(gte(auditLogs.at, from));
  if (to) conds.push(lte(auditLogs.at, to));
  const user = f.user?.trim();
  const pattern = userPattern(f);
  if (user && pattern) {
    // Sign-ins of unknown accounts have a user name but no user id.
    const anonymous = and(isNull(auditLogs.userId), sql`lower(${auditLogs.username}) like ${pattern}`)!;
    const byName = matchedUserIds
      ? matchedUserIds.length
        ? or(inArray(auditLogs.userId, matchedUserIds), anonymous)!
        : anonymous
      : or(
          sql`lower(${auditLogs.username}) like ${pattern}`,
          sql`${auditLogs.userId} in (select ${users.id} from ${users} where lower(${users.name}) like ${pattern})`,
        )!;
    conds.push(/^\d{1,9}$/.test(user) ? or(eq(auditLogs.userId, Number(user)), byName)! : byName);
  }
  if (f.type !== undefined) {
    if (!LOG_TYPES.includes(f.type))
      throw fieldError(400, 'type', `type must be one of ${LOG_TYPES.join(', ')}`);
    conds.push(eq(auditLogs.type, f.type));
  }
  const path = f.path?.trim();
  if (path) conds.push(sql`lower(${auditLogs.path}) like ${`%${escapeLike(path.toLowerCase())}%`}`);
  if (f.status === 'success') conds.push(lt(auditLogs.status, 400));
  if (f.status === 'failure') conds.push(gte(auditLogs.status, 400));
  return conds;
}

/** Conditions combined, or undefined for none. */
export const allOf = (conds: (SQL | undefined)[]) => (conds.some(Boolean) ? and(...conds) : undefined);
