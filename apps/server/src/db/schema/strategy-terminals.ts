import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { strategies } from './strategies.js';
import { terminalCommands } from './terminal-commands.js';
import { terminals } from './terminals.js';
import { users } from './users.js';

/**
 * Delivery states of a strategy on one terminal: `pending` (linked or changed since the last send:
 * needs a send), `queued` (sent while the terminal was offline; the command queue delivers it on
 * connect), `sent` (pushed, not yet answered), `acked` (applied), `failed` (the terminal answered an
 * error, or the command expired).
 */
export const STRATEGY_DELIVERY_STATES = ['pending', 'queued', 'sent', 'acked', 'failed'] as const;
export type StrategyDeliveryState = (typeof STRATEGY_DELIVERY_STATES)[number];

/**
 * Which terminals a strategy applies to (a terminal has at most one strategy: the terminal id is the
 * key) and how its last send went there: the `applyStrategy` command and batch that carried it, the
 * revision sent, the terminal's answer and what it could not apply.
 */
export const strategyTerminals = pgTable(
  'strategy_terminals',
  {
    terminalId: integer('terminal_id')
      .primaryKey()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    state: text('state').$type<StrategyDeliveryState>().notNull().default('pending'),
    /** The send (`sendStrategy`) that carried it last; shared by the terminals sent together. */
    batchId: text('batch_id'),
    /** The `applyStrategy` command of the last send. */
    commandId: integer('command_id').references(() => terminalCommands.id, { onDelete: 'set null' }),
    /** The strategy's revision in the last send. */
    sentRevision: integer('sent_revision'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    /** The terminal's error, or why the delivery failed. */
    error: text('error'),
    /** Policies the terminal said it could not apply (e.g. `brightness`, `downloadWindows`). */
    unsupported: jsonb('unsupported').$type<string[]>().notNull().default([]),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('strategy_terminals_strategy_idx').on(t.strategyId, t.terminalId),
    index('strategy_terminals_command_idx').on(t.commandId),
  ],
);
