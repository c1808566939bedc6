import { integer, pgTable } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';

/**
 * The last invoice number a seller issued. Issuing locks the row (UPDATE … RETURNING) in the
 * transaction that records the payment, so numbers have no gaps and no repeats.
 */
export const invoiceSequences = pgTable('invoice_sequences', {
  sellerOfficeId: integer('seller_office_id')
    .primaryKey()
    .references(() => offices.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});
