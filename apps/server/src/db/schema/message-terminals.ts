import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { terminalCommands } from './terminal-commands.js';
import { terminals } from './terminals.js';

/**
 * Which terminals a message was sent to, with the command that carried its last revision there
 * (its delivery state is that command's) and when it was stopped on that terminal. The manifest lists
 * a terminal's messages from here.
 */
export const messageTerminals = pgTable(
  'message_terminals',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** The revision sent. */
    revision: integer('revision').notNull(),
    /** The `showMessage` command that carried it. */
    commandId: integer('command_id').references(() => terminalCommands.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stopped on this terminal (the whole message, or `deleteTerminalMessage`). */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.terminalId] }),
    index('message_terminals_terminal_idx').on(t.terminalId),
  ],
);
