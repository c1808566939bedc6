import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { programs } from './programs.js';
import { users } from './users.js';

/** How a sync group shows its program: every member the whole canvas, or each its tile of one wall. */
export const SYNC_GROUP_MODES = ['mirror', 'wall'] as const;
export type SyncGroupMode = (typeof SYNC_GROUP_MODES)[number];

/**
 * A sync group: terminals that play one program's main scenes in lockstep, as one loop that began
 * at `epoch_ms` on the server's clock (set again whenever what the members play changes, so that
 * the loop restarts for all at once). A `wall` splits the canvas into `columns` × `rows` tiles; a
 * `mirror` is 1 × 1. The program is set to null when it is deleted (the group then plays nothing).
 */
export const syncGroups = pgTable(
  'sync_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    name: text('name').notNull(),
    mode: text('mode').$type<SyncGroupMode>().notNull(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    columns: integer('columns').notNull().default(1),
    rows: integer('rows').notNull().default(1),
    epochMs: bigint('epoch_ms', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sync_groups_office_name_uq').on(t.officeId, t.name),
    index('sync_groups_office_idx').on(t.officeId, t.id),
    index('sync_groups_program_idx').on(t.programId),
  ],
);
