import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReviewState } from './materials.js';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A play plan: a versioned JSON document (entries that put programs in time — `PlanDocument` in the
 * contract) with what the server derives from it for lists and checks: the programs it uses and the
 * date range its entries span.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** Increases on every save; terminals compare it to know a plan changed. */
    revision: integer('revision').notNull().default(1),
    /** Distinct programs of its entries and its default program (program deletion checks, manifests). */
    programIds: jsonb('program_ids').$type<number[]>().notNull().default([]),
    entryCount: integer('entry_count').notNull().default(0),
    /** Earliest start of its entries (`YYYY-MM-DD`); null without entries. */
    startDate: text('start_date'),
    /** Latest end of its entries; null when one entry has no end (or there are none). */
    endDate: text('end_date'),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('approved'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_office_idx').on(t.officeId, t.id)],
);
