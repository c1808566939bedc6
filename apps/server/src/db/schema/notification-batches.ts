import type { NotificationContents } from '@apm/contract';
import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/** Who a notification was sent to: user ids, role ids and office ids (offices include their subtree). */
export interface NotificationTargets {
  userIds: number[];
  roleIds: number[];
  officeIds: number[];
}

/** One sending of a message notification by an operator; each recipient gets a `notifications` row. */
export const notificationBatches = pgTable(
  'notification_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Office of the sender: the batch is visible within the sender's data range. */
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    /** The content per language code (any subset of the seven, at least one). */
    contents: jsonb('contents').$type<NotificationContents>().notNull().default({}),
    targets: jsonb('targets').$type<NotificationTargets>().notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_batches_office_idx').on(t.officeId, t.createdAt)],
);
