import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { abnormalAlarms } from './abnormal-alarms.js';
import { alarmRules } from './alarm-rules.js';

/**
 * What each notification rule did with each alarm it matched: sent, failed (with the error), or
 * held back (`limited`) because the rule had already sent its daily limit for that terminal and kind.
 */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => abnormalAlarms.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').notNull(),
    type: text('type').notNull(),
    /** The day (UTC) the daily limit counts in. */
    day: date('day', { mode: 'string' }).notNull(),
    state: text('state').$type<'sent' | 'failed' | 'limited'>().notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.alarmId] }),
    index('alarm_notifications_limit_idx').on(t.ruleId, t.terminalId, t.type, t.day),
  ],
);
