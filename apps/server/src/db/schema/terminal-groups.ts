import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';

/**
 * Terminal groups: a tree inside one office (`saveTerminalGroup`, `groupTree`). Programs are
 * published to groups as well as to single terminals.
 */
export const terminalGroups = pgTable(
  'terminal_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('terminal_groups_office_idx').on(t.officeId),
    index('terminal_groups_parent_idx').on(t.parentId),
  ],
);
