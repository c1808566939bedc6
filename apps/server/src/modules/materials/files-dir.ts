import path from 'node:path';

/**
 * Where material bytes live under `<dataDir>/files`. Database rows keep paths relative to that
 * root, so a data dir can move; {@link resolveFilePath} refuses anything that would leave it.
 */
export class FilesDir {
  /** Absolute root: `<dataDir>/files`. */
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  /** Partial uploads of the tus store (one file + one `.json` per upload id). */
  get uploadsDir(): string {
    return path.join(this.root, 'uploads');
  }

  /** Relative path of a stored file, content-addressed: `blobs/ab/cd/<md5>-<size><ext>`. */
  blobPath(md5: string, size: number, ext = ''): string {
    return path.posix.join('blobs', md5.slice(0, 2), md5.slice(2, 4), `${md5}-${size}${ext}`);
  }

  /** Relative directory of what processing derives from a stored file (thumbs, posters, pages, transcodes). */
  derivedDir(fileId: number): string {
    return path.posix.join('derived', String(fileId));
  }

  /** Absolute path of a relative one; throws when it would leave the root (`..`, absolute paths). */
  resolveFilePath(relative: string): string {
    const absolute = path.resolve(this.root, relative);
    if (absolute !== this.root && !absolute.startsWith(this.root + path.sep)) {
      throw new Error(`Path leaves the files directory: ${relative}`);
    }
    return absolute;
  }
}
