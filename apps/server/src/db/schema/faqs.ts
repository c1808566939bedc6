import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Common problems (FAQ) shown to console users, one entry per language. */
export const faqs = pgTable(
  'faqs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Console language code (CN, HK, US, IT, RU, FR, KR). */
    language: text('language').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Only published entries are shown to users. */
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faqs_language_idx').on(t.language, t.sort)],
);
