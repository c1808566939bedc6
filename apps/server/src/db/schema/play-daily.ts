import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof of play rolled up by UTC day, terminal, kind and subject (`play_hourly` a day at a time), with a
 * row per terminal, day and kind for all its subjects together (`subject_id` -1, `subject_key` '*'):
 * per-terminal figures over weeks read days instead of hours. Raised by the ingest in the statement
 * that raises `play_hourly`, from the same rows.
 *
 * Reads by subject go through `play_daily_subject_cover_idx` (kind, subject, day) INCLUDE (terminal,
 * office, plays, duration), created by migration 0028 in SQL because the schema builder cannot say
 * INCLUDE: a top list of terminals over a month is an index-only scan, not a heap read per row.
 */
export const playDaily = pgTable(
  'play_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    officeId: integer('office_id').notNull().default(0),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull().default(0),
    subjectKey: text('subject_key').notNull().default(''),
    subjectName: text('subject_name'),
    plays: integer('plays').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'play_daily_pk',
      columns: [t.day, t.terminalId, t.kind, t.subjectId, t.subjectKey],
    }),
    index('play_daily_terminal_idx').on(t.terminalId, t.day),
  ],
);
