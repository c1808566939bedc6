import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { terminals } from './terminals.js';
import { users } from './users.js';

/** Kinds of abnormal alarm raised about a terminal. */
export const ALARM_TYPES = ['offline', 'downloadFailed', 'diskFull', 'playError'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/**
 * An abnormal alarm about a terminal (`abnormalAlarmList`): raised when it happens, ended when
 * the cause goes away (`endedAt`), cleaned up by an operator (`clearedAt`).
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
  },
  (t) => [
    index('abnormal_alarms_terminal_idx').on(t.terminalId, t.raisedAt),
    index('abnormal_alarms_office_idx').on(t.officeId, t.raisedAt),
  ],
);
