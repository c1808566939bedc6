import type { AlarmRuleChannel, AlarmSeverity, AlarmType } from '@apm/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A notification rule of the alarm centre: alarms of its kinds (or of a severity and worse) about
 * terminals of its office and below are sent by e-mail or to a webhook, at most `dailyLimit` times
 * per terminal and kind in a day (UTC).
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The office whose alarms (and those below it) the rule sends: its tenancy scope. */
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Kinds it sends; empty: every kind at or above `minSeverity`. */
    types: jsonb('types').$type<AlarmType[]>().notNull().default([]),
    minSeverity: text('min_severity').$type<AlarmSeverity>().notNull(),
    channel: text('channel').$type<AlarmRuleChannel>().notNull(),
    /** E-mail addresses (comma separated) or the webhook URL. */
    target: text('target').notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_rules_office_idx').on(t.officeId)],
);
