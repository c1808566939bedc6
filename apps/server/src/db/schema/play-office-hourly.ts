import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof of play rolled up by hour, office (as at ingest), kind and subject — `play_hourly` without the
 * terminal — with a row per hour, office and kind for all subjects together (`subject_id` -1,
 * `subject_key` '*'). Fleet-wide sums (series, heat maps, top lists) read offices instead of terminals.
 * Raised by the ingest in the statement that raises `play_hourly`.
 */
export const playOfficeHourly = pgTable(
  'play_office_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    officeId: integer('office_id').notNull(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull().default(0),
    subjectKey: text('subject_key').notNull().default(''),
    subjectName: text('subject_name'),
    plays: integer('plays').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'play_office_hourly_pk',
      columns: [t.hour, t.officeId, t.kind, t.subjectId, t.subjectKey],
    }),
    index('play_office_hourly_subject_idx').on(t.kind, t.subjectId, t.hour),
  ],
);
