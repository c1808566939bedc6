import type { OfficeNode } from '@apm/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, type OfficeKind } from '../../db/schema/index.js';
import { dataScope, isInTenant } from '../../lib/data-scope.js';
import { fieldError } from '../users/user-access.js';
import type { AuthContext } from '../auth/session-service.js';

/** Kinds that root a tenant. */
export const TENANT_KINDS: readonly OfficeKind[] = ['platform', 'agent', 'customer'];

/** An office row as the checks need it. */
export type OfficeRow = typeof offices.$inferSelect;

/** Whether the caller's data range reaches below their own office. */
export const seesBelow = (auth: AuthContext) =>
  auth.dataRange === 'all' || auth.dataRange === 'officeAndBelow';

/** Path of the caller's visible root: the tenant root for range `all`, else their own office. */
export const visibleRootPath = (auth: AuthContext) =>
  auth.dataRange === 'all' ? auth.tenantPath : auth.officePath;

/** Condition: the office row lies in the caller's data range and tenant. */
export const officeVisible = (auth: AuthContext): SQL => dataScope(auth, offices.id);

/** `exists` a child office (optionally of some kinds), false when the caller cannot see below. */
export function hasChildrenSql(auth: AuthContext, kinds?: readonly OfficeKind[]): SQL<boolean> {
  if (!seesBelow(auth)) return sql<boolean>`false`;
  // Raw, fully qualified SQL: drizzle leaves columns of a single-table select unqualified.
  const kindCond = kinds ? ` and c.kind in (${kinds.map((k) => `'${k}'`).join(', ')})` : '';
  return sql<boolean>`exists (select 1 from offices c where c.parent_id = offices.id${sql.raw(kindCond)})`;
}

/** Columns of an {@link OfficeNode}. */
export const nodeColumns = (auth: AuthContext, childKinds?: readonly OfficeKind[]) => ({
  id: offices.id,
  parentId: offices.parentId,
  name: offices.name,
  kind: offices.kind,
  path: offices.path,
  sort: offices.sort,
  hasChildren: hasChildrenSql(auth, childKinds),
});

/** Normalises a node row (drivers may answer `exists` as 't'/'f' strings). */
export const toNode = (r: OfficeNode): OfficeNode => ({
  ...r,
  hasChildren: r.hasChildren === true || String(r.hasChildren) === 't',
});

/** Ids along a materialised path, root first. */
export const pathIds = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

/** One office in the caller's data range and tenant, or 404 naming `field` (never saying whether it exists). */
export async function officeInScope(
  db: Database,
  auth: AuthContext,
  id: number,
  field = 'id',
): Promise<OfficeRow> {
  const [row] = await db
    .select()
    .from(offices)
    .where(and(eq(offices.id, id), officeVisible(auth)));
  if (!row || !isInTenant(auth, row.path)) {
    throw fieldError(404, field, `${field}: no such office within your data range (${id})`, 'notFound');
  }
  return row;
}

/** The office owning new content: `officeId` (404 outside the caller's scope), default the caller's own. */
export async function ownerOfficeId(
  db: Database,
  auth: AuthContext,
  officeId: number | undefined,
): Promise<number> {
  return officeId === undefined ? auth.officeId : (await officeInScope(db, auth, officeId, 'officeId')).id;
}

/** Path of a list's office filter (404 outside the caller's scope); undefined without one. */
export async function officeFilterPath(
  db: Database,
  auth: AuthContext,
  officeId: number | undefined,
): Promise<string | undefined> {
  return officeId === undefined ? undefined : (await officeInScope(db, auth, officeId, 'officeId')).path;
}

/** The nearest tenant root (platform, agent, customer) at or above an office, from its path. */
export async function tenantRootOf(db: Database, path: string): Promise<OfficeRow | undefined> {
  const ids = pathIds(path);
  if (!ids.length) return undefined;
  const rows = await db.select().from(offices).where(inArray(offices.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of [...ids].reverse()) {
    const row = byId.get(id);
    if (row && TENANT_KINDS.includes(row.kind)) return row;
  }
  return undefined;
}
