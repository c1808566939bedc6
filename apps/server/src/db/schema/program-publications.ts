import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { programs } from './programs.js';
import { terminals } from './terminals.js';
import { users } from './users.js';

/**
 * Which programs a terminal plays (`publishProgram/saveTerminals`). Publishing to a group
 * writes one row per terminal of the group at that time.
 */
export const programPublications = pgTable(
  'program_publications',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** Play order of the terminal's programs. */
    sort: integer('sort').notNull().default(0),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The window it plays in (`saveTerminals` startAt/endAt); null: from publishing on, without end. */
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.terminalId] }),
    index('program_publications_terminal_idx').on(t.terminalId),
  ],
);
