import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { serviceProducts } from './service-products.js';
import { users } from './users.js';

/** What fulfilment raised, so that a refund can take exactly that back. */
export interface OrderGrant {
  storageQuotaMb?: number;
  terminalQuota?: number;
  /** Months added and the service end date before and after. */
  serviceMonths?: number;
  serviceEndsBefore?: string | null;
  serviceEndsAfter?: string;
  widgets?: number;
}

/**
 * An order of a customer to its seller: a copy of the service (kind, name, units, price), the
 * amounts in integer minor units, its state (created → paid → fulfilled, created → cancelled,
 * paid/fulfilled → refunded) and the payment reference the customer quotes with its transfer.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentReference: text('payment_reference').notNull(),
    customerOfficeId: integer('customer_office_id')
      .notNull()
      .references(() => offices.id),
    sellerOfficeId: integer('seller_office_id')
      .notNull()
      .references(() => offices.id),
    serviceId: integer('service_id').references(() => serviceProducts.id, { onDelete: 'set null' }),
    serviceKind: text('service_kind').notNull(),
    serviceName: text('service_name').notNull(),
    units: integer('units').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp'),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull().default('bankTransfer'),
    state: text('state').notNull().default('created'),
    note: text('note'),
    /** Set once fulfilled: what was raised. */
    grant: jsonb('grant').$type<OrderGrant>(),
    /** Why the last fulfilment attempt failed (a paid order waits for it to be tried again). */
    fulfilmentError: text('fulfilment_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_reference_uq').on(t.paymentReference),
    index('orders_customer_idx').on(t.customerOfficeId, t.createdAt),
    index('orders_seller_idx').on(t.sellerOfficeId, t.createdAt),
  ],
);
