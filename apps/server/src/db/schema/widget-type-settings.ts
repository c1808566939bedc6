import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A tenant's switch for one built-in widget type (`text`, `clock`, …). No row: the type is on. The
 * tenant is its root office (platform, agent or customer); the program editor of the tenant offers
 * only the types switched on, and the server refuses to save a program using one switched off.
 */
export const widgetTypeSettings = pgTable(
  'widget_type_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantOfficeId: integer('tenant_office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    widgetType: text('widget_type').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('widget_type_settings_tenant_type_uq').on(t.tenantOfficeId, t.widgetType)],
);
