import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { programs } from './programs.js';

/**
 * A PostgreSQL `bytea` column read as a Node.js Buffer: node-postgres answers a Buffer already,
 * PGlite a Uint8Array (wrapped here without copying).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The thumbnail of a program: its first scene drawn by the console (JPEG or PNG, at most 200 KB), kept in
 * the database with the program's revision it was drawn from. One per program; it goes with its program.
 * A separate table so that program selects never drag the bytes along.
 */
export const programThumbnails = pgTable('program_thumbnails', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  /** `image/jpeg` or `image/png`. */
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  /** The program's revision the image was drawn from (older than the program's when it was saved since). */
  revision: integer('revision').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
