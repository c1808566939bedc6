import type { Canvas } from '@apm/contract';
import type { Box } from './arrange';

/** Lines a moving box snaps to: x positions of vertical lines, y positions of horizontal ones. */
export interface SnapLines {
  x: number[];
  y: number[];
}

/** The result of a snap: the correction to apply and the guides to draw (null: none on that axis). */
export interface Snap {
  dx: number;
  dy: number;
  guideX: number | null;
  guideY: number | null;
}

/** How close (in screen px) an edge must come to a line to snap; divide by the zoom for canvas px. */
export const SNAP_SCREEN_PX = 6;

/** The lines of the canvas (edges and centre lines) and of the other boxes (edges and centres). */
export function snapLines(canvas: Canvas, others: readonly Box[]): SnapLines {
  const x = [0, canvas.w / 2, canvas.w];
  const y = [0, canvas.h / 2, canvas.h];
  for (const b of others) {
    x.push(b.x, b.x + b.w / 2, b.x + b.w);
    y.push(b.y, b.y + b.h / 2, b.y + b.h);
  }
  return { x, y };
}

/** The line nearest to any of `points` within `threshold`, and the distance to it (signed). */
function nearest(
  points: number[],
  lines: number[],
  threshold: number,
): { delta: number; line: number } | null {
  let best: { delta: number; line: number } | null = null;
  for (const p of points) {
    for (const line of lines) {
      const delta = line - p;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) {
        best = { delta, line };
      }
    }
  }
  return best;
}

/**
 * Snaps a moving box: its left, centre and right to the nearest vertical line, its top, middle and
 * bottom to the nearest horizontal one, each within `threshold` canvas px. With snapping off, or
 * nothing near, the correction is 0 and no guide shows.
 */
export function snapBox(box: Box, lines: SnapLines, threshold: number): Snap {
  const sx = nearest([box.x, box.x + box.w / 2, box.x + box.w], lines.x, threshold);
  const sy = nearest([box.y, box.y + box.h / 2, box.y + box.h], lines.y, threshold);
  return { dx: sx?.delta ?? 0, dy: sy?.delta ?? 0, guideX: sx?.line ?? null, guideY: sy?.line ?? null };
}
