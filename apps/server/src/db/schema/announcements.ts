import { sql } from 'drizzle-orm';
import type { AnnouncementTexts } from '@apm/contract';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Whether the announcement popup is switched on: '1' on, '0' off. */
export type CloseTipOn = '0' | '1';

/**
 * Announcements shown as a popup in the console. For now there is one platform announcement
 * (`PLATFORM_ANNOUNCEMENT_ID`); rows per customer or office scope come later. Properties keep the
 * spec's spelling (`announcemen…`, `colseTipOn`) because the API does; the columns are spelt correctly.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey(),
    /** Title and content per language code (any subset of the seven). */
    texts: jsonb('texts').$type<AnnouncementTexts>().notNull().default({}),
    announcemenStartTime: timestamp('start_time', { withTimezone: true }),
    announcemenEndTime: timestamp('end_time', { withTimezone: true }),
    /** '1' shows the popup between the start and end times, '0' never shows it. */
    colseTipOn: text('close_tip_on').$type<CloseTipOn>().notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('announcements_close_tip_on_ck', sql`${t.colseTipOn} in ('0', '1')`)],
);

/** Id of the one platform-wide announcement row. */
export const PLATFORM_ANNOUNCEMENT_ID = 1;
