import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a stored file is, decided from its content (magic bytes), never from its name. */
export const MATERIAL_KINDS = ['image', 'video', 'audio', 'document', 'html', 'apk'] as const;
export type MaterialKindValue = (typeof MATERIAL_KINDS)[number];

/** Where a file's processing stands: thumbnails, probing, transcoding, page rendering. */
export const PROCESS_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];

/** What processing found out about a file (all optional; by kind). */
export interface MaterialFileMeta {
  /** Video/audio codec names as ffprobe reports them, e.g. `h264`, `aac`. */
  videoCodec?: string;
  audioCodec?: string;
  /** Frames per second of a video. */
  fps?: number;
  /** Number of pages of a PDF (or of an Office document converted to PDF). */
  pages?: number;
  /** Pages rendered to images, relative to the files dir, in page order. */
  pagePaths?: string[];
  /** Entries of an HTML package (zip) and its start page. */
  entries?: number;
  indexPage?: string;
  /** APK package name / version when readable. */
  packageName?: string;
}

/**
 * A stored file (blob), content-addressed by MD5 and size: the same bytes are kept once,
 * however many materials in however many tenants link them. Paths are relative to `<dataDir>/files`.
 */
export const materialFiles = pgTable(
  'material_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** MIME type detected from the content. */
    mime: text('mime').notNull(),
    kind: text('kind').$type<MaterialKindValue>().notNull(),
    /** The original bytes, e.g. `blobs/ab/cd/abcd...-1234.mp4`. */
    storagePath: text('storage_path').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    /** Small preview image (webp) for lists and grids. */
    thumbPath: text('thumb_path'),
    /** A frame of a video / cover of audio, full size (jpeg/webp). */
    posterPath: text('poster_path'),
    /** What terminals play when the original is unfit: H.264/AAC MP4 for video, PDF for Office documents. */
    convertedPath: text('converted_path'),
    meta: jsonb('meta').$type<MaterialFileMeta>().notNull().default({}),
    processState: text('process_state').$type<ProcessState>().notNull().default('queued'),
    /** 0–100 while running; 100 when done. */
    processProgress: integer('process_progress').notNull().default(0),
    /** Why processing failed, e.g. "needs ffmpeg: install it on the server". */
    processError: text('process_error'),
    /**
     * Until when the instance running the job holds it (renewed while it runs); a `running` file
     * past its lease was left by an instance that died and goes back to the queue.
     */
    processLeaseUntil: timestamp('process_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('material_files_md5_size_idx').on(t.md5, t.size),
    index('material_files_process_idx').on(t.processState, t.id),
  ],
);
