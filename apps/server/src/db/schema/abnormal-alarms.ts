import { ALARM_TYPES, type AlarmType } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { terminals } from './terminals.js';
import { users } from './users.js';

export { ALARM_TYPES, type AlarmType };

/**
 * An abnormal alarm about a terminal (`abnormalAlarmList`): raised when it happens, ended when
 * the cause goes away (`endedAt`), acknowledged and assigned by an operator, resolved (cleaned up,
 * `clearedAt`); `notifiedAt` marks it taken by the notification rules (sent or not).
 */
export const abnormalAlarms = pgTable(
  'abnormal_alarms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** Office of the terminal when raised: the tenancy scope of the alarm. */
    officeId: integer('office_id').references(() => offices.id),
    type: text('type').$type<AlarmType>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('abnormal_alarms_terminal_idx').on(t.terminalId, t.raisedAt),
    index('abnormal_alarms_office_idx').on(t.officeId, t.raisedAt),
    index('abnormal_alarms_unnotified_idx')
      .on(t.id)
      .where(sql`notified_at IS NULL`),
    // Open alarms by terminal and kind: "never two open at once" checks and the missed-alarm sweep.
    index('abnormal_alarms_open_idx')
      .on(t.terminalId, t.type)
      .where(sql`ended_at IS NULL`),
  ],
);
