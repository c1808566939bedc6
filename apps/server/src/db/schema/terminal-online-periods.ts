import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * When each terminal was online: a period opens when it comes online and closes when it goes offline
 * (`ended_at` null while open; at most one open per terminal, which also makes a second opening by
 * another instance a no-op). No foreign key: the history outlives the terminal.
 */
export const terminalOnlinePeriods = pgTable(
  'terminal_online_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('terminal_online_periods_terminal_idx').on(t.terminalId, t.startedAt),
    index('terminal_online_periods_started_idx').on(t.startedAt),
    uniqueIndex('terminal_online_periods_open_uq')
      .on(t.terminalId)
      .where(sql`ended_at IS NULL`),
  ],
);
