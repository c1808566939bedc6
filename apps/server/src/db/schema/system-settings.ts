import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Typed system settings by key; absent keys take their defaults from the settings registry. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
