import { and, inArray, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { fieldError } from '../users/user-access.js';
import { pathIds, tenantRootOf, type OfficeRow } from './office-scope.js';

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

/**
 * What `owner` has handed to the agents/customers directly below it (null quotas count 0), leaving
 * out `except` and those inside it (they are what a change re-allocates).
 */
export async function allocatedBelow(
  db: Database,
  owner: { id: number; path: string },
  except?: { path: string },
): Promise<{ storageQuotaMb: number; terminalQuota: number }> {
  const below = (await directTenants(db, owner)).filter((r) => !except || !r.path.startsWith(except.path));
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
    const used = await allocatedBelow(db, owner, self ?? undefined);
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

/**
 * Refuses (409 naming the limit) when the agents and customers that would sit directly below `owner`
 * after a change do not fit its quota: together they may not exceed it, and each of those `arriving`
 * below it needs a quota of its own where the owner has one (those `staying` without one count 0, as
 * in {@link allocatedBelow}). Tenants nested deeper count within theirs, whose own quota bounds them.
 * `what` says what was refused.
 */
export function assertTenantsFit(
  owner: OfficeRow,
  tenants: { staying: OfficeRow[]; arriving: OfficeRow[] },
  what: string,
): void {
  const all = [...tenants.staying, ...tenants.arriving];
  for (const [field, unit] of FIELDS) {
    const quota = owner[field];
    if (quota === null) continue;
    const limit = { officeId: owner.id, field, limit: quota };
    const unlimited = tenants.arriving.find((t) => t[field] === null);
    if (unlimited) {
      throw new AppError(
        409,
        `${what}: ${unlimited.name} has no ${field} of its own, but ${owner.name} is limited to ${quota} ${unit}`,
        'capacityExceeded',
        { ...limit, needed: null },
      );
    }
    const needed = all.reduce((n, t) => n + (t[field] ?? 0), 0);
    if (needed > quota) {
      throw new AppError(
        409,
        `${what}: the agents and customers below ${owner.name} would need ${needed} ${unit}, more than its quota of ${quota} ${unit}`,
        'capacityExceeded',
        { ...limit, needed },
      );
    }
  }
}

/**
 * The agents and customers a moved subtree brings along as direct tenants of its new owner: the
 * moved office itself when it is one, else the outermost ones inside it (also below sub-offices).
 */
export async function topTenantsOf(db: Database, office: OfficeRow): Promise<OfficeRow[]> {
  return office.kind === 'agent' || office.kind === 'customer' ? [office] : directTenants(db, office);
}

/**
 * Before moving `office` under `parent`: the agents and customers the move takes along (the office
 * itself, or those anywhere inside it) must fit the new owner's quotas together with what it already
 * handed out (409 naming the limit), and never land inside a customer (400 naming `parentId`).
 */
export async function assertMoveFits(db: Database, office: OfficeRow, parent: OfficeRow): Promise<void> {
  const moving = await topTenantsOf(db, office);
  if (!moving.length) return;
  const owner = await tenantRootOf(db, parent.path);
  if (!owner) return;
  if (owner.kind === 'customer') {
    throw fieldError(
      400,
      'parentId',
      `${office.name} contains agents or customers, which cannot be placed inside a customer`,
      'badParentKind',
    );
  }
  const staying = (await directTenants(db, owner)).filter((t) => !t.path.startsWith(office.path));
  assertTenantsFit(
    owner,
    { staying, arriving: moving },
    `${office.name} cannot be moved under ${parent.name}`,
  );
}
