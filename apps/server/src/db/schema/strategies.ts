import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A terminal strategy: a named bundle of terminal policies (power on/off per weekday, volume and
 * brightness by time of day, download windows, screenshot interval, reboot time) kept as the
 * contract's `StrategyDocument`, scoped to an office like other tenant data. The name is unique in
 * its office; `revision` increases on every save (the console's optimistic check, and what a
 * terminal was last sent).
 */
export const strategies = pgTable(
  'strategies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The policies (`StrategyDocument` in the contract), validated by `strategyProblem`. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategies_office_name_uq').on(t.officeId, t.name),
    index('strategies_office_idx').on(t.officeId, t.id),
  ],
);
