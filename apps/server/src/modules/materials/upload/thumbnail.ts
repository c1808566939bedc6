import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../../db/client.js';
import { materials } from '../../../db/schema/index.js';
import { dataScope } from '../../../lib/data-scope.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/session-service.js';
import type { FilesDir } from '../files-dir.js';

/** Width of thumbnails, in pixels. */
export const THUMB_WIDTH = 320;

/**
 * Stores a custom thumbnail of a material in the caller's scope: the image (checked from its
 * content) scaled to {@link THUMB_WIDTH} px WebP in the derived directory of the material's file.
 */
export async function customThumbnail(
  db: Database,
  filesDir: FilesDir,
  auth: AuthContext,
  materialId: number,
  image: Buffer,
): Promise<void> {
  const [m] = await db
    .select({ id: materials.id, fileId: materials.fileId })
    .from(materials)
    .where(and(eq(materials.id, materialId), dataScope(auth, materials.officeId, materials.createdBy)));
  if (!m) throw notFound(`id ${materialId}: no such material`);
  const type = await fileTypeFromBuffer(image);
  if (!type?.mime.startsWith('image/')) {
    throw new AppError(
      415,
      `The thumbnail must be an image; the content is ${type?.mime ?? 'not an image'}`,
      'unsupportedType',
    );
  }
  let webp: Buffer;
  try {
    webp = await sharp(image, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    throw new AppError(
      415,
      `The thumbnail image is unreadable: ${(err as Error).message}`,
      'unsupportedType',
    );
  }
  const relative = path.posix.join(filesDir.derivedDir(m.fileId), `custom-thumb-${m.id}.webp`);
  const target = filesDir.resolveFilePath(relative);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, webp);
  await db
    .update(materials)
    .set({ thumbPath: relative, updatedAt: sql`now()` })
    .where(eq(materials.id, m.id));
}
