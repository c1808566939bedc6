import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { makeThumb } from './image.js';
import type { JobContext } from './job.js';
import { ProcessingError } from './tools.js';

/** Pages rendered to images at most; the page count still tells the real number. */
export const MAX_RENDERED_PAGES = 200;

/** Resolution of page images, lowered for large pages so that the longer side stays within MAX_PAGE_PIXELS. */
const PAGE_DPI = 96;
const MIN_PAGE_DPI = 10;
const MAX_PAGE_PIXELS = 2400;

/** Office documents converted to PDF by LibreOffice; anything else of kind document is read as PDF. */
const PDF_MIME = 'application/pdf';

/** Document: Office → PDF with LibreOffice, then page count, pages as webp images, thumbnail of page 1. */
export async function processDocument(ctx: JobContext): Promise<void> {
  let pdf = ctx.source;
  let start = 0;
  if (ctx.file.mime !== PDF_MIME) {
    await ctx.tools.require('soffice');
    ctx.result.convertedPath = await convertOffice(ctx);
    pdf = ctx.absolute(ctx.result.convertedPath);
    start = 30;
    ctx.progress(start);
  }
  await ctx.tools.require('pdfinfo');
  await ctx.tools.require('pdftoppm');
  const pages = await pageCount(ctx, pdf);
  ctx.result.meta.pages = pages;
  const count = Math.min(pages, MAX_RENDERED_PAGES);
  const sizes = await pageSizes(ctx, pdf, count);
  const pagePaths: string[] = [];
  for (let page = 1; page <= count; page++) {
    pagePaths.push(await renderPage(ctx, pdf, page, sizes.get(page)));
    ctx.progress(start + ((99 - start) * page) / count);
  }
  ctx.result.meta.pagePaths = pagePaths;
  if (pagePaths[0]) {
    const first = await sharp(ctx.absolute(pagePaths[0])).metadata();
    ctx.result.width = first.width;
    ctx.result.height = first.height;
    ctx.result.thumbPath = await makeThumb(ctx, ctx.absolute(pagePaths[0]));
  }
}

/** `pdfinfo` → the number of pages; an unreadable PDF fails with poppler's reason. */
async function pageCount(ctx: JobContext, pdf: string): Promise<number> {
  let out: string;
  try {
    out = await ctx.tools.run('pdfinfo', [pdf], { timeoutMs: 60_000, signal: ctx.signal });
  } catch (err) {
    if (err instanceof ProcessingError && !/^needs /.test(err.message)) {
      throw new ProcessingError(`unreadable PDF: ${err.message}`);
    }
    throw err;
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
  if (!Number.isInteger(pages) || pages < 1) throw new ProcessingError('unreadable PDF: no pages');
  return pages;
}

/** Page sizes in points (`pdfinfo -f 1 -l N`), to keep huge pages' images within bounds. */
async function pageSizes(ctx: JobContext, pdf: string, count: number): Promise<Map<number, number>> {
  const out = await ctx.tools.run('pdfinfo', ['-f', '1', '-l', String(count), pdf], {
    timeoutMs: 60_000 + count * 1000,
    signal: ctx.signal,
  });
  const sizes = new Map<number, number>();
  for (const match of out.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/gm)) {
    sizes.set(Number(match[1]), Math.max(Number(match[2]), Number(match[3])));
  }
  return sizes;
}

/** Renders one page with pdftoppm (PNG) and stores it as webp: `pages/<n>.webp`. */
async function renderPage(ctx: JobContext, pdf: string, page: number, longSidePts?: number): Promise<string> {
  const dpi = longSidePts
    ? Math.max(MIN_PAGE_DPI, Math.min(PAGE_DPI, Math.floor((MAX_PAGE_PIXELS * 72) / longSidePts)))
    : PAGE_DPI;
  return ctx.produce(ctx.derived(`pages/${page}.webp`), async (tmp) => {
    const prefix = `${tmp}-ppm`;
    try {
      await ctx.tools.run(
        'pdftoppm',
        ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf, prefix],
        { timeoutMs: 120_000, signal: ctx.signal },
      );
      await sharp(`${prefix}.png`).webp({ quality: 80 }).toFile(tmp);
    } finally {
      await rm(`${prefix}.png`, { force: true });
    }
  });
}

/** LibreOffice headless → `converted.pdf`, with a throw-away profile so that runs never share a lock. */
async function convertOffice(ctx: JobContext): Promise<string> {
  const workDir = ctx.absolute(ctx.derived(`office-${process.pid}-${Date.now()}`));
  await mkdir(workDir, { recursive: true });
  try {
    await ctx.tools.run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(workDir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        workDir,
        ctx.source,
      ],
      { timeoutMs: 10 * 60_000, signal: ctx.signal },
    );
    const pdf = (await readdir(workDir)).find((name) => name.toLowerCase().endsWith('.pdf'));
    if (!pdf) throw new ProcessingError('LibreOffice could not convert the document to PDF');
    const converted = ctx.derived('converted.pdf');
    await rename(path.join(workDir, pdf), ctx.absolute(converted));
    return converted;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
