import { bit, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Terminals per bit set of a reach row: terminal `id` is bit `id % REACH_CHUNK_BITS` of chunk `id / REACH_CHUNK_BITS`. */
export const REACH_CHUNK_BITS = 1024;

const reachColumns = (period: 'hour' | 'day') => ({
  at: timestamp(period, { withTimezone: true }).notNull(),
  officeId: integer('office_id').notNull(),
  kind: text('kind').notNull(),
  subjectId: integer('subject_id').notNull(),
  subjectKey: text('subject_key').notNull(),
  chunk: integer('chunk').notNull(),
  terminals: bit('terminals', { dimensions: REACH_CHUNK_BITS }).notNull(),
});

/**
 * Which terminals played a subject (or any subject of a kind: `subject_id` -1, `subject_key` '*') in an
 * hour, per office as at ingest: a bit set per chunk of terminal ids. Distinct terminals over any
 * period are the bits of the OR of its hours and days (see `play_reach_daily`) — exact, and a few
 * rows per office and subject instead of a row per terminal. Raised by the ingest with `play_hourly`.
 */
export const playReachHourly = pgTable('play_reach_hourly', reachColumns('hour'), (t) => [
  primaryKey({
    name: 'play_reach_hourly_pk',
    columns: [t.at, t.officeId, t.kind, t.subjectId, t.subjectKey, t.chunk],
  }),
  // One kind's hours over a month (startup rate by bucket) without reading every other kind's rows.
  index('play_reach_hourly_kind_idx').on(t.kind, t.subjectId, t.at),
]);

/** {@link playReachHourly} by UTC day: the whole days of a period read these. */
export const playReachDaily = pgTable('play_reach_daily', reachColumns('day'), (t) => [
  primaryKey({
    name: 'play_reach_daily_pk',
    columns: [t.at, t.officeId, t.kind, t.subjectId, t.subjectKey, t.chunk],
  }),
  index('play_reach_daily_kind_idx').on(t.kind, t.subjectId, t.at),
]);
