import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { orders } from './orders.js';

/** Seller and buyer as printed on an invoice, kept as they were when it was issued. */
export interface InvoiceParty {
  name: string;
  address: string | null;
  taxNumber: string | null;
  contact: string | null;
}

/**
 * An invoice, issued when an order is paid: numbered per seller without gaps (`seq`, shown as
 * `number`), with the parties as they were then. Amounts are the order's.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerOfficeId: integer('seller_office_id')
      .notNull()
      .references(() => offices.id),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_seller_seq_uq').on(t.sellerOfficeId, t.seq),
    uniqueIndex('invoices_order_uq').on(t.orderId),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);
