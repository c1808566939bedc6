/**
 * What a drag on the canvas does to the boxes it moves, in canvas px: the snapped offset and its guides.
 * Pure: the canvas view applies the result to elements while dragging and commits it when the drag ends.
 */
import type { Canvas, Widget } from '@apm/contract';
import { boundsOf, type Box } from './state/arrange';
import { snapBox, snapLines, SNAP_SCREEN_PX, type SnapLines } from './state/snapping';

/** The offset a drag ends at and the guide lines to draw (null: none on that axis). */
export interface DragResult {
  dx: number;
  dy: number;
  guideX: number | null;
  guideY: number | null;
}

/** What stays the same through one drag: the moving boxes' bounds and the lines they snap to. */
export interface DragPlan {
  bounds: Box | null;
  lines: SnapLines;
}

/**
 * Prepares a drag of the widgets `movingIds`: their common bounds, and the lines of the canvas and of the
 * other visible widgets of the scene to snap to (worked out once, not on every pointer move).
 */
export function planDrag(canvas: Canvas, widgets: readonly Widget[], movingIds: readonly string[]): DragPlan {
  const moving = new Set(movingIds);
  const others = widgets.filter((w) => !moving.has(w.id) && !w.hidden);
  return {
    bounds: boundsOf(widgets.filter((w) => moving.has(w.id))),
    lines: snapLines(canvas, others),
  };
}

/**
 * Where a drag by `dx`, `dy` (canvas px, as the pointer moved) lands: with snapping on, the moving bounds
 * snap to the nearest line within {@link SNAP_SCREEN_PX} screen px at `scale`; offsets are whole pixels.
 */
export function dragTo(plan: DragPlan, dx: number, dy: number, snapping: boolean, scale: number): DragResult {
  const rx = Math.round(dx);
  const ry = Math.round(dy);
  if (!snapping || !plan.bounds) return { dx: rx, dy: ry, guideX: null, guideY: null };
  const moved = { ...plan.bounds, x: plan.bounds.x + rx, y: plan.bounds.y + ry };
  const snap = snapBox(moved, plan.lines, SNAP_SCREEN_PX / scale);
  return {
    dx: Math.round(rx + snap.dx),
    dy: Math.round(ry + snap.dy),
    guideX: snap.guideX,
    guideY: snap.guideY,
  };
}

/** The canvas scale that fits a canvas into a viewport with `padding` px around it (never above 1:1 × 4). */
export function fitScale(
  canvas: Canvas,
  viewport: { width: number; height: number },
  padding: number,
): number {
  const sx = (viewport.width - 2 * padding) / canvas.w;
  const sy = (viewport.height - 2 * padding) / canvas.h;
  const scale = Math.min(sx, sy);
  return Number.isFinite(scale) && scale > 0 ? Math.min(4, scale) : 0.25;
}
