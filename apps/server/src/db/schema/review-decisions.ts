import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** What review judges. */
export const REVIEW_SUBJECT_KINDS = ['material', 'program', 'plan', 'message'] as const;
export type ReviewSubjectKind = (typeof REVIEW_SUBJECT_KINDS)[number];

/**
 * Steps of review: `submitted` (saved while the audit switch is on, waiting), `resubmitted` (sent back
 * with a note after a rejection), `approved`, `rejected` (with a note), `autoApproved` (saved by a
 * reviewer of its tenant, when the setting allows).
 */
export const REVIEW_ACTIONS = ['submitted', 'resubmitted', 'approved', 'rejected', 'autoApproved'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The history of review, one row a step: who, when, what, with which note, on which version. */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text('subject_kind').$type<ReviewSubjectKind>().notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The revision judged (materials: null, they have none). */
    revision: integer('revision'),
    action: text('action').$type<ReviewAction>().notNull(),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_decisions_subject_idx').on(t.subjectKind, t.subjectId, t.id)],
);
