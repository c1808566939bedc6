import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materialFiles, materials } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { derivedName } from './file-serving.js';
import { materialReadable } from './material-queries.js';

/** What `getFileHandlex` can answer besides the original. */
export const FILE_VARIANTS = ['thumb', 'poster', 'converted', 'page'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** Which stored file answers a request, and how it is named and typed. */
export interface FileTarget {
  relPath: string;
  /** Declared type; undefined = from the extension (derived files). */
  contentType?: string;
  fileName: string;
}

const notAvailable = (id: number, what: string) =>
  fieldError(404, 'id', `Material ${id} has no ${what} (yet)`, 'notFound');

/**
 * The file behind a material visible to the caller (shared platform materials included): the
 * original, or a derived variant — the thumbnail prefers the material's custom one. 404 outside
 * the scope, and for a variant processing has not made.
 */
export async function materialFileTarget(
  db: Database,
  auth: AuthContext,
  id: number,
  variant?: FileVariant,
  page?: number,
): Promise<FileTarget> {
  const [row] = await db
    .select({
      name: materials.name,
      customThumb: materials.thumbPath,
      mime: materialFiles.mime,
      storagePath: materialFiles.storagePath,
      thumbPath: materialFiles.thumbPath,
      posterPath: materialFiles.posterPath,
      convertedPath: materialFiles.convertedPath,
      meta: materialFiles.meta,
    })
    .from(materials)
    .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
    .where(and(eq(materials.id, id), materialReadable(auth)));
  if (!row) throw fieldError(404, 'id', `No material ${id} in your scope`, 'notFound');
  const derived = (relPath: string | null | undefined, what: string): FileTarget => {
    if (!relPath) throw notAvailable(id, what);
    return { relPath, fileName: derivedName(row.name, relPath) };
  };
  switch (variant) {
    case undefined:
      return { relPath: row.storagePath, contentType: row.mime, fileName: row.name };
    case 'thumb':
      return derived(row.customThumb ?? row.thumbPath, 'thumbnail');
    case 'poster':
      return derived(row.posterPath, 'poster');
    case 'converted':
      return derived(row.convertedPath, 'converted file');
    case 'page': {
      const pages = row.meta?.pagePaths ?? [];
      if (page === undefined) throw fieldError(400, 'page', 'page is required for variant page');
      if (page > pages.length)
        throw fieldError(404, 'page', `Material ${id} has no page ${page}`, 'notFound');
      return derived(pages[page - 1], `page ${page}`);
    }
  }
}
