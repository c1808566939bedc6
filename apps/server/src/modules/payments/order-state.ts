import { canTransition, ORDER_TRANSITIONS, type OrderState } from '@apm/contract';
import { AppError } from '../../lib/errors.js';

/** What an order's state lets happen, in words for the 409 message. */
const STATE_WORDS: Record<OrderState, string> = {
  created: 'is waiting for payment',
  paid: 'is paid',
  fulfilled: 'is paid and fulfilled',
  cancelled: 'was cancelled',
  refunded: 'was refunded',
};

/** The verb of moving to a state, for the 409 message. */
const ACTION_WORDS: Record<OrderState, string> = {
  created: 'create',
  paid: 'confirm the payment of',
  fulfilled: 'fulfil',
  cancelled: 'cancel',
  refunded: 'refund',
};

/**
 * Throws 409 (reason `orderState`) when an order in `from` may not move to `to`, saying what state
 * it is in and what it could still do: "Order APM-… was cancelled: it cannot be refunded".
 */
export function assertTransition(reference: string, from: OrderState, to: OrderState): void {
  if (canTransition(from, to)) return;
  const next = ORDER_TRANSITIONS[from];
  const options = next.length ? ` (it can only be: ${next.join(', ')})` : ' (nothing more can happen to it)';
  throw new AppError(
    409,
    `Order ${reference} ${STATE_WORDS[from]}: you cannot ${ACTION_WORDS[to]} it${options}`,
    'orderState',
    { state: from, wanted: to },
  );
}
