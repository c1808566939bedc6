/**
 * Thumbnails of programs: the first scene drawn still by the renderer (as the editor's canvas draws it),
 * turned into a small JPEG and stored on the server for the program list.
 */
import { PROGRAM_THUMBNAIL_MAX_BYTES, type Canvas, type ProgramDocument } from '@apm/contract';
import { mountSceneCanvas } from '@apm/renderer';
import { toJpeg } from 'html-to-image';
import { materialFileUrl } from '../../services/material';
import { saveProgramThumbnailImage } from '../../services/program';

/** Longest wait for the scene's images before drawing it with what has arrived. */
const IMAGE_WAIT_MS = 4000;
/** JPEG qualities tried in turn until the image fits the server's size limit. */
const QUALITIES = [0.8, 0.6, 0.4];

/** Pixel size of a thumbnail `width` px wide of a canvas (its aspect ratio kept; at least 1 px high). */
export function thumbnailSize(
  canvas: Pick<Canvas, 'w' | 'h'>,
  width: number,
): { width: number; height: number } {
  const w = Math.max(1, Math.round(width));
  return { width: w, height: Math.max(1, Math.round((w * canvas.h) / canvas.w)) };
}

/** Decoded size in bytes of a base64 data URL (what the server counts against its limit). */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * Whether html-to-image should draw an element: not iframes (web widgets: another site's page cannot be
 * read, and an empty frame would only leave a white box), the rest as it is.
 */
export function drawnInThumbnail(el: HTMLElement): boolean {
  return el.tagName !== 'IFRAME';
}

/** Resolves when `img` has loaded or failed (at once when it already has). */
function imageSettled(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Waits for the images in `el` and its CSS background image to load, at most {@link IMAGE_WAIT_MS}. */
async function waitForImages(el: HTMLElement): Promise<void> {
  const images = [...el.querySelectorAll('img')].map(imageSettled);
  const background = /url\("?(.+?)"?\)/.exec(el.style.backgroundImage)?.[1];
  if (background) {
    const img = new Image();
    img.src = background;
    images.push(imageSettled(img));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, IMAGE_WAIT_MS)));
  await Promise.race([Promise.all(images), deadline]);
  clearTimeout(timer);
}

/**
 * Draws the FIRST scene of a program with the renderer in an off-screen container and answers it as a JPEG
 * data URL `width` px wide (height by the canvas's aspect ratio), within the server's 200 KB limit. Waits a
 * bounded time for images; parts html-to-image cannot draw (another site's pages, unloaded video) stay empty.
 */
export async function renderSceneThumbnail(document: ProgramDocument, width = 320): Promise<string> {
  const scene = document.scenes[0];
  if (!scene) throw new Error('The program has no scene');
  const { canvas } = document;
  const host = window.document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  // Laid out (html-to-image reads computed styles) but out of sight and out of the way.
  Object.assign(host.style, {
    position: 'fixed',
    left: '-100000px',
    top: '0',
    width: `${canvas.w}px`,
    height: `${canvas.h}px`,
    overflow: 'hidden',
    pointerEvents: 'none',
    contain: 'strict',
  });
  window.document.body.appendChild(host);
  const view = mountSceneCanvas(host, scene, canvas, { resolveMaterialUrl: (id) => materialFileUrl(id) });
  try {
    await waitForImages(view.el);
    const size = thumbnailSize(canvas, width);
    let image = '';
    for (const quality of QUALITIES) {
      image = await toJpeg(view.el, {
        width: canvas.w,
        height: canvas.h,
        canvasWidth: size.width,
        canvasHeight: size.height,
        pixelRatio: 1,
        quality,
        backgroundColor: scene.background.color,
        // Web fonts would be fetched and embedded on every call; a thumbnail does well with the fallback.
        skipFonts: true,
        filter: drawnInThumbnail,
      });
      if (dataUrlBytes(image) <= PROGRAM_THUMBNAIL_MAX_BYTES) return image;
    }
    throw new Error(`The thumbnail is larger than ${PROGRAM_THUMBNAIL_MAX_BYTES} bytes`);
  } finally {
    view.destroy();
    host.remove();
  }
}

/**
 * Draws a program's first scene and stores it as the program's thumbnail. Never fails and never throws:
 * a thumbnail is a nicety, so a failure is only logged as a warning (call it after a successful save,
 * without awaiting it when the caller has better things to do). `revision`: the revision just saved, so
 * that the server refuses an image of an older state.
 */
export async function saveProgramThumbnail(
  programId: number,
  document: ProgramDocument,
  revision?: number,
): Promise<void> {
  try {
    const image = await renderSceneThumbnail(document);
    await saveProgramThumbnailImage({ id: programId, image, revision });
  } catch (error) {
    console.warn(`Program ${programId}: the thumbnail was not saved`, error);
  }
}
