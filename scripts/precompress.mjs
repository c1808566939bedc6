// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built folder, so that the server sends
// them as they are (no compression per request). Usage: node scripts/precompress.mjs <dir>...
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats; images, fonts in woff2 and media are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.wasm',
]);
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses one file both ways; a variant that is not smaller than the original is not written. */
async function compress(file) {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
  return {
    raw: data.length,
    br: Math.min(br.length, data.length),
    gz: Math.min(gzipped.length, data.length),
  };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: node scripts/precompress.mjs <dir>...\n');
  process.exit(2);
}
for (const dir of dirs) {
  const candidates = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    if ((await stat(file)).size >= MIN_BYTES) candidates.push(file);
  }
  const sizes = await Promise.all(candidates.map(compress));
  const sum = (key) => Math.round(sizes.reduce((n, s) => n + s[key], 0) / 1024);
  process.stdout.write(
    `precompressed ${sizes.length} files in ${dir}: ${sum('raw')} KiB → br ${sum('br')} KiB, gzip ${sum('gz')} KiB\n`,
  );
}
