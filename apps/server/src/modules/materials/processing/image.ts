import sharp, { type Metadata } from 'sharp';
import type { JobContext } from './job.js';
import { ProcessingError } from './tools.js';

/** Longest side of list and grid thumbnails. */
export const THUMB_SIZE = 320;

/** Images bigger than this many pixels are refused (decompression bombs). */
const MAX_PIXELS = 268_402_689;

/** sharp gives up on one image after this long. */
const SHARP_TIMEOUT_S = 120;

/** Writes a 320 px webp thumbnail (EXIF orientation applied, first frame of an animation). */
export async function makeThumb(ctx: JobContext, input: string, name = 'thumb.webp'): Promise<string> {
  return ctx.produce(ctx.derived(name), async (tmp) => {
    await sharp(input, { limitInputPixels: MAX_PIXELS })
      .timeout({ seconds: SHARP_TIMEOUT_S })
      .autoOrient()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(tmp);
  });
}

/** Image: dimensions as displayed (after EXIF orientation) and a thumbnail. */
export async function processImage(ctx: JobContext): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(ctx.source, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (err) {
    throw new ProcessingError(`unreadable image: ${(err as Error).message}`);
  }
  ctx.result.width = metadata.autoOrient?.width ?? metadata.width;
  ctx.result.height = metadata.autoOrient?.height ?? metadata.height;
  ctx.progress(40);
  try {
    ctx.result.thumbPath = await makeThumb(ctx, ctx.source);
  } catch (err) {
    throw new ProcessingError(`thumbnail failed: ${(err as Error).message}`);
  }
}
