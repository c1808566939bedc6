import type { BrandConfig } from '@apm/contract';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';

/** A customer's (or agent's) own brand: "enable customization" and its second domain name. */
export const customerBrands = pgTable(
  'customer_brands',
  {
    officeId: integer('office_id')
      .primaryKey()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** Customization switched on: the brand applies on the customer's domain and after sign-in. */
    enabled: boolean('enabled').notNull().default(false),
    /** Brand fields that differ from the platform's default brand. */
    config: jsonb('config').$type<Partial<Omit<BrandConfig, 'brand'>>>().notNull().default({}),
    /** Second domain name (host, lower case, no port) that selects this brand on the login page. */
    domainName: text('domain_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_brands_domain_uq').on(t.domainName)],
);
