import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReviewState } from './materials.js';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A program: a versioned JSON document (canvas, scenes, widgets — `ProgramDocument` in the
 * contract) with what the server derives from it: size of its materials and their ids.
 */
export const programs = pgTable(
  'programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The document, always stored at the current format version. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    formatVersion: integer('format_version').notNull(),
    /** Increases on every save; terminals compare it to know a program changed. */
    revision: integer('revision').notNull().default(1),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Sum of the sizes of the distinct materials the program uses, in bytes. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    materialIds: jsonb('material_ids').$type<number[]>().notNull().default([]),
    thumbPath: text('thumb_path'),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('approved'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('programs_office_idx').on(t.officeId, t.id)],
);
