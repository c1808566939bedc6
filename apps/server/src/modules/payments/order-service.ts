import {
  MONEY_MINOR_MAX,
  taxOnNet,
  type OrderDetail,
  type OrderPlaceBody,
  type OrderState,
  type PaymentConfirmBody,
  type RefundBody,
} from '@apm/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, orders, serviceProducts } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { serviceNotFound } from '../purchase/catalogue-service.js';
import type { SellerAccountService } from '../purchase/seller-account-service.js';
import { callerTenant, sellerOf } from '../purchase/sellers.js';
import { fieldError } from '../users/user-access.js';
import type { Tx } from './fulfilment.js';
import { orderDetail } from './order-detail.js';
import { orderInScope } from './order-queries.js';
import { assertTransition } from './order-state.js';
import {
  fulfilOrder,
  lockOrder,
  moveOrder,
  payOrder,
  refundLockedOrder,
  type Order,
} from './order-transitions.js';
import { newPaymentReference } from './payment-reference.js';
import { DEFAULT_PROVIDER } from './providers/index.js';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A value date: a real day, not after tomorrow (time zones), else 400 naming `valueDate`. */
export function checkValueDate(day: string): void {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw fieldError(400, 'valueDate', `valueDate ${day} is not a date`);
  }
  if (parsed.getTime() > Date.now() + 86_400_000)
    throw fieldError(400, 'valueDate', `valueDate ${day} is in the future`);
}

/**
 * Orders and their state machine: a buyer places and may cancel; a finance user of the seller
 * confirms the payment (→ paid, invoice issued), which fulfils it (→ fulfilled, capacity raised in
 * the same transaction), and may refund it. Each change locks the order row, so a repeated or
 * concurrent confirmation finds it paid and is refused (409) instead of paying or fulfilling twice.
 */
export class OrderService {
  constructor(
    private readonly db: Database,
    private readonly accounts: SellerAccountService,
    /** Bytes of storage used under an office path, read through the given handle (the transaction). */
    private readonly storageUsed: (db: Database, path: string) => Promise<number>,
  ) {}

  /** An order with history and ledger. */
  detail(auth: AuthContext, id: number): Promise<OrderDetail> {
    return orderDetail(this.db, this.accounts, auth, id);
  }

  /** The caller's institution orders a service of its seller; answers the order with where to pay. */
  async place(auth: AuthContext, body: OrderPlaceBody): Promise<OrderDetail> {
    const buyer = await callerTenant(this.db, auth);
    const seller = await sellerOf(this.db, buyer);
    const [service] = await this.db
      .select()
      .from(serviceProducts)
      .where(
        and(
          eq(serviceProducts.id, body.serviceId),
          eq(serviceProducts.sellerOfficeId, seller.id),
          eq(serviceProducts.active, true),
        ),
      );
    if (!service) throw serviceNotFound(body.serviceId, 'serviceId');
    const field =
      service.kind === 'storage'
        ? 'storageQuotaMb'
        : service.kind === 'terminalLicence'
          ? 'terminalQuota'
          : null;
    if (field && buyer[field] === null) {
      throw new AppError(
        409,
        `${buyer.name} has no ${field} of its own (not limited): there is nothing to buy`,
        'noQuota',
        { field },
      );
    }
    const netMinor = service.unitPriceMinor * body.quantity;
    if (netMinor > MONEY_MINOR_MAX)
      throw fieldError(400, 'quantity', `quantity ${body.quantity} makes a total too large`);
    const taxMinor = service.taxRateBp ? taxOnNet(netMinor, service.taxRateBp) : 0;
    const note = body.note?.trim() || null;
    for (let attempt = 0; ; attempt++) {
      try {
        const id = await this.db.transaction(async (tx) => {
          const [order] = await tx
            .insert(orders)
            .values({
              paymentReference: newPaymentReference(),
              customerOfficeId: buyer.id,
              sellerOfficeId: seller.id,
              serviceId: service.id,
              serviceKind: service.kind,
              serviceName: service.name,
              units: service.units,
              quantity: body.quantity,
              unitPriceMinor: service.unitPriceMinor,
              netMinor,
              taxRateBp: service.taxRateBp,
              taxMinor,
              totalMinor: netMinor + taxMinor,
              currency: service.currency,
              provider: DEFAULT_PROVIDER,
              note,
              createdBy: auth.userId,
            })
            .returning({ id: orders.id });
          await tx
            .insert(orderEvents)
            .values({ orderId: order!.id, toState: 'created', actorId: auth.userId, note });
          return order!.id;
        });
        return this.detail(auth, id);
      } catch (err) {
        // A fresh reference that happened to be taken already (1 in 10¹² per order): draw another.
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  /** Locks an order of the caller's scope for a change, or 404. */
  private async lockInScope(tx: Tx, auth: AuthContext, id: number): Promise<Order> {
    await orderInScope(tx, auth, id);
    return lockOrder(tx, id);
  }

  /** 403 unless the caller's institution is the order's seller (its finance confirms and refunds). */
  private async assertSeller(
    db: Database,
    auth: AuthContext,
    order: Pick<Order, 'sellerOfficeId' | 'paymentReference'>,
  ) {
    const tenant = await callerTenant(db, auth);
    if (tenant.id !== order.sellerOfficeId) {
      throw forbidden(
        `Only the seller of order ${order.paymentReference} confirms, fulfils and refunds it`,
        'notSeller',
      );
    }
  }

  /** Cancels an order waiting for payment: its buyer, or the seller's finance. */
  async cancel(auth: AuthContext, id: number, note?: string): Promise<OrderDetail> {
    await this.db.transaction(async (tx) => {
      const order = await this.lockInScope(tx, auth, id);
      const tenant = await callerTenant(tx, auth);
      const isSellerFinance =
        tenant.id === order.sellerOfficeId && auth.permissions.has('service:payment:review');
      if (tenant.id !== order.customerOfficeId && !isSellerFinance) {
        throw forbidden(
          `Only the buyer or the seller's finance may cancel order ${order.paymentReference}`,
          'notParty',
        );
      }
      await moveOrder(tx, order, 'cancelled', auth.userId, note?.trim() || null);
    });
    return this.detail(auth, id);
  }

  /**
   * Records the transfer that arrived (the order's total, no part payments) → paid, issuing the
   * invoice in the same transaction; then fulfils. A second confirmation finds the order paid (409).
   */
  async confirm(auth: AuthContext, body: PaymentConfirmBody): Promise<OrderDetail> {
    checkValueDate(body.valueDate);
    const note = body.note?.trim() || null;
    await this.db.transaction(async (tx) => {
      const order = await this.lockInScope(tx, auth, body.id);
      await this.assertSeller(tx, auth, order);
      assertTransition(order.paymentReference, order.state as OrderState, 'paid');
      if (body.amountMinor !== order.totalMinor) {
        throw fieldError(
          400,
          'amountMinor',
          `amountMinor ${body.amountMinor} is not the order's total ${order.totalMinor}`,
        );
      }
      await payOrder(tx, order, auth.userId, {
        amountMinor: body.amountMinor,
        valueDate: body.valueDate,
        note,
      });
    });
    await fulfilOrder(this.db, body.id, auth.userId).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
    return this.detail(auth, body.id);
  }

  /** Tries the fulfilment of a paid order (again), as the seller's finance. */
  async fulfil(auth: AuthContext, id: number): Promise<OrderDetail> {
    const { order } = await orderInScope(this.db, auth, id);
    await this.assertSeller(this.db, auth, order);
    await fulfilOrder(this.db, id, auth.userId);
    return this.detail(auth, id);
  }

  /** Refunds the whole total of a paid or fulfilled order, taking back what fulfilment raised. */
  async refund(auth: AuthContext, body: RefundBody): Promise<OrderDetail> {
    checkValueDate(body.valueDate);
    const note = body.note.trim();
    if (!note) throw fieldError(400, 'note', 'note is required: say why the order is refunded');
    await this.db.transaction(async (tx) => {
      const order = await this.lockInScope(tx, auth, body.id);
      await this.assertSeller(tx, auth, order);
      const input = { amountMinor: order.totalMinor, valueDate: body.valueDate, note };
      await refundLockedOrder(tx, order, auth.userId, input, (path) => this.storageUsed(tx, path));
    });
    return this.detail(auth, body.id);
  }
}
