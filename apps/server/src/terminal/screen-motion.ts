import type { ProgramDocument, Scene, Widget } from '@apm/contract';
import sharp from 'sharp';

/**
 * The pure parts of the screen check: a screenshot's fingerprint (a small grayscale thumbnail),
 * whether it is blank, how far two are apart, and whether a program must have changed on screen
 * between two moments.
 */

/** Side of the square grayscale fingerprint (cells of 60×34 px on a 1080p screen). */
export const FINGERPRINT_SIDE = 32;
/** Blank: the luminance of the fingerprint's cells spans at most this many levels (of 255). */
export const BLANK_SPREAD = 10;
/** Frozen: no cell of the fingerprint differs by more than this many levels. */
export const FROZEN_DISTANCE = 2;
/** A frozen screen is judged against a screenshot at least this much older... */
export const FROZEN_MIN_GAP_MS = 3 * 60_000;
/** ...and at most this much older. */
export const FROZEN_MAX_GAP_MS = 6 * 3600_000;
/** The program must have changed scene with at least this probability (a random phase). */
const SAME_SCENE_MAX_CHANCE = 0.1;
/** A video frame this far (or more) into the loop from the other one counts as a different picture. */
const VIDEO_OFFSET_MS = 2000;
/** Bigger images (a decompression bomb within the upload limit) are not analysed. */
const MAX_PIXELS = 40_000_000;

/** The fingerprint of an image: `FINGERPRINT_SIDE`² luminance bytes, transparency on black. */
export async function fingerprint(image: Buffer): Promise<Buffer> {
  // `linear` averages whole cells (shrink then reduce): small text still lifts its cell.
  const { data, info } = await sharp(image, { limitInputPixels: MAX_PIXELS })
    .flatten({ background: '#000000' })
    .grayscale()
    .resize(FINGERPRINT_SIDE, FINGERPRINT_SIDE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== FINGERPRINT_SIDE ** 2) throw new Error('unexpected fingerprint');
  return data;
}

/** How many luminance levels the cells of a fingerprint span. */
export function luminanceSpread(print: Uint8Array): number {
  let min = 255;
  let max = 0;
  for (const v of print) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max - min;
}

/** Whether a fingerprint is one colour all over. */
export const isBlank = (print: Uint8Array): boolean => luminanceSpread(print) <= BLANK_SPREAD;

/** The largest difference of one cell between two fingerprints (Infinity when they do not compare). */
export function fingerprintDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Infinity;
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i]! - b[i]!));
  return most;
}

/** What makes a program's screen change over time, as far as the server can tell from its document. */
export interface ScreenMotion {
  /** Some main scene has nothing on it: a one-colour screen is what it shows then. */
  mayBeOneColour: boolean;
  /** Durations of the main scenes, when they take turns on a timer (two or more, none waiting for a touch). */
  sceneLoopMs: number[] | null;
  /** A live stream fills a good part of every main scene. */
  live: boolean;
  /** The one main scene plays a video over a good part of it: its length (ms) and the scene's (null: until touched). */
  video: { lengthMs: number; sceneMs: number | null } | null;
}

const visible = (w: Widget) => !w.hidden && (w.opacity ?? 1) > 0;
/** At least a quarter of the canvas: a smaller area may change too little to show in the fingerprint. */
const large = (doc: ProgramDocument, w: Widget) => w.w * w.h >= (doc.canvas.w * doc.canvas.h) / 4;
const mainScenes = (doc: ProgramDocument): Scene[] => {
  const main = doc.scenes.filter((s) => s.main);
  return main.length ? main : doc.scenes.slice(0, 1);
};

/** The ids of the materials of the videos that could make a program move (their lengths are needed). */
export function motionVideoIds(doc: ProgramDocument): number[] {
  const main = mainScenes(doc);
  if (main.length !== 1) return [];
  return main[0]!.widgets.flatMap((w) =>
    w.type === 'video' && visible(w) && large(doc, w) ? w.props.items.map((i) => i.materialId) : [],
  );
}

/** How a program's screen changes; `lengthMs` gives a video material's length (null: unknown). */
export function programMotion(
  doc: ProgramDocument,
  lengthMs: (materialId: number) => number | null,
): ScreenMotion {
  const main = mainScenes(doc);
  const mayBeOneColour = main.some((s) => s.background.materialId === null && !s.widgets.some(visible));
  const sceneLoopMs =
    main.length >= 2 && !main.some((s) => s.untilTouched) ? main.map((s) => s.durationMs) : null;
  const live = main.every((s) => s.widgets.some((w) => w.type === 'live' && visible(w) && large(doc, w)));
  let video: ScreenMotion['video'] = null;
  if (main.length === 1) {
    const scene = main[0]!;
    const sceneMs = scene.untilTouched ? null : scene.durationMs;
    for (const w of scene.widgets) {
      if (w.type !== 'video' || !visible(w) || !large(doc, w) || w.props.items.length === 0) continue;
      const lengths = w.props.items.map((i) => lengthMs(i.materialId));
      if (lengths.some((l) => l === null || l <= 0)) continue;
      const total = (lengths as number[]).reduce((a, b) => a + b, 0);
      // A video that stops before its scene restarts holds its last frame: not a moving picture.
      if (!w.props.loop && (sceneMs === null || total < sceneMs)) continue;
      video = { lengthMs: total, sceneMs };
      break;
    }
  }
  return { mayBeOneColour, sceneLoopMs, live, video };
}

/** Whether a program moves at all (a static single-image program never does). */
export const moves = (m: ScreenMotion): boolean => m.live || m.sceneLoopMs !== null || m.video !== null;

/** How far `x` is from the nearest multiple of `period`. */
const offPeriod = (x: number, period: number) => {
  const r = ((x % period) + period) % period;
  return Math.min(r, period - r);
};

/**
 * The chance that two moments `gapMs` apart show the same main scene, the loop's phase unknown:
 * the overlap of each scene's slot with itself shifted by the gap, over the loop.
 */
export function sameSceneChance(durationsMs: readonly number[], gapMs: number): number {
  const loop = durationsMs.reduce((a, b) => a + b, 0);
  const shift = ((gapMs % loop) + loop) % loop;
  let overlap = 0;
  for (const d of durationsMs) overlap += Math.max(0, d - shift) + Math.max(0, d - (loop - shift));
  return overlap / loop;
}

/**
 * Whether the program must have shown a different picture at two moments `gapMs` apart. A
 * screenshot interval that is a whole number of loops lands on the same picture every time, so
 * only gaps well off the loop's period count: then two equal screenshots mean a frozen screen.
 */
export function mustHaveChanged(m: ScreenMotion, gapMs: number): boolean {
  if (m.live) return true;
  if (m.sceneLoopMs && sameSceneChance(m.sceneLoopMs, gapMs) <= SAME_SCENE_MAX_CHANCE) return true;
  if (m.video) {
    const { lengthMs, sceneMs } = m.video;
    // The scene restarts its video: the second moment is `shift` later in its scene, or past a restart.
    const shifts = sceneMs === null ? [gapMs] : [gapMs % sceneMs, (gapMs % sceneMs) - sceneMs];
    const far = (s: number) => offPeriod(s, lengthMs) >= Math.min(VIDEO_OFFSET_MS, lengthMs / 4);
    if (shifts.every(far)) return true;
  }
  return false;
}
