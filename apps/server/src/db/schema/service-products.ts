import type { BankDetails } from '@apm/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A service a seller (the platform, or an agent for its own customers) sells: what one purchase
 * grants (`units` of its kind) and its price in integer minor units of `currency`, with an optional
 * tax rate in basis points. Orders copy what they need, so a service may change or go inactive.
 */
export const serviceProducts = pgTable(
  'service_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerOfficeId: integer('seller_office_id')
      .notNull()
      .references(() => offices.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    units: integer('units').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    taxRateBp: integer('tax_rate_bp'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_products_seller_idx').on(t.sellerOfficeId, t.active)],
);

/**
 * A seller's payment account: the bank details customers transfer to, and the tax number and
 * address its invoices carry. One row per seller office.
 */
export const sellerAccounts = pgTable('seller_accounts', {
  officeId: integer('office_id')
    .primaryKey()
    .references(() => offices.id, { onDelete: 'cascade' }),
  bank: jsonb('bank').$type<BankDetails>(),
  taxNumber: text('tax_number'),
  address: text('address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last day of a customer's bought service period (raised by service-period orders). */
export const serviceTerms = pgTable('service_terms', {
  officeId: integer('office_id')
    .primaryKey()
    .references(() => offices.id, { onDelete: 'cascade' }),
  endsOn: text('ends_on').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
