import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { fieldError } from '../users/user-access.js';
import { checkValueDate } from './order-service.js';
import { fulfilOrder, lockOrder, payOrder, refundLockedOrder } from './order-transitions.js';
import { parsePaymentReference } from './payment-reference.js';
import type { ProviderEvent } from './providers/index.js';

/** What recording a provider's report did. */
export interface ProviderEventResult {
  orderId: number;
  state: string;
  /** The provider reported this transaction before: nothing was recorded again. */
  duplicate: boolean;
}

/**
 * Records a payment or refund a provider reported (its signature already verified) like a finance
 * user's confirmation, with no user as the actor: the order must be found by its reference and the
 * amount be its total in its currency (400 naming the field otherwise). Providers repeat reports
 * until answered, so a transaction already in the ledger (same provider reference) is not recorded
 * twice.
 */
export async function recordProviderEvent(
  db: Database,
  providerId: string,
  event: ProviderEvent,
  storageUsed: (db: Database, path: string) => Promise<number>,
): Promise<ProviderEventResult> {
  const reference = parsePaymentReference(event.paymentReference);
  if (!reference)
    throw fieldError(400, 'paymentReference', `paymentReference ${event.paymentReference} is not one`);
  const [found] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
  if (!found)
    throw fieldError(404, 'paymentReference', `No order has the payment reference ${reference}`, 'notFound');
  const [seen] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, found.id),
        eq(payments.kind, event.kind),
        eq(payments.provider, providerId),
        eq(payments.providerRef, event.providerRef),
      ),
    );
  if (seen) return { orderId: found.id, state: found.state, duplicate: true };
  if (event.currency !== found.currency) {
    throw fieldError(400, 'currency', `currency ${event.currency} is not the order's ${found.currency}`);
  }
  if (event.amountMinor !== found.totalMinor) {
    throw fieldError(
      400,
      'amountMinor',
      `amountMinor ${event.amountMinor} is not the order's total ${found.totalMinor}`,
    );
  }
  checkValueDate(event.valueDate);
  const input = {
    amountMinor: event.amountMinor,
    valueDate: event.valueDate,
    note: null,
    provider: providerId,
    providerRef: event.providerRef,
  };
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (event.kind === 'payment') await payOrder(tx, order, null, input);
    else await refundLockedOrder(tx, order, null, input, (path) => storageUsed(tx, path));
  });
  if (event.kind === 'payment') {
    await fulfilOrder(db, found.id, null).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }
  const [after] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, found.id));
  return { orderId: found.id, state: after!.state, duplicate: false };
}
