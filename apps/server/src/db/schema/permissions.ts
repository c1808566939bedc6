import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** The permission catalogue (synchronised from `@apm/contract` at start-up). */
export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  parentId: text('parent_id'),
  operations: jsonb('operations').$type<string[]>().notNull(),
});
