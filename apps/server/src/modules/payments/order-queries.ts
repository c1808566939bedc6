import type { OrderListQuery, OrderSortField, OrderSummary } from '@apm/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { invoices, offices, orders } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError } from '../users/user-access.js';

const customer = alias(offices, 'order_customer');
const seller = alias(offices, 'order_seller');

/**
 * Orders the caller may see: those of buyers inside its tenant — a customer its own, an agent its
 * customers' (and its own purchases), the platform every order.
 */
export const orderScope = (auth: AuthContext): SQL => officesUnder(orders.customerOfficeId, auth.tenantPath);

/** 404 naming `field`: no such order in the caller's range (never saying whether it exists). */
export const orderNotFound = (id: number, field = 'id') =>
  fieldError(404, field, `${field}: no order ${id} in your scope`, 'notFound');

const SORT_COLUMNS: Record<OrderSortField, SQL> = {
  createdAt: sql`${orders.createdAt}`,
  totalMinor: sql`${orders.totalMinor}`,
  state: sql`${orders.state}`,
  customerName: sql`${customer.name}`,
};

/** Order rows with the names and invoice number lists show. */
export function selectOrders(db: Database) {
  return db
    .select({
      order: orders,
      customerName: customer.name,
      sellerName: seller.name,
      invoiceNumber: invoices.number,
    })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.customerOfficeId))
    .innerJoin(seller, eq(seller.id, orders.sellerOfficeId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id));
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** A row as the contract's summary. */
export const toOrderSummary = ({
  order: o,
  customerName,
  sellerName,
  invoiceNumber,
}: OrderRow): OrderSummary => ({
  id: o.id,
  paymentReference: o.paymentReference,
  state: o.state as OrderSummary['state'],
  customerOfficeId: o.customerOfficeId,
  customerName,
  sellerOfficeId: o.sellerOfficeId,
  sellerName,
  serviceId: o.serviceId,
  serviceKind: o.serviceKind as OrderSummary['serviceKind'],
  serviceName: o.serviceName,
  units: o.units,
  quantity: o.quantity,
  unitPriceMinor: o.unitPriceMinor,
  netMinor: o.netMinor,
  taxRateBp: o.taxRateBp,
  taxMinor: o.taxMinor,
  totalMinor: o.totalMinor,
  currency: o.currency as OrderSummary['currency'],
  provider: o.provider as OrderSummary['provider'],
  invoiceNumber,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

/** One order in the caller's scope, or 404. */
export async function orderInScope(
  db: Database,
  auth: AuthContext,
  id: number,
  field = 'id',
): Promise<OrderRow> {
  const [row] = await selectOrders(db).where(and(eq(orders.id, id), orderScope(auth)));
  if (!row) throw orderNotFound(id, field);
  return row;
}

/** One page of the caller's orders: searched by reference, service or customer, filtered, sorted, paged. */
export async function pageOrders(
  db: Database,
  auth: AuthContext,
  q: OrderListQuery & { pageNo: number; pageSize: number },
) {
  const word = q.keyword?.trim().toLowerCase();
  const pattern = word ? `%${escapeLike(word)}%` : '';
  const where = and(
    orderScope(auth),
    q.state ? eq(orders.state, q.state) : undefined,
    q.customerOfficeId ? eq(orders.customerOfficeId, q.customerOfficeId) : undefined,
    word
      ? sql`(lower(${orders.paymentReference}) like ${pattern} or lower(${orders.serviceName}) like ${pattern} or lower(${customer.name}) like ${pattern})`
      : undefined,
  );
  const direction = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort ?? 'createdAt'];
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(direction(column), direction(orders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.customerOfficeId))
      .where(where),
  ]);
  return {
    list: rows.map(toOrderSummary),
    count: Number(total?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
