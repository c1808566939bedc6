/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** Pixel comparison of two PNG screenshots, decoded by the browser: no image library. */
import type { Page } from 'playwright-core';

/** A rectangle in screenshot px. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What {@link comparePngs} found. */
interface Comparison {
  width: number;
  height: number;
  differing: number;
  differingOutsideMasks: number;
  pixelsOutsideMasks: number;
  /** Differing pixels inside each widget's box, by widget id. */
  perWidget: Record<string, number>;
  diffPng: string;
}

/**
 * Compares two PNGs of the same size in `page` (any channel different), overall, outside `masks` and inside
 * each of `boxes`; the diff image shows differences in red (outside the masks) or orange (inside). `page` must
 * be of a context made by `newContext` (editor-page.ts): the evaluated function uses `__name`.
 */
export async function comparePngs(
  page: Page,
  a: Buffer,
  b: Buffer,
  masks: Rect[],
  boxes: Record<string, Rect>,
) {
  return page.evaluate(
    async ({ a, b, masks, boxes }) => {
      const decode = async (b64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [one, two] = await Promise.all([decode(a), decode(b)]);
      if (one.width !== two.width || one.height !== two.height)
        throw new Error(`sizes differ: ${one.width}×${one.height} and ${two.width}×${two.height}`);
      const { width, height } = one;
      const masked = new Uint8Array(width * height);
      for (const r of masks)
        for (let y = Math.max(0, r.y); y < Math.min(height, r.y + r.h); y++)
          for (let x = Math.max(0, r.x); x < Math.min(width, r.x + r.w); x++) masked[y * width + x] = 1;
      const diff = new ImageData(width, height);
      let differing = 0;
      let differingOutsideMasks = 0;
      let pixelsOutsideMasks = 0;
      const perWidget: Record<string, number> = Object.fromEntries(Object.keys(boxes).map((id) => [id, 0]));
      const boxList = Object.entries(boxes);
      for (let p = 0; p < width * height; p++) {
        const i = p * 4;
        const same =
          one.data[i] === two.data[i] &&
          one.data[i + 1] === two.data[i + 1] &&
          one.data[i + 2] === two.data[i + 2];
        if (!masked[p]) pixelsOutsideMasks++;
        // Differences in red (outside the masks) or orange (inside), the rest greyed out.
        const grey = (one.data[i]! + one.data[i + 1]! + one.data[i + 2]!) / 12;
        diff.data.set(same ? [grey, grey, grey, 255] : masked[p] ? [255, 160, 0, 255] : [255, 0, 0, 255], i);
        if (same) continue;
        differing++;
        if (!masked[p]) differingOutsideMasks++;
        const x = p % width;
        const y = (p - x) / width;
        for (const [id, r] of boxList)
          if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) perWidget[id]!++;
      }
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.putImageData(diff, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return {
        width,
        height,
        differing,
        differingOutsideMasks,
        pixelsOutsideMasks,
        perWidget,
        diffPng: btoa(binary),
      };
    },
    { a: a.toString('base64'), b: b.toString('base64'), masks, boxes },
  ) as Promise<Comparison>;
}
