import { open as openFile } from 'node:fs/promises';
import type { MaterialKind } from '@apm/contract';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { AppError } from '../../../lib/errors.js';

/** What a file is, decided from its content. */
export interface DetectedType {
  kind: MaterialKind;
  mime: string;
  /** Extension of the stored blob, with the dot. */
  ext: string;
}

/** Limits on zip packages (HTML packages and APKs): against bombs and hostile archives. */
export const ZIP_LIMITS = {
  /** Most entries an archive may hold. */
  maxEntries: 20_000,
  /** Most bytes the entries may expand to, whatever the archive's size. */
  maxTotalBytes: 2 * 1024 ** 3,
  /** Most the entries may expand to relative to the archive (beyond `ratioFloorBytes`). */
  maxRatio: 100,
  /** Expansion below this is never counted as a bomb (small text-heavy packages compress well). */
  ratioFloorBytes: 64 * 1024 ** 2,
};

const OFFICE = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/x-cfb',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
]);
const ZIPS = new Set([
  'application/zip',
  'application/vnd.android.package-archive',
  'application/java-archive',
]);
/** Image types that processing (sharp) and terminals handle. */
const IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/avif',
]);

const unsupported = (msg: string) => new AppError(415, msg, 'unsupportedType');

/** A short description of content no detector recognised, for the refusal message. */
async function describeUnknown(file: string): Promise<string> {
  const handle = await openFile(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer.subarray(0, bytesRead);
    const printable = head.filter((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128);
    return bytesRead > 0 && printable.length === bytesRead ? 'plain text' : 'unrecognised binary data';
  } finally {
    await handle.close();
  }
}

/** Refuses a zip entry that could escape a directory or hide a link. */
function checkEntry(entry: yauzl.Entry): void {
  const name = entry.fileName;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..')) {
    throw unsupported(`The zip package holds an unsafe path: ${name.slice(0, 200)}`);
  }
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (mode === 0o120000) throw unsupported(`The zip package holds a symbolic link: ${name.slice(0, 200)}`);
}

/** Lists a zip's entry names after the safety checks (paths, links, count, expanded size). */
export async function inspectZip(file: string, zipBytes: number): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true, strictFileNames: false });
  } catch (err) {
    throw unsupported(`The zip package is unreadable or unsafe: ${(err as Error).message}`);
  }
  const names: string[] = [];
  let total = 0;
  const ratioLimit = Math.max(ZIP_LIMITS.ratioFloorBytes, ZIP_LIMITS.maxRatio * zipBytes);
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) =>
        reject(err instanceof AppError ? err : unsupported(`The zip package is unsafe: ${err.message}`)),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          checkEntry(entry);
          names.push(entry.fileName);
          total += entry.uncompressedSize;
          if (names.length > ZIP_LIMITS.maxEntries) {
            throw unsupported(`The zip package holds more than ${ZIP_LIMITS.maxEntries} entries`);
          }
          if (total > ZIP_LIMITS.maxTotalBytes || total > ratioLimit) {
            throw unsupported(
              `The zip package expands to more than ${Math.min(ZIP_LIMITS.maxTotalBytes, ratioLimit)} bytes ` +
                '(a zip bomb?)',
            );
          }
          zip.readEntry();
        } catch (err) {
          zip.close();
          reject(err as Error);
        }
      });
      zip.readEntry();
    });
  } finally {
    if (zip.isOpen) zip.close();
  }
  return names;
}

/** The start page of an HTML package: `index.html` at the top or inside its single top folder. */
export function findIndexPage(names: string[]): string | null {
  if (names.some((n) => n.toLowerCase() === 'index.html'))
    return names.find((n) => n.toLowerCase() === 'index.html')!;
  const tops = new Set(names.map((n) => n.split('/')[0]!).filter((n) => !n.startsWith('__MACOSX')));
  if (tops.size !== 1) return null;
  const [top] = [...tops];
  return names.find((n) => n.toLowerCase() === `${top!.toLowerCase()}/index.html`) ?? null;
}

/** What a zip is: an APK (manifest + dex), an HTML package (index page), or refused. */
async function detectZip(
  file: string,
  size: number,
): Promise<DetectedType & { indexPage?: string; entries: number }> {
  const names = await inspectZip(file, size);
  if (names.includes('AndroidManifest.xml') && names.includes('classes.dex')) {
    return {
      kind: 'apk',
      mime: 'application/vnd.android.package-archive',
      ext: '.apk',
      entries: names.length,
    };
  }
  const indexPage = findIndexPage(names);
  if (indexPage)
    return { kind: 'html', mime: 'application/zip', ext: '.zip', indexPage, entries: names.length };
  throw unsupported(
    'The zip archive is neither an HTML package (no index.html at its top or in its single folder) ' +
      'nor an APK (AndroidManifest.xml and classes.dex)',
  );
}

/**
 * Decides a file's kind from its content (magic bytes; zip packages by their entries). Refuses
 * (415, naming what was found) anything that is not an image, video, audio, PDF/Office document,
 * HTML package or APK.
 */
export async function detectType(
  file: string,
  size: number,
): Promise<DetectedType & { indexPage?: string; entries?: number }> {
  const found = await fileTypeFromFile(file);
  if (!found) throw unsupported(`Unsupported file type: the content is ${await describeUnknown(file)}`);
  const { mime, ext } = found;
  if (ZIPS.has(mime)) return detectZip(file, size);
  if (IMAGES.has(mime)) return { kind: 'image', mime, ext: `.${ext}` };
  if (mime.startsWith('video/')) return { kind: 'video', mime, ext: `.${ext}` };
  if (mime.startsWith('audio/')) return { kind: 'audio', mime, ext: `.${ext}` };
  if (mime === 'application/pdf' || OFFICE.has(mime)) return { kind: 'document', mime, ext: `.${ext}` };
  throw unsupported(`Unsupported file type: the content is ${mime} (.${ext})`);
}
