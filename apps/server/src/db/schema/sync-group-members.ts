import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { syncGroups } from './sync-groups.js';
import { terminals } from './terminals.js';

/**
 * The terminals of a sync group (a terminal is in one group at most: the terminal id is the key) and
 * each one's tile of a wall (0-based `column` and `row`; 0, 0 in a mirror). Members leave with their
 * group, and a removed terminal leaves its group.
 */
export const syncGroupMembers = pgTable(
  'sync_group_members',
  {
    terminalId: integer('terminal_id')
      .primaryKey()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => syncGroups.id, { onDelete: 'cascade' }),
    column: integer('column').notNull().default(0),
    row: integer('row').notNull().default(0),
  },
  (t) => [index('sync_group_members_group_idx').on(t.groupId, t.terminalId)],
);
