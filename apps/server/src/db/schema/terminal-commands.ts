import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { terminals } from './terminals.js';
import { users } from './users.js';

/**
 * Delivery states of a command: `queued` (terminal offline, waits until `expiresAt`), `sent`
 * (pushed on the channel), `acked` (the terminal answered ok), `failed` (it answered an error),
 * `expired` (never delivered in time).
 */
export const COMMAND_STATES = ['queued', 'sent', 'acked', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** A command to one terminal, with its id, acknowledgement and result. */
export const terminalCommands = pgTable(
  'terminal_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** Commands sent together (one operator action to many terminals) share a batch id. */
    batchId: text('batch_id').notNull(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<CommandState>().notNull().default('queued'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('terminal_commands_terminal_idx').on(t.terminalId, t.id),
    index('terminal_commands_batch_idx').on(t.batchId),
    index('terminal_commands_open_idx').on(t.terminalId, t.state),
  ],
);
