import { and, inArray, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { fieldError } from '../users/user-access.js';
import { pathIds, type OfficeRow } from './office-scope.js';

/** Capacity of an agent or customer: storage in MiB and terminals; null means no quota of its own. */
export interface Capacity {
  storageQuotaMb: number | null;
  terminalQuota: number | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The agents and customers directly below `owner` in the capacity sense: tenant offices in its subtree
 * with no other agent/customer between them and `owner`.
 */
export async function directTenants(db: Database, owner: { id: number; path: string }): Promise<OfficeRow[]> {
  const rows = await db
    .select()
    .from(offices)
    .where(
      and(
        inArray(offices.kind, ['agent', 'customer']),
        like(offices.path, `${escapeLike(owner.path)}%`),
        ne(offices.id, owner.id),
      ),
    );
  const tenantIds = new Set(rows.map((r) => r.id));
  return rows.filter((r) => {
    const between = pathIds(r.path.slice(owner.path.length)).slice(0, -1);
    return !between.some((id) => tenantIds.has(id));
  });
}

/** What `owner` has handed to the agents/customers directly below it (null quotas count 0). */
export async function allocatedBelow(
  db: Database,
  owner: { id: number; path: string },
  exceptId?: number,
): Promise<{ storageQuotaMb: number; terminalQuota: number }> {
  const below = (await directTenants(db, owner)).filter((r) => r.id !== exceptId);
  return {
    storageQuotaMb: below.reduce((n, r) => n + (r.storageQuotaMb ?? 0), 0),
    terminalQuota: below.reduce((n, r) => n + (r.terminalQuota ?? 0), 0),
  };
}

const FIELDS = [
  ['storageQuotaMb', 'MiB of storage'],
  ['terminalQuota', 'terminals'],
] as const;

/**
 * Refuses capacity that does not fit: more than the owner's (nearest agent/platform above) remaining
 * quota when the owner has one, or less than the office itself already handed out below it.
 */
export async function assertCapacityFits(
  db: Database,
  owner: OfficeRow | undefined,
  self: { id: number; path: string } | null,
  want: Capacity,
): Promise<void> {
  if (owner) {
    const used = await allocatedBelow(db, owner, self?.id);
    for (const [field, unit] of FIELDS) {
      const quota = owner[field];
      if (quota === null) continue;
      const remaining = Math.max(0, quota - used[field]);
      const value = want[field];
      if (value === null) {
        throw fieldError(
          400,
          field,
          `${field} is required: ${owner.name} has a quota of ${quota} ${unit} (${remaining} remaining)`,
          'capacityExceeded',
        );
      }
      if (value > remaining) {
        throw fieldError(
          400,
          field,
          `${field} ${value} exceeds the remaining capacity of ${owner.name}: ${remaining} ${unit}`,
          'capacityExceeded',
        );
      }
    }
  }
  if (self) {
    const given = await allocatedBelow(db, self);
    for (const [field, unit] of FIELDS) {
      const value = want[field];
      if (value !== null && value < given[field]) {
        throw fieldError(
          400,
          field,
          `${field} ${value} is less than the ${given[field]} ${unit} already handed out below`,
          'capacityBelowAllocated',
        );
      }
    }
  }
}
