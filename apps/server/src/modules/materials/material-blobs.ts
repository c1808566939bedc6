import { rm } from 'node:fs/promises';
import type { materialFiles } from '../../db/schema/index.js';
import type { FilesDir } from './files-dir.js';

type StoredFile = typeof materialFiles.$inferSelect;

/**
 * Removes from disk what deleted file rows pointed at: the original bytes, the derived directory
 * and any derived path kept elsewhere, plus custom thumbnails nothing links any more. Paths are
 * resolved inside the files root (a row pointing outside it is skipped); missing files are fine.
 */
export async function removeStoredFiles(
  filesDir: FilesDir,
  files: readonly StoredFile[],
  extraPaths: readonly string[] = [],
): Promise<void> {
  const relPaths = [
    ...files.flatMap((f) => [
      f.storagePath,
      filesDir.derivedDir(f.id),
      f.thumbPath,
      f.posterPath,
      f.convertedPath,
      ...(f.meta?.pagePaths ?? []),
    ]),
    ...extraPaths,
  ].filter((p): p is string => Boolean(p));
  await Promise.all(
    [...new Set(relPaths)].map(async (rel) => {
      let absolute: string;
      try {
        absolute = filesDir.resolveFilePath(rel);
      } catch {
        return;
      }
      if (absolute === filesDir.root) return;
      await rm(absolute, { recursive: true, force: true });
    }),
  );
}
