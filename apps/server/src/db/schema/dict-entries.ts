import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Dictionary entries: typed value lists (e.g. terminal models, industries) with a label per language. */
export const dictEntries = pgTable(
  'dict_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Dictionary type, e.g. `industry`; entries of one type form one list. */
    type: text('type').notNull(),
    value: text('value').notNull(),
    /** Label per console language code (CN, HK, US, IT, RU, FR, KR). */
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dict_entries_type_value_uq').on(t.type, t.value)],
);
