import type { PublishTerminal } from '@apm/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Database } from '../../db/client.js';
import { offices, terminalGroups, terminals } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { IdSchema as Id } from '../materials/ids.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';

/**
 * Choosing the terminals content is published to, shared by programs (`publishProgram`) and plans
 * (`playPlan`): the paged terminal list of the caller's range, and the targets of a selection.
 */

/** Claimed terminals of the caller's data range (terminals have no owner: `self` means the own office). */
export const terminalScope = (auth: AuthContext): SQL =>
  and(eq(terminals.state, 'claimed'), isNotNull(terminals.officeId), dataScope(auth, terminals.officeId))!;

/** Most terminals or groups one publish call may name. */
export const MAX_TARGETS = 10_000;

/** Terminal or group ids of a publish body: an array, or comma-joined (form bodies). */
export const TargetIds = Type.Optional(
  Type.Union([
    Type.Array(Id, { maxItems: MAX_TARGETS }),
    Type.String({ maxLength: MAX_TARGETS * 11, description: 'Comma-joined ids; empty for none' }),
  ]),
);

/** Ids of an array or a comma-joined string (empty = none); 400 naming the field on anything else. */
export function targetIds(value: number[] | string | undefined, field: string): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return [...new Set(value)];
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map((p) => (/^[0-9]{1,10}$/.test(p) ? Number(p) : NaN));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)) {
    const msg = `${field} must be a comma-joined list of positive integers`;
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  }
  return [...new Set(ids)];
}

/** Filters of a terminal choice list. */
export interface TerminalChoiceQuery {
  pageNo: number;
  pageSize: number;
  /** Terminals of this office and below. */
  officeId?: number;
  /** Terminals of this group and its subgroups. */
  groupId?: number;
  /** Part of the name or device id, case-insensitive. */
  keyword?: string;
  online?: boolean;
  /** With a `mark`, filters on it. */
  published?: boolean;
}

/**
 * One page of claimed terminals in the caller's scope; `mark` (when given) says which are already
 * published to (and `published` filters on it).
 */
export async function selectTerminals(
  db: Database,
  auth: AuthContext,
  q: TerminalChoiceQuery,
  mark?: SQL<boolean>,
) {
  const conds: SQL[] = [terminalScope(auth)];
  if (q.officeId !== undefined) {
    const office = await officeInScope(db, auth, q.officeId, 'officeId');
    conds.push(officesUnder(terminals.officeId, office.path));
  }
  if (q.groupId !== undefined) {
    conds.push(inArray(terminals.groupId, await groupsWithDescendants(db, auth, [q.groupId], 'groupId')));
  }
  const keyword = q.keyword?.trim().toLowerCase();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conds.push(
      sql`(lower(${terminals.name}) like ${pattern} or lower(${terminals.deviceId}) like ${pattern})`,
    );
  }
  if (q.online !== undefined) conds.push(eq(terminals.online, q.online));
  const published = mark ?? sql<boolean>`false`;
  if (mark && q.published !== undefined) conds.push(q.published ? mark : sql`not ${mark}`);
  const where = and(...conds);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(terminals)
    .where(where);
  const rows = await db
    .select({
      id: terminals.id,
      name: terminals.name,
      officeId: terminals.officeId,
      officeName: offices.name,
      groupId: terminals.groupId,
      groupName: terminalGroups.name,
      platform: terminals.platform,
      resolution: terminals.resolution,
      online: terminals.online,
      lastSeenAt: terminals.lastSeenAt,
      published,
    })
    .from(terminals)
    .innerJoin(offices, eq(offices.id, terminals.officeId))
    .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
    .where(where)
    .orderBy(desc(terminals.online), asc(terminals.name), asc(terminals.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const list: PublishTerminal[] = rows.map((r) => ({
    ...r,
    officeId: r.officeId!,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    published: r.published === true || String(r.published) === 't',
  }));
  return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * The terminals a selection targets: the chosen ones (all claimed terminals of the caller's scope;
 * 404 naming `terminalIds` otherwise) and the claimed terminals of the chosen groups and their
 * subgroups (404 naming `groupIds` for unknown groups), ascending.
 */
export async function targetTerminals(
  db: Database,
  auth: AuthContext,
  terminalIds: number[],
  groupIds: number[],
): Promise<number[]> {
  const chosen = await terminalsInScope(db, auth, terminalIds);
  const viaGroups = groupIds.length
    ? await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(
          and(
            terminalScope(auth),
            inArray(terminals.groupId, await groupsWithDescendants(db, auth, groupIds, 'groupIds')),
          ),
        )
    : [];
  return [...new Set([...chosen, ...viaGroups.map((r) => r.id)])].sort((a, b) => a - b);
}

/** The ids, all claimed terminals of the caller's scope; 404 naming the others. */
export async function terminalsInScope(
  db: Database,
  auth: AuthContext,
  ids: number[],
  field = 'terminalIds',
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(inArray(terminals.id, unique), terminalScope(auth)));
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) {
    throw fieldError(
      404,
      field,
      `No claimed terminal ${missing.slice(0, 20).join(', ')} in your scope`,
      'notFound',
    );
  }
  return unique;
}

/** The groups (of offices in the caller's scope) and all their subgroups; 404 naming unknown ones. */
export async function groupsWithDescendants(
  db: Database,
  auth: AuthContext,
  ids: number[],
  field: string,
): Promise<number[]> {
  const all = await db
    .select({ id: terminalGroups.id, parentId: terminalGroups.parentId })
    .from(terminalGroups)
    .where(dataScope(auth, terminalGroups.officeId));
  const known = new Set(all.map((g) => g.id));
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length) {
    throw fieldError(404, field, `No terminal group ${missing.join(', ')} in your scope`, 'notFound');
  }
  const out = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const g of all) {
      if (g.parentId !== null && out.has(g.parentId) && !out.has(g.id)) {
        out.add(g.id);
        grew = true;
      }
    }
  }
  return [...out];
}
