import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/** Folders of the material library; a folder belongs to the office of the user who made it. */
export const materialFolders = pgTable(
  'material_folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null at the top level. */
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('material_folders_office_idx').on(t.officeId, t.parentId)],
);
