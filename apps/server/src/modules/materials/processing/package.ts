import yauzl from 'yauzl';
import type { JobContext } from './job.js';
import { ProcessingError } from './tools.js';

/** Start pages looked for in an HTML package, best first. */
const INDEX_NAMES = ['index.html', 'index.htm'];

/** Entries read at most when looking for the start page (the upload side already checked the zip). */
const MAX_ENTRIES = 100_000;

/** Entry names of a zip's central directory (no content is read). */
function entryNames(file: string): Promise<{ count: number; names: string[] }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(new ProcessingError(`unreadable zip package: ${err?.message}`));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (names.length >= MAX_ENTRIES) {
          zip.close();
          resolve({ count: zip.entryCount, names });
        } else zip.readEntry();
      });
      zip.once('end', () => resolve({ count: zip.entryCount, names }));
      zip.once('error', (e: Error) => reject(new ProcessingError(`unreadable zip package: ${e.message}`)));
      zip.readEntry();
    });
  });
}

/** The shallowest `index.html` (or `.htm`) of a package. */
export function findIndexPage(names: string[]): string | undefined {
  const candidates = names.filter((n) => INDEX_NAMES.includes(n.split('/').pop()!.toLowerCase()));
  const depth = (n: string) => n.split('/').length;
  return candidates.sort((a, b) => depth(a) - depth(b) || a.length - b.length)[0];
}

/** HTML package: nothing to convert; entries and start page when the upload side did not set them. */
export async function processHtmlPackage(ctx: JobContext): Promise<void> {
  if (ctx.file.meta.entries !== undefined && ctx.file.meta.indexPage !== undefined) return;
  const { count, names } = await entryNames(ctx.source);
  ctx.result.meta.entries = count;
  const index = findIndexPage(names);
  if (index) ctx.result.meta.indexPage = index;
}

/** APK: terminals install it as it is. */
export async function processApk(): Promise<void> {}
