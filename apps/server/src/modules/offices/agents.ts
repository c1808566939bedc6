import { OfficeKindSchema } from '@apm/contract';
import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { assertCapacityFits, assertTenantsFit, directTenants, type Capacity } from './capacity.js';
import { officeInScope, officeVisible, tenantRootOf } from './office-scope.js';

/** An office or agent as the agent-activation list shows it. */
export const AgentItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: OfficeKindSchema,
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  parentName: Type.Union([Type.String(), Type.Null()]),
  storageQuotaMb: Type.Union([Type.Integer(), Type.Null()]),
  terminalQuota: Type.Union([Type.Integer(), Type.Null()]),
});
export type AgentItem = Static<typeof AgentItemSchema>;

const parent = alias(offices, 'parent_office');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Only a caller whose tenant root is the platform or an agent may activate agents. */
async function assertMayActivate(db: Database, auth: AuthContext): Promise<void> {
  const root = await tenantRootOf(db, auth.tenantPath);
  if (!root || (root.kind !== 'platform' && root.kind !== 'agent')) {
    throw forbidden('Only the platform or an agent may activate agents', 'notAgentOwner');
  }
}

/** Condition: no customer office at or above the row (agents never sit inside a customer). */
const notInCustomer: SQL = sql`not exists (select 1 from offices cu where cu.kind = 'customer' and offices.path like cu.path || '%')`;

/** Offices that may become agents, and agents, strictly below the caller’s tenant root, paged. */
export async function agentList(
  db: Database,
  auth: AuthContext,
  q: { pageNo: number; pageSize: number; name?: string; kind?: 'office' | 'agent' },
) {
  const root = await tenantRootOf(db, auth.tenantPath);
  if (!root || (root.kind !== 'platform' && root.kind !== 'agent')) {
    return { list: [], count: 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }
  const where = and(
    officeVisible(auth),
    ne(offices.path, auth.tenantPath),
    q.kind ? eq(offices.kind, q.kind) : inArray(offices.kind, ['office', 'agent']),
    q.name?.trim() ? ilike(offices.name, `%${escapeLike(q.name.trim())}%`) : undefined,
    notInCustomer,
  );
  const [total] = await db.select({ n: count() }).from(offices).where(where);
  const list = await db
    .select({
      id: offices.id,
      name: offices.name,
      kind: offices.kind,
      parentId: offices.parentId,
      parentName: parent.name,
      storageQuotaMb: offices.storageQuotaMb,
      terminalQuota: offices.terminalQuota,
    })
    .from(offices)
    .leftJoin(parent, eq(parent.id, offices.parentId))
    .where(where)
    .orderBy(asc(offices.path))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * Turns a plain office into an agent (or changes an agent’s capacity). Only the platform or an agent
 * above may do it; never inside a customer, never the caller’s own tenant root; the capacity must fit
 * in the remaining capacity of the nearest agent above when that has a quota.
 */
export async function openAgent(db: Database, auth: AuthContext, id: number, capacity: Capacity) {
  await assertMayActivate(db, auth);
  const office = await officeInScope(db, auth, id);
  if (office.path === auth.tenantPath || (office.kind !== 'office' && office.kind !== 'agent')) {
    throw fieldError(
      400,
      'id',
      `${office.name} cannot become an agent: only plain offices below your own institution can`,
      'notEligible',
    );
  }
  const owner = await tenantRootOf(db, office.path.slice(0, office.path.length - `${office.id}/`.length));
  if (!owner || owner.kind === 'customer') {
    throw fieldError(
      400,
      'id',
      `${office.name} lies inside a customer and cannot become an agent`,
      'notEligible',
    );
  }
  // What it already handed out, and for a plain office the agents/customers inside it (also below
  // sub-offices), which become its own: they must fit the new quotas (409 naming the limit).
  const below = await directTenants(db, office);
  assertTenantsFit(
    { ...office, ...capacity },
    office.kind === 'agent' ? { staying: below, arriving: [] } : { staying: [], arriving: below },
    `${office.name} cannot get this capacity`,
  );
  await assertCapacityFits(db, owner, office, capacity);
  await db
    .update(offices)
    .set({ kind: 'agent', ...capacity, updatedAt: new Date() })
    .where(eq(offices.id, office.id));
}

/** Escaped LIKE prefix of a path (exported for the customer module). */
export const pathPrefix = (path: string) => `${escapeLike(path)}%`;
