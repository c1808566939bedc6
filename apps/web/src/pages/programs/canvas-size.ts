import { CANVAS_PRESETS } from '../program-editor/state/widget-defaults';

/** Smallest and largest canvas side the program format allows. */
export const CANVAS_MIN = 16;
export const CANVAS_MAX = 16384;

/** A preset key (`1920x1080`…) or `custom`. */
export type CanvasChoice = (typeof CANVAS_PRESETS)[number]['key'] | 'custom';

/** The canvas size of a choice: the preset's, or the custom width and height given. */
export function canvasSizeOf(
  choice: CanvasChoice,
  custom: { w?: number | null; h?: number | null },
): { w: number; h: number } | null {
  const preset = CANVAS_PRESETS.find((p) => p.key === choice);
  if (preset) return { w: preset.w, h: preset.h };
  const { w, h } = custom;
  const ok = (v: number | null | undefined): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v >= CANVAS_MIN && v <= CANVAS_MAX;
  return ok(w) && ok(h) ? { w, h } : null;
}

/** How a canvas reads in lists: `1920 × 1080`, with "portrait" when it is taller than wide. */
export const resolutionText = (w: number, h: number) => `${w} × ${h}`;
