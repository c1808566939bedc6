import type { OrderState } from '@apm/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, orders, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { applyGrant, reverseGrant, type Tx } from './fulfilment.js';
import { issueInvoice } from './invoice-service.js';
import { orderNotFound } from './order-queries.js';
import { assertTransition } from './order-state.js';

/** An order row. */
export type Order = typeof orders.$inferSelect;

/** Who made a change: a user, or null for a provider's report. */
export type Actor = number | null;

/**
 * The building blocks of every state change, in the caller's transaction. Each change starts by
 * locking the order row (`SELECT … FOR UPDATE`), so a concurrent change waits and then sees the
 * new state: a repeated confirmation finds the order paid and is refused by the state machine.
 */
export async function lockOrder(tx: Tx, id: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw orderNotFound(id);
  return order;
}

/** Moves a locked order to `to` (409 when the state machine forbids it), with its history entry. */
export async function moveOrder(
  tx: Tx,
  order: Order,
  to: OrderState,
  actor: Actor,
  note: string | null,
  set: Partial<Order> = {},
): Promise<void> {
  assertTransition(order.paymentReference, order.state as OrderState, to);
  await tx
    .update(orders)
    .set({ ...set, state: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromState: order.state, toState: to, actorId: actor, note });
}

/** What a payment or refund records in the ledger. */
export interface LedgerInput {
  amountMinor: number;
  valueDate: string;
  note: string | null;
  /** The provider that reported it, when not the order's own (a card paying a transfer order). */
  provider?: string;
  providerRef?: string | null;
}

/** The state a ledger entry of each kind moves its order to. */
const LEDGER_MOVES = { payment: 'paid', refund: 'refunded' } as const satisfies Record<string, OrderState>;

/**
 * Records a payment or refund of a locked order in the ledger, then moves the order to paid or refunded
 * with its history entry (the note goes to both). The caller has checked the transition first.
 */
async function recordAndMove(
  tx: Tx,
  order: Order,
  kind: keyof typeof LEDGER_MOVES,
  actor: Actor,
  input: LedgerInput,
): Promise<void> {
  await tx.insert(payments).values({
    orderId: order.id,
    kind,
    amountMinor: input.amountMinor,
    currency: order.currency,
    provider: input.provider ?? order.provider,
    providerRef: input.providerRef ?? null,
    valueDate: input.valueDate,
    note: input.note,
    recordedBy: actor,
  });
  await moveOrder(tx, order, LEDGER_MOVES[kind], actor, input.note);
}

/** Records the payment of a locked order waiting for it → paid, and issues its invoice. */
export async function payOrder(tx: Tx, order: Order, actor: Actor, input: LedgerInput): Promise<void> {
  assertTransition(order.paymentReference, order.state as OrderState, 'paid');
  await recordAndMove(tx, order, 'payment', actor, input);
  await issueInvoice(tx, order);
}

/** Refunds a locked paid or fulfilled order, taking back what fulfilment raised (409 when it is in use). */
export async function refundLockedOrder(
  tx: Tx,
  order: Order,
  actor: Actor,
  input: LedgerInput,
  storageUsed: (path: string) => Promise<number>,
): Promise<void> {
  assertTransition(order.paymentReference, order.state as OrderState, 'refunded');
  if (order.state === 'fulfilled') await reverseGrant(tx, order, storageUsed);
  await recordAndMove(tx, order, 'refund', actor, input);
}

/**
 * Fulfils a paid order: raises what it bought and marks it fulfilled in one transaction, so a
 * failed raise (409) leaves it paid with the reason kept for the seller to see and try again.
 */
export async function fulfilOrder(db: Database, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      assertTransition(order.paymentReference, order.state as OrderState, 'fulfilled');
      const grant = await applyGrant(tx, order);
      await moveOrder(tx, order, 'fulfilled', actor, null, { grant, fulfilmentError: null });
    });
  } catch (err) {
    if (err instanceof AppError && err.reason !== 'orderState' && err.statusCode === 409) {
      await db
        .update(orders)
        .set({ fulfilmentError: err.message, updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.state, 'paid')));
    }
    throw err;
  }
}
