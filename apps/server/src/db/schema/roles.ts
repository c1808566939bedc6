import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';

/** Roles; system roles (super administrator, operator, auditor) cannot be deleted. */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Owning customer or agent; null for platform-wide roles. */
    officeId: integer('office_id').references(() => offices.id),
    isSystem: boolean('is_system').notNull().default(false),
    /** Free text shown in role management. */
    remarks: text('remarks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code)],
);
