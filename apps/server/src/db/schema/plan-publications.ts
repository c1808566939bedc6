import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { plans } from './plans.js';
import { terminals } from './terminals.js';
import { users } from './users.js';

/**
 * Which plans a terminal follows (`playPlan/saveTerminals`). Publishing to a group writes one row
 * per terminal of the group at that time.
 */
export const planPublications = pgTable(
  'plan_publications',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.terminalId] }),
    index('plan_publications_terminal_idx').on(t.terminalId),
  ],
);
