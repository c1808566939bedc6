import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReviewState } from './materials.js';
import { offices } from './offices.js';
import { users } from './users.js';

/** Whom a message goes to, as the operator chose (resolved to terminals when it is sent). */
export interface MessageTargetsColumn {
  terminalIds: number[];
  groupIds: number[];
  officeIds: number[];
}

/**
 * A message (ticker, notice, takeover): its document (`MessageDocument` in the contract: content,
 * look, schedule), its targets, review, and where it stands — sent, stopped, soft-deleted. The
 * schedule's columns (`kind`, `priority`, `validFrom`, `validUntil`) repeat the document's for lists.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** Increases on every save; a terminal replaces a held message by a higher revision. */
    revision: integer('revision').notNull().default(1),
    priority: integer('priority').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    targets: jsonb('targets')
      .$type<MessageTargetsColumn>()
      .notNull()
      .default({ terminalIds: [], groupIds: [], officeIds: [] }),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('approved'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The last send (`savePublish`, `reuploadMessage`); null: a draft. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** Stopped on every screen by an operator (a later send clears it). */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedBy: integer('stopped_by').references(() => users.id, { onDelete: 'set null' }),
    /** In the recycle bin (soft delete, restorable); stopped on every screen when deleted. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_office_idx').on(t.officeId, t.id)],
);

/**
 * A tenant's inbound message webhook (another system — a fire alarm panel, a CAP feed bridge — sends
 * or stops the tenant's approved messages): the shared secret of its HMAC-SHA-256 signatures, sealed
 * at rest, one per tenant root office.
 */
export const messageWebhooks = pgTable('message_webhooks', {
  officeId: integer('office_id')
    .primaryKey()
    .references(() => offices.id, { onDelete: 'cascade' }),
  /** The secret, sealed with the installation's secret box. */
  secret: text('secret').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last call with a valid signature. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
