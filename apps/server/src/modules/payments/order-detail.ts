import type { LedgerEntry, OrderDetail, OrderEvent } from '@apm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, payments, users } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { SellerAccountService } from '../purchase/seller-account-service.js';
import { callerTenant } from '../purchase/sellers.js';
import { orderInScope, toOrderSummary } from './order-queries.js';
import { paymentProvider } from './providers/index.js';

/** Ledger rows with who recorded them. */
export function selectLedger(db: Database) {
  return db
    .select({ payment: payments, recordedByName: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy));
}

/** A ledger row as the contract's entry. */
export const toLedgerEntry = (
  r: { payment: typeof payments.$inferSelect; recordedByName: string | null },
  paymentReference: string,
): LedgerEntry => ({
  id: r.payment.id,
  orderId: r.payment.orderId,
  paymentReference,
  kind: r.payment.kind as LedgerEntry['kind'],
  amountMinor: r.payment.amountMinor,
  currency: r.payment.currency as LedgerEntry['currency'],
  valueDate: r.payment.valueDate,
  note: r.payment.note,
  recordedByName: r.recordedByName,
  createdAt: r.payment.createdAt.toISOString(),
});

/**
 * An order with its history, ledger, where to pay and what the caller may do with it: the buyer may
 * cancel while it waits for payment; the seller's finance users (service:payment:review) confirm,
 * fulfil and refund.
 */
export async function orderDetail(
  db: Database,
  accounts: SellerAccountService,
  auth: AuthContext,
  id: number,
): Promise<OrderDetail> {
  const row = await orderInScope(db, auth, id);
  const { order } = row;
  const events = await db
    .select({ event: orderEvents, actorName: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  const ledger = await selectLedger(db).where(eq(payments.orderId, id)).orderBy(asc(payments.id));
  const tenant = await callerTenant(db, auth);
  const isSellerFinance =
    tenant.id === order.sellerOfficeId && auth.permissions.has('service:payment:review');
  const isBuyer = tenant.id === order.customerOfficeId;
  const canCancel =
    (isBuyer &&
      (auth.permissions.has('service:payment:add') || auth.permissions.has('service:purchase:add'))) ||
    isSellerFinance;
  const account = await accounts.of({ id: order.sellerOfficeId, name: row.sellerName });
  const provider = paymentProvider(order.provider);
  const payable = {
    id: order.id,
    paymentReference: order.paymentReference,
    totalMinor: order.totalMinor,
    currency: order.currency,
  };
  return {
    ...toOrderSummary(row),
    note: order.note,
    events: events.map((e): OrderEvent => ({
      fromState: e.event.fromState as OrderEvent['fromState'],
      toState: e.event.toState as OrderEvent['toState'],
      actorName: e.actorName,
      note: e.event.note,
      at: e.event.at.toISOString(),
    })),
    ledger: ledger.map((l) => toLedgerEntry(l, order.paymentReference)),
    bank: provider ? provider.instructions(payable, account.bank).bank : null,
    fulfilmentError: order.state === 'paid' ? order.fulfilmentError : null,
    actions: {
      cancel: order.state === 'created' && canCancel,
      confirm: order.state === 'created' && isSellerFinance,
      fulfil: order.state === 'paid' && isSellerFinance,
      refund: (order.state === 'paid' || order.state === 'fulfilled') && isSellerFinance,
    },
  };
}
