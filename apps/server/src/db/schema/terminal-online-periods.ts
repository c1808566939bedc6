import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * When each terminal was online: a period opens when it comes online and closes when it goes offline
 * (`ended_at` null while open; at most one open per terminal, which also makes a second opening by
 * another instance a no-op). No foreign key: the history outlives the terminal.
 *
 * `rolled_until`: how far the period is in the online roll-ups (`play_hourly` and the coarser ones,
 * kind `online`; null: nothing yet, as from `started_at`). The statistics read the roll-ups up to it
 * and the period itself after it; the partial index holds the periods not rolled up to their end.
 */
export const terminalOnlinePeriods = pgTable(
  'terminal_online_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    rolledUntil: timestamp('rolled_until', { withTimezone: true }),
  },
  (t) => [
    index('terminal_online_periods_terminal_idx').on(t.terminalId, t.startedAt),
    index('terminal_online_periods_started_idx').on(t.startedAt),
    uniqueIndex('terminal_online_periods_open_uq')
      .on(t.terminalId)
      .where(sql`ended_at IS NULL`),
    index('terminal_online_periods_unrolled_idx')
      .on(t.terminalId)
      .where(sql`ended_at IS NULL OR rolled_until IS NULL OR rolled_until < ended_at`),
  ],
);
