import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { terminals } from './terminals.js';

/** Proof of play: one program (or scene, or message) shown on one terminal for a while. */
export const terminalPlayEvents = pgTable(
  'terminal_play_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** `program`, `scene`, `message`. */
    kind: text('kind').notNull(),
    programId: integer('program_id'),
    sceneId: text('scene_id'),
    messageId: integer('message_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('terminal_play_events_terminal_idx').on(t.terminalId, t.startedAt),
    index('terminal_play_events_program_idx').on(t.programId, t.startedAt),
  ],
);
