import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { materialFolders } from './material-folders.js';
import { offices } from './offices.js';
import { users } from './users.js';

/**
 * A resumable upload in progress (tus): who sends what where. Its size counts against the
 * capacity while it runs, so that parallel uploads cannot overshoot a quota together.
 */
export const materialUploads = pgTable(
  'material_uploads',
  {
    /** The tus upload id (random, also the name of the partial file). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    folderId: integer('folder_id').references(() => materialFolders.id, { onDelete: 'set null' }),
    /** The sanitised file name. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** MD5 the browser computed; the server checks the bytes it received against it. */
    md5: text('md5'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unfinished uploads are removed (partial file and all) after this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('material_uploads_office_idx').on(t.officeId),
    index('material_uploads_user_idx').on(t.userId),
  ],
);
