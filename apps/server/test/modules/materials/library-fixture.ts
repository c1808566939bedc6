import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import {
  materialFiles,
  materials,
  type MaterialFileMeta,
  type MaterialKindValue,
  type ProcessState,
  type ReviewState,
} from '../../../src/db/schema/index.js';

/** What a test material is made of; bytes are written to the app's files root. */
export interface TestMaterial {
  name: string;
  officeId: number;
  createdBy?: number | null;
  bytes?: Buffer | string;
  kind?: MaterialKindValue;
  mime?: string;
  ext?: string;
  folderId?: number | null;
  shared?: boolean;
  reviewState?: ReviewState;
  /** Never `queued`/`running`: the processing queue of the test app would pick those up. */
  processState?: Extract<ProcessState, 'done' | 'failed'>;
  createdAt?: Date;
  /** Derived files to write and point the file row at: relative path → bytes. */
  derived?: { thumb?: Buffer; poster?: Buffer; pages?: Buffer[] };
  meta?: MaterialFileMeta;
}

/** Writes bytes below the files root at a relative path. */
export function writeStored(app: App, rel: string, bytes: Buffer | string): void {
  const abs = app.services.filesDir.resolveFilePath(rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, bytes);
}

/**
 * Stores a file the way the upload finish does (blob under its MD5, one row per (md5, size), reused
 * when the bytes are already held) and links it as a material; answers the material and file ids.
 */
export async function addMaterial(app: App, db: Database, m: TestMaterial) {
  const bytes = Buffer.isBuffer(m.bytes) ? m.bytes : Buffer.from(m.bytes ?? `bytes of ${m.name}`);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const kind = m.kind ?? 'image';
  const { filesDir } = app.services;
  let [file] = await db
    .select()
    .from(materialFiles)
    .where(and(eq(materialFiles.md5, md5), eq(materialFiles.size, bytes.length)));
  if (!file) {
    const storagePath = filesDir.blobPath(md5, bytes.length, m.ext ?? '.png');
    writeStored(app, storagePath, bytes);
    [file] = await db
      .insert(materialFiles)
      .values({
        md5,
        size: bytes.length,
        mime: m.mime ?? 'image/png',
        kind,
        storagePath,
        width: kind === 'image' ? 640 : null,
        height: kind === 'image' ? 360 : null,
        processState: m.processState ?? 'done',
        processProgress: m.processState === 'failed' ? 0 : 100,
        processError: m.processState === 'failed' ? 'needs ffmpeg: install it on the server' : null,
        meta: m.meta ?? {},
      })
      .returning();
    const dir = filesDir.derivedDir(file!.id);
    const set: Partial<typeof materialFiles.$inferInsert> = {};
    if (m.derived?.thumb) {
      set.thumbPath = `${dir}/thumb.webp`;
      writeStored(app, set.thumbPath, m.derived.thumb);
    }
    if (m.derived?.poster) {
      set.posterPath = `${dir}/poster.jpg`;
      writeStored(app, set.posterPath, m.derived.poster);
    }
    if (m.derived?.pages) {
      const pagePaths = m.derived.pages.map((page, i) => {
        const rel = `${dir}/page-${i + 1}.png`;
        writeStored(app, rel, page);
        return rel;
      });
      set.meta = { ...(m.meta ?? {}), pages: pagePaths.length, pagePaths };
    }
    if (Object.keys(set).length) {
      [file] = await db.update(materialFiles).set(set).where(eq(materialFiles.id, file!.id)).returning();
    }
  }
  const [row] = await db
    .insert(materials)
    .values({
      name: m.name,
      fileId: file!.id,
      folderId: m.folderId ?? null,
      officeId: m.officeId,
      createdBy: m.createdBy ?? null,
      kind,
      size: bytes.length,
      md5,
      shared: m.shared ?? false,
      reviewState: m.reviewState ?? 'approved',
      createdAt: m.createdAt ?? new Date(),
    })
    .returning({ id: materials.id });
  return { id: row!.id, fileId: file!.id, storagePath: file!.storagePath, md5 };
}
