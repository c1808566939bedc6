import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * The ledger: money received for an order (`payment`) or sent back (`refund`). An order has at most
 * one of each (unique), so a repeated confirmation can never record a payment twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's own id of the transaction (a card payment's id; null for a bank transfer). */
    providerRef: text('provider_ref'),
    valueDate: text('value_date').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_kind_uq').on(t.orderId, t.kind),
    index('payments_created_idx').on(t.createdAt),
  ],
);
