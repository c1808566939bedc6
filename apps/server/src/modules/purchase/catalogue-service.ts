import type { ServiceListQuery, ServiceProduct, ServiceSaveBody, ServiceSortField } from '@apm/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, serviceProducts } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { callerSeller, callerTenant, isSeller, sellerOf } from './sellers.js';

const SORT_COLUMNS: Record<ServiceSortField, SQL | typeof serviceProducts.name> = {
  name: serviceProducts.name,
  kind: sql`${serviceProducts.kind}`,
  unitPriceMinor: sql`${serviceProducts.unitPriceMinor}`,
  createdAt: sql`${serviceProducts.createdAt}`,
  sort: sql`${serviceProducts.sort}`,
};

type ServiceRow = typeof serviceProducts.$inferSelect & { sellerName: string };

const toProduct = (r: ServiceRow): ServiceProduct => ({
  id: r.id,
  sellerOfficeId: r.sellerOfficeId,
  sellerName: r.sellerName,
  kind: r.kind as ServiceProduct['kind'],
  name: r.name,
  description: r.description,
  units: r.units,
  unitPriceMinor: r.unitPriceMinor,
  currency: r.currency as ServiceProduct['currency'],
  taxRateBp: r.taxRateBp,
  active: r.active,
  sort: r.sort,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** 404 naming `field`: no such service in the catalogue the caller may use. */
export const serviceNotFound = (id: number, field = 'id') =>
  fieldError(404, field, `${field}: no service ${id} in your catalogue`, 'notFound');

/**
 * A seller's catalogue of services: sellers (platform, agents with service:purchase:edit) manage
 * their own; buyers browse the active services of their seller.
 */
export class CatalogueService {
  constructor(private readonly db: Database) {}

  /** The seller whose catalogue a list shows: the caller's own (`manage`) or its seller's (`buy`). */
  private async catalogueOwner(auth: AuthContext, scope: 'manage' | 'buy' | undefined) {
    const tenant = await callerTenant(this.db, auth);
    const manage =
      scope === 'manage' ||
      (scope === undefined && isSeller(tenant) && auth.permissions.has('service:purchase:edit'));
    if (manage) {
      requirePermission(auth, 'service:purchase:edit');
      return { seller: await callerSeller(this.db, auth), activeOnly: false };
    }
    // The platform buys from no one: its buyer's view of a catalogue is empty.
    if (tenant.kind === 'platform') return { seller: null, activeOnly: true };
    return { seller: await sellerOf(this.db, tenant), activeOnly: true };
  }

  /** One page of a catalogue, searched, filtered by kind, sorted and paged in SQL. */
  async list(auth: AuthContext, q: ServiceListQuery & { pageNo: number; pageSize: number }) {
    const { seller, activeOnly } = await this.catalogueOwner(auth, q.scope);
    if (!seller) return { list: [], count: 0, pageNo: q.pageNo, pageSize: q.pageSize };
    const word = q.keyword?.trim().toLowerCase();
    const pattern = word ? `%${escapeLike(word)}%` : '';
    const where = and(
      eq(serviceProducts.sellerOfficeId, seller.id),
      activeOnly ? eq(serviceProducts.active, true) : undefined,
      q.kind ? eq(serviceProducts.kind, q.kind) : undefined,
      word
        ? sql`(lower(${serviceProducts.name}) like ${pattern} or lower(coalesce(${serviceProducts.description}, '')) like ${pattern})`
        : undefined,
    );
    const direction = q.order === 'desc' ? desc : asc;
    const column = SORT_COLUMNS[q.sort ?? 'sort'];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ row: serviceProducts, sellerName: offices.name })
        .from(serviceProducts)
        .innerJoin(offices, eq(offices.id, serviceProducts.sellerOfficeId))
        .where(where)
        .orderBy(direction(column), asc(serviceProducts.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceProducts)
        .where(where),
    ]);
    return {
      list: rows.map((r) => toProduct({ ...r.row, sellerName: r.sellerName })),
      count: Number(total?.n ?? 0),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  /** A service of the caller's own catalogue, or 404 naming `field`. */
  async ownService(auth: AuthContext, id: number, field = 'id') {
    const seller = await callerSeller(this.db, auth);
    const [row] = await this.db
      .select()
      .from(serviceProducts)
      .where(and(eq(serviceProducts.id, id), eq(serviceProducts.sellerOfficeId, seller.id)));
    if (!row) throw serviceNotFound(id, field);
    return { row, seller };
  }

  /** Creates (no id) or updates a service of the caller's catalogue. */
  async save(auth: AuthContext, body: ServiceSaveBody): Promise<ServiceProduct> {
    const name = body.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    const description = body.description?.trim() || null;
    const values = {
      kind: body.kind,
      name,
      description,
      units: body.units,
      unitPriceMinor: body.unitPriceMinor,
      currency: body.currency,
      taxRateBp: body.taxRateBp ?? null,
      active: body.active ?? true,
      sort: body.sort ?? 0,
    };
    if (body.id === undefined) {
      const seller = await callerSeller(this.db, auth);
      const [row] = await this.db
        .insert(serviceProducts)
        .values({ ...values, sellerOfficeId: seller.id, createdBy: auth.userId })
        .returning();
      return toProduct({ ...row!, sellerName: seller.name });
    }
    const { seller } = await this.ownService(auth, body.id);
    const [row] = await this.db
      .update(serviceProducts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(serviceProducts.id, body.id))
      .returning();
    return toProduct({ ...row!, sellerName: seller.name });
  }

  /** Offers a service again or stops offering it (orders already placed are not touched). */
  async setActive(auth: AuthContext, id: number, active: boolean): Promise<void> {
    await this.ownService(auth, id);
    await this.db
      .update(serviceProducts)
      .set({ active, updatedAt: new Date() })
      .where(eq(serviceProducts.id, id));
  }

  /** Deletes services of the caller's catalogue, all or nothing (orders keep their copy). */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const seller = await callerSeller(this.db, auth);
    const found = await this.db
      .select({ id: serviceProducts.id })
      .from(serviceProducts)
      .where(and(inArray(serviceProducts.id, ids), eq(serviceProducts.sellerOfficeId, seller.id)));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw fieldError(404, 'ids', `ids: no service ${missing.join(', ')} in your catalogue`, 'notFound');
    await this.db.delete(serviceProducts).where(inArray(serviceProducts.id, ids));
  }
}
