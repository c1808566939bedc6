import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { pathIds, type OfficeRow } from '../offices/office-scope.js';

/** The caller's tenant root office (platform, agent or customer). */
export async function callerTenant(db: Database, auth: AuthContext): Promise<OfficeRow> {
  const id = pathIds(auth.tenantPath).at(-1);
  const [row] = id ? await db.select().from(offices).where(eq(offices.id, id)) : [];
  if (!row) throw forbidden('Your account belongs to no institution', 'noTenant');
  return row;
}

/** Whether an office sells services: the platform, or an agent to its own customers. */
export const isSeller = (office: Pick<OfficeRow, 'kind'>) =>
  office.kind === 'platform' || office.kind === 'agent';

/** The caller's tenant when it sells (platform or agent), else 403 naming why. */
export async function callerSeller(db: Database, auth: AuthContext): Promise<OfficeRow> {
  const tenant = await callerTenant(db, auth);
  if (!isSeller(tenant)) {
    throw forbidden(`${tenant.name} is a customer: only the platform and agents sell services`, 'notSeller');
  }
  return tenant;
}

/**
 * Who sells to a buyer (customer or agent): the nearest agent above it in the office tree, else
 * the platform. The platform itself buys from no one (409).
 */
export async function sellerOf(db: Database, buyer: OfficeRow): Promise<OfficeRow> {
  const above = pathIds(buyer.path).slice(0, -1);
  if (buyer.kind === 'platform' || above.length === 0) {
    throw new AppError(409, `${buyer.name} is the platform: it sells services and buys none`, 'noSeller');
  }
  const rows = await db.select().from(offices).where(inArray(offices.id, above));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of [...above].reverse()) {
    const row = byId.get(id);
    if (row && isSeller(row)) return row;
  }
  throw new AppError(409, `${buyer.name} has no agent or platform above it to buy from`, 'noSeller');
}
