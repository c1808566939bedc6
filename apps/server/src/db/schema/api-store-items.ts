import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { dataSources } from './data-sources.js';
import { users } from './users.js';
import { widgetPackages } from './widget-packages.js';

/**
 * The platform's store (`apiStore`): a package or data source of the platform published for every
 * tenant to add to its own catalogue. Removing the platform's original removes the store item.
 */
export const apiStoreItems = pgTable(
  'api_store_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'widget' | 'dataSource'>().notNull(),
    packageId: integer('package_id').references(() => widgetPackages.id, { onDelete: 'cascade' }),
    dataSourceId: integer('data_source_id').references(() => dataSources.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_store_items_package_uq').on(t.packageId),
    uniqueIndex('api_store_items_data_source_uq').on(t.dataSourceId),
    index('api_store_items_kind_idx').on(t.kind, t.id),
  ],
);
