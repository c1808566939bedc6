import type { FitMode } from './types.js';

/** How the canvas maps into a container: scale per axis and the offset that centres it. */
export interface Fit {
  scaleX: number;
  scaleY: number;
  offsetX: number;
  offsetY: number;
}

/**
 * Fits a canvas of `canvas` size into a container: `contain` shows all of it (letterboxed),
 * `cover` fills the container (cropped), `fill` stretches each axis. A fixed `scale` overrides
 * the mode and is centred too. A container with no size yet gets scale 1 at the origin.
 */
export function fitCanvas(
  canvas: { w: number; h: number },
  container: { width: number; height: number },
  mode: FitMode,
  scale: number | null = null,
): Fit {
  let scaleX: number;
  let scaleY: number;
  if (scale !== null) {
    if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError('scale must be a positive number');
    scaleX = scaleY = scale;
  } else if (container.width <= 0 || container.height <= 0) {
    return { scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0 };
  } else {
    const sx = container.width / canvas.w;
    const sy = container.height / canvas.h;
    if (mode === 'fill') {
      scaleX = sx;
      scaleY = sy;
    } else {
      scaleX = scaleY = mode === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
    }
  }
  return {
    scaleX,
    scaleY,
    offsetX: (container.width - canvas.w * scaleX) / 2,
    offsetY: (container.height - canvas.h * scaleY) / 2,
  };
}

/** A program canvas: design size, and the target screen's resolution when the document has one. */
export interface CanvasSize {
  w: number;
  h: number;
  realWidth?: number;
  realHeight?: number;
}

/** A box in container px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the program's target screen and its canvas land in a container. */
export interface ScreenFit extends Fit {
  /** The target screen's box in container px: the container itself in a player, letterboxed in a preview. */
  screen: Box;
  /** The target screen's resolution in device px (`realWidth`×`realHeight`, else the canvas size). */
  realWidth: number;
  realHeight: number;
  /** Device px of the target screen → container px (`screen.width / realWidth`). */
  screenScale: number;
}

/** How `fitScreen` places the program. */
export interface ScreenFitOptions {
  /** How the canvas fills the screen (the same rule a player applies on the real screen). */
  mode: FitMode;
  /** A preview shows the target screen's shape inside the container; a player's container is the screen. */
  preview: boolean;
  /** Fixed canvas px → container px (horizontally), or `null` to fit the container. */
  scale?: number | null;
}

const validSide = (v: number | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * Fits a program into a container through its target screen (`realWidth`×`realHeight`): the canvas
 * is fitted into the screen by `mode`, and the screen into the container. A player's container is
 * the screen, unless it has no size yet: then the screen is assumed at its real resolution at the
 * origin. A preview shows the screen's shape kept, letterboxed in the container, so a 16:9 canvas
 * for a portrait screen looks as it will there. Without a real resolution the canvas size stands in.
 */
export function fitScreen(
  canvas: CanvasSize,
  container: { width: number; height: number },
  options: ScreenFitOptions,
): ScreenFit {
  const real = {
    width: validSide(canvas.realWidth) ? canvas.realWidth : canvas.w,
    height: validSide(canvas.realHeight) ? canvas.realHeight : canvas.h,
  };
  const scale = options.scale ?? null;
  const empty = container.width <= 0 || container.height <= 0;
  const result = (fit: Fit, screen: Box): ScreenFit => ({
    ...fit,
    screen,
    realWidth: real.width,
    realHeight: real.height,
    screenScale: screen.width / real.width,
  });

  if (!options.preview && !empty) {
    return result(fitCanvas(canvas, container, options.mode, scale), {
      x: 0,
      y: 0,
      width: container.width,
      height: container.height,
    });
  }
  // Canvas → device px of the target screen.
  const inner = fitCanvas(canvas, real, options.mode);
  let u: number;
  if (scale !== null) {
    if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError('scale must be a positive number');
    // The fixed scale is the canvas's; the screen frame follows it.
    u = scale / inner.scaleX;
  } else if (empty) {
    u = 1;
  } else {
    u = Math.min(container.width / real.width, container.height / real.height);
  }
  const width = real.width * u;
  const height = real.height * u;
  const x = empty && scale === null ? 0 : (container.width - width) / 2;
  const y = empty && scale === null ? 0 : (container.height - height) / 2;
  return result(
    {
      scaleX: inner.scaleX * u,
      scaleY: inner.scaleY * u,
      offsetX: x + inner.offsetX * u,
      offsetY: y + inner.offsetY * u,
    },
    { x, y, width, height },
  );
}
