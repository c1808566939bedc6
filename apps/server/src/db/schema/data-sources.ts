import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/** One cached item of a feed (see the contract's `DataItem`). */
export interface StoredDataItem {
  title: string;
  text?: string;
  link?: string;
  date?: string;
}

/**
 * A tenant's data source: a URL feed (JSON with an item path, or RSS/Atom) the server fetches on
 * its interval; the items of the last good fetch are kept (bounded) for `data` widgets, which get
 * them through the console or the terminal API, never from the feed itself.
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantOfficeId: integer('tenant_office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    format: text('format').$type<'json' | 'rss'>().notNull(),
    itemPath: text('item_path').notNull().default(''),
    titleField: text('title_field').notNull().default('title'),
    textField: text('text_field').notNull().default(''),
    intervalSeconds: integer('interval_seconds').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    storeItemId: integer('store_item_id'),
    items: jsonb('items').$type<StoredDataItem[]>().notNull().default([]),
    lastStatus: text('last_status').$type<'ok' | 'error'>(),
    lastError: text('last_error'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** When the items last changed (a good fetch). */
    itemsFetchedAt: timestamp('items_fetched_at', { withTimezone: true }),
    /** When the next fetch is due; the fetch loop claims due rows. */
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_sources_tenant_name_uq').on(t.tenantOfficeId, t.name),
    index('data_sources_due_idx').on(t.enabled, t.nextFetchAt),
  ],
);
