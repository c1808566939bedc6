import { sql } from 'drizzle-orm';
import type { NotificationContents } from '@apm/contract';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { notificationBatches } from './notification-batches.js';
import { users } from './users.js';

/** Read state of a notification message: '0' unread, '1' read (spec section 3). */
export type ReadState = '0' | '1';

/** Notification messages of one user, shown under the console's bell. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    /** The content per language code (any subset of the seven, at least one). */
    contents: jsonb('contents').$type<NotificationContents>().notNull().default({}),
    /** The sending of which this message is one copy; null for system notices. */
    batchId: integer('batch_id').references(() => notificationBatches.id, { onDelete: 'cascade' }),
    readState: text('read_state').$type<ReadState>().notNull().default('0'),
  },
  (t) => [
    index('notifications_user_read_idx').on(t.userId, t.readState),
    index('notifications_batch_idx').on(t.batchId),
    check('notifications_read_state_ck', sql`${t.readState} in ('0', '1')`),
  ],
);
