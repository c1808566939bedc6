/**
 * Dragging on the week grid: a pointer's travel turned into minutes, and the keys that move or
 * resize a focused block. Pure, so the grid's view stays thin.
 */

/** What a drag on a block does: move its window, or one of its edges. */
export type DragMode = 'move' | 'start' | 'end';

/** Pixels of grid per hour. */
export const HOUR_PX = 28;

/** Minutes the pointer travelled (`dy` px), not snapped (the state module snaps). */
export const pixelsToMinutes = (dy: number): number => (dy / HOUR_PX) * 60;

/** Whether a drag travelled far enough to count (half a snap step), rather than a click. */
export const isDrag = (minutes: number, step: number): boolean => Math.abs(minutes) >= step / 2;

/** The grid action of a key on a focused block: arrows move it a step, Shift+arrows move its end. */
export function blockKeyAction(
  key: string,
  shiftKey: boolean,
  step: number,
): { mode: DragMode; delta: number } | null {
  const dir = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
  if (!dir) return null;
  return { mode: shiftKey ? 'end' : 'move', delta: dir * step };
}

/** The look of a block being dragged: its top and height (minutes) moved by `delta`. */
export function draggedBox(
  top: number,
  bottom: number,
  mode: DragMode,
  delta: number,
): { top: number; height: number } {
  if (mode === 'move') return { top: top + delta, height: bottom - top };
  if (mode === 'start') {
    const t = Math.min(bottom - 5, top + delta);
    return { top: t, height: bottom - t };
  }
  return { top, height: Math.max(5, bottom - top + delta) };
}
