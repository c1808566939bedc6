import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { terminalCommands } from './terminal-commands.js';
import { terminals } from './terminals.js';

/** A screenshot uploaded by a terminal (kept with history); the image lives in the files dir. */
export const terminalScreenshots = pgTable(
  'terminal_screenshots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    commandId: integer('command_id').references(() => terminalCommands.id, { onDelete: 'set null' }),
    /** Relative to the files dir, e.g. `screenshots/12/2026-11-22T10-00-00Z-5.png`. */
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terminal_screenshots_terminal_idx').on(t.terminalId, t.id)],
);
