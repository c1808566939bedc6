import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof of play, raw: one program, scene, message, material or widget shown (or an interactive widget
 * clicked) on one terminal. Partitioned by month of `started_at` (`play_events_pYYYYMM`, created on
 * demand by the ingest and a month ahead by the daily job; the migration declares the partitioning,
 * which drizzle-kit cannot express). No foreign keys: statistics outlive terminals, programs and
 * materials, which is also why the names are copied in at ingest.
 */
export const playEvents = pgTable(
  'play_events',
  {
    terminalId: integer('terminal_id').notNull(),
    /** The terminal's id of the event (or one derived from its content for old players): the dedup key. */
    eventId: text('event_id').notNull(),
    /** `program`, `scene`, `message`, `material`, `widget` or `click` (PLAY_EVENT_KINDS of the contract). */
    kind: text('kind').notNull(),
    /** The terminal's office at ingest. */
    officeId: integer('office_id'),
    programId: integer('program_id'),
    programName: text('program_name'),
    sceneId: text('scene_id'),
    messageId: integer('message_id'),
    messageName: text('message_name'),
    materialId: integer('material_id'),
    materialName: text('material_name'),
    widgetType: text('widget_type'),
    widgetId: text('widget_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'play_events_pk', columns: [t.terminalId, t.eventId, t.startedAt] }),
    index('play_events_started_idx').on(t.startedAt),
  ],
);
