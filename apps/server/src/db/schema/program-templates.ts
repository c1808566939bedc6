import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * Program templates: a copy of a program's document that new programs start from. A template
 * belongs to an office like a program (seen within data ranges, as programs are); a platform
 * user can share one with every tenant.
 */
export const programTemplates = pgTable(
  'program_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The document, at the current format version when it was saved. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Offered to every tenant (platform templates whose materials are all shared). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('program_templates_office_idx').on(t.officeId, t.id)],
);
