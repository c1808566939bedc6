import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof of play rolled up by hour, terminal, kind and subject; kept after the raw events are dropped.
 * Maintained by the ingest in the transaction that inserts the events, from the rows really inserted.
 * `subject_id` is the program, message or material id (0 for none); `subject_key` the widget type or
 * the scene id ('' for none); `subject_name` the latest name reported for the subject.
 */
export const playHourly = pgTable(
  'play_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
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
      name: 'play_hourly_pk',
      columns: [t.hour, t.terminalId, t.kind, t.subjectId, t.subjectKey],
    }),
    index('play_hourly_subject_idx').on(t.kind, t.subjectId, t.hour),
    index('play_hourly_office_idx').on(t.officeId, t.hour),
    index('play_hourly_hour_idx').on(t.hour),
  ],
);
