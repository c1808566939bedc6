import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { materialFiles, type MaterialKindValue } from './material-files.js';
import { materialFolders } from './material-folders.js';
import { offices } from './offices.js';
import { users } from './users.js';

/** Review states of a material: `approved` at once while the audit switch is off. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * A material of the library: a named link from an office's library to a stored file.
 * Several materials may link one file (instant upload of a duplicate); `kind`, `size` and `md5`
 * are copied from the file so that lists filter and sort on one table.
 */
export const materials = pgTable(
  'materials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => materialFiles.id),
    folderId: integer('folder_id').references(() => materialFolders.id, { onDelete: 'set null' }),
    /** Office of the uploader: the tenancy and data-range scope of the material. */
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<MaterialKindValue>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    /** A platform material every tenant may see and link (common files, widget images). */
    shared: boolean('shared').notNull().default(false),
    /** A custom thumbnail (`uploadThumb`), relative to the files dir; else the file's own. */
    thumbPath: text('thumb_path'),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('approved'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('materials_office_idx').on(t.officeId, t.id),
    index('materials_folder_idx').on(t.folderId, t.id),
    index('materials_file_idx').on(t.fileId),
    index('materials_md5_idx').on(t.md5, t.size),
    index('materials_review_idx').on(t.reviewState, t.id),
  ],
);
