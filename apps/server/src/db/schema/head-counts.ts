import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Audience counts reported by terminals with a camera: `count` people seen during the `period_seconds`
 * from `started_at`. `event_id` is the terminal's id of the report (the dedup key); `office_id` the
 * terminal's office at ingest. No foreign key: statistics outlive terminals.
 */
export const headCounts = pgTable(
  'head_counts',
  {
    terminalId: integer('terminal_id').notNull(),
    eventId: text('event_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    count: integer('count').notNull(),
    officeId: integer('office_id'),
  },
  (t) => [
    primaryKey({ name: 'head_counts_pk', columns: [t.terminalId, t.eventId] }),
    index('head_counts_started_idx').on(t.startedAt),
    index('head_counts_office_idx').on(t.officeId, t.startedAt),
  ],
);
