import type { Canvas, Widget } from '@apm/contract';
import type { Widgets } from './widget-ops';

/** An axis-aligned box in canvas px. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where an align command puts the selection's edges or centres. */
export type Alignment = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';

/** The box around `boxes` (null for none). */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: right - x, h: bottom - y };
}

const movable = (widgets: Widgets, ids: readonly string[]) => {
  const wanted = new Set(ids);
  return widgets.filter((w) => wanted.has(w.id) && !w.locked);
};

function place(widgets: Widgets, moves: Map<string, { x?: number; y?: number }>): Widget[] {
  let changed = false;
  const next = widgets.map((w) => {
    const move = moves.get(w.id);
    if (!move) return w;
    const x = Math.round(move.x ?? w.x);
    const y = Math.round(move.y ?? w.y);
    if (x === w.x && y === w.y) return w;
    changed = true;
    return { ...w, x, y };
  });
  return changed ? next : (widgets as Widget[]);
}

/**
 * Aligns the unlocked widgets of `ids`: to the box around them when there are several, to the
 * canvas when there is one (as design tools do).
 */
export function align(widgets: Widgets, ids: readonly string[], to: Alignment, canvas: Canvas): Widget[] {
  const chosen = movable(widgets, ids);
  const frame = chosen.length > 1 ? boundsOf(chosen) : { x: 0, y: 0, w: canvas.w, h: canvas.h };
  if (!frame || chosen.length === 0) return widgets as Widget[];
  const moves = new Map<string, { x?: number; y?: number }>();
  for (const w of chosen) {
    const pos = {
      left: { x: frame.x },
      hcenter: { x: frame.x + (frame.w - w.w) / 2 },
      right: { x: frame.x + frame.w - w.w },
      top: { y: frame.y },
      vcenter: { y: frame.y + (frame.h - w.h) / 2 },
      bottom: { y: frame.y + frame.h - w.h },
    }[to];
    moves.set(w.id, pos);
  }
  return place(widgets, moves);
}

/**
 * Spreads the unlocked widgets of `ids` so that the gaps between them are equal along an axis; the
 * outermost two stay. Needs three widgets or more.
 */
export function distribute(
  widgets: Widgets,
  ids: readonly string[],
  axis: 'horizontal' | 'vertical',
): Widget[] {
  const chosen = movable(widgets, ids);
  if (chosen.length < 3) return widgets as Widget[];
  const pos = axis === 'horizontal' ? 'x' : 'y';
  const size = axis === 'horizontal' ? 'w' : 'h';
  const sorted = [...chosen].sort((a, b) => a[pos] - b[pos]);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const span = last[pos] + last[size] - first[pos];
  const total = sorted.reduce((sum, w) => sum + w[size], 0);
  const gap = (span - total) / (sorted.length - 1);
  const moves = new Map<string, { x?: number; y?: number }>();
  let at = first[pos];
  for (const w of sorted) {
    moves.set(w.id, { [pos]: at });
    at += w[size] + gap;
  }
  return place(widgets, moves);
}
