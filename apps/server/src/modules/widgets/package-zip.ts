import { WIDGET_PACKAGE_LIMITS } from '@apm/contract';
import yauzl from 'yauzl';
import { fieldError } from '../users/user-access.js';

/** What a widget package holds, after the safety checks. */
export interface PackageContents {
  /** The start page, e.g. `index.html` or `clock/index.html`. */
  entry: string;
  /** The text of `widget.json` beside it. */
  manifest: string;
  entries: number;
}

/** No entry may expand more than this many times its compressed size (beyond 1 MiB): a zip bomb. */
const MAX_RATIO = 200;

const bad = (message: string) => fieldError(400, 'materialId', `materialId: ${message}`, 'badWidgetPackage');

/** Refuses names that leave the package, absolute or drive paths, links and encrypted entries. */
function checkEntry(entry: yauzl.Entry): void {
  const name = entry.fileName;
  if (
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').includes('..')
  )
    throw bad(`the package holds an unsafe path: ${name.slice(0, 200)}`);
  if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000)
    throw bad(`the package holds a symbolic link: ${name.slice(0, 200)}`);
  if ((entry.generalPurposeBitFlag & 0x1) !== 0)
    throw bad(`the package holds an encrypted file: ${name.slice(0, 200)}`);
  const size = entry.uncompressedSize;
  if (size > 1024 * 1024 && size > MAX_RATIO * Math.max(1, entry.compressedSize))
    throw bad(
      `${name.slice(0, 200)} expands ${Math.round(size / Math.max(1, entry.compressedSize))} times (a zip bomb?)`,
    );
}

/** Reads one entry's bytes, at most `limit` (yauzl checks the real size against the declared one). */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<Buffer> {
  if (entry.uncompressedSize > limit)
    return Promise.reject(bad(`${entry.fileName} is larger than ${limit} bytes`));
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(bad(`${entry.fileName} cannot be read: ${err?.message}`));
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (c: Buffer) => {
        total += c.length;
        if (total > limit) stream.destroy(bad(`${entry.fileName} is larger than ${limit} bytes`));
        else chunks.push(c);
      });
      stream.on('error', (e) =>
        reject(e instanceof Error && 'statusCode' in e ? e : bad(`${entry.fileName}: ${e.message}`)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The start page: `index.html` at the top, else in the single top folder. */
export function packageEntry(names: readonly string[]): string | null {
  const top = names.find((n) => n.toLowerCase() === 'index.html');
  if (top) return top;
  const folders = new Set(names.map((n) => n.split('/')[0]!).filter((n) => !n.startsWith('__MACOSX')));
  if (folders.size !== 1) return null;
  const [folder] = [...folders];
  return names.find((n) => n.toLowerCase() === `${folder!.toLowerCase()}/index.html`) ?? null;
}

/**
 * Opens a widget package (a zip on disk) and checks it whole before anything is trusted: at most
 * `maxEntries` files expanding to at most `maxTotalBytes`, no path leaving the package, no links,
 * no encrypted or bomb-like entries; an `index.html` (top or single folder) with `widget.json`
 * beside it. 400 naming `materialId` with what is wrong.
 */
export async function readWidgetPackage(file: string): Promise<PackageContents> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (err) {
    throw bad(`the package is not a readable zip (${(err as Error).message})`);
  }
  try {
    if (zip.entryCount > WIDGET_PACKAGE_LIMITS.maxEntries)
      throw bad(`the package holds ${zip.entryCount} files; at most ${WIDGET_PACKAGE_LIMITS.maxEntries}`);
    const entries: yauzl.Entry[] = [];
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e: Error) =>
        // yauzl itself refuses some unsafe names (`../x`, `/x`) before our own check sees them.
        reject(
          bad(
            /path/i.test(e.message)
              ? `the package holds an unsafe path (${e.message})`
              : `the package is damaged (${e.message})`,
          ),
        ),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          checkEntry(entry);
          total += entry.uncompressedSize;
          if (total > WIDGET_PACKAGE_LIMITS.maxTotalBytes)
            throw bad(`the package expands to more than ${WIDGET_PACKAGE_LIMITS.maxTotalBytes} bytes`);
          entries.push(entry);
          zip.readEntry();
        } catch (err) {
          reject(err as Error);
        }
      });
      zip.readEntry();
    });
    const entry = packageEntry(entries.map((e) => e.fileName));
    if (!entry) throw bad('the package has no index.html at its top or in its single folder');
    const dir = entry.slice(0, entry.length - 'index.html'.length);
    const manifest = entries.find((e) => e.fileName === `${dir}widget.json`);
    if (!manifest) throw bad(`the package has no widget.json beside ${entry}`);
    const bytes = await readEntry(zip, manifest, WIDGET_PACKAGE_LIMITS.maxManifestBytes);
    return { entry, manifest: bytes.toString('utf8'), entries: entries.length };
  } finally {
    zip.close();
  }
}
