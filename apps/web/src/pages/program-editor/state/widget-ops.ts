import type { Widget } from '@apm/contract';
import type { IdFactory } from './scene-ops';

/** The widgets of one scene. */
export type Widgets = readonly Widget[];

/** Position, size and rotation: what the canvas changes by mouse and keyboard. */
export interface Geometry {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
  /** 0 (invisible) to 1 (opaque); widgets without it are opaque. Optional, so a resize or rotation leaves it. */
  opacity?: number;
}

/** The largest z-order in use, or -1 for none. */
export const topZ = (widgets: Widgets): number => widgets.reduce((z, w) => Math.max(z, w.z), -1);

/** Appends a widget. */
export const addWidget = (widgets: Widgets, widget: Widget): Widget[] => [...widgets, widget];

/** Applies `change` to the widgets whose ids are in `ids`; the same array when nothing changed. */
function mapSome(widgets: Widgets, ids: readonly string[], change: (w: Widget) => Widget): Widget[] {
  const wanted = new Set(ids);
  let changed = false;
  const next = widgets.map((w) => {
    if (!wanted.has(w.id)) return w;
    const updated = change(w);
    if (updated !== w) changed = true;
    return updated;
  });
  return changed ? next : (widgets as Widget[]);
}

/** Bounds of the geometry the format allows (WidgetBaseSchema). */
const clampPosition = (v: number) => Math.min(16384, Math.max(-16384, Math.round(v)));
const clampSize = (v: number) => Math.min(16384, Math.max(1, Math.round(v)));
/** Degrees in (-180, 180], to a tenth of a degree. */
const normaliseRotation = (deg: number) => {
  const turned = ((deg % 360) + 360) % 360;
  return Math.round((turned > 180 ? turned - 360 : turned) * 10) / 10;
};
/** Opacity within 0–1, to a hundredth. */
const clampOpacity = (v: number) => Math.min(1, Math.max(0, Math.round(v * 100) / 100));

/** Moves the unlocked widgets of `ids` by `dx`, `dy` canvas px (drag, group move, arrow-key nudge). */
export function moveWidgets(widgets: Widgets, ids: readonly string[], dx: number, dy: number): Widget[] {
  if (dx === 0 && dy === 0) return widgets as Widget[];
  return mapSome(widgets, ids, (w) =>
    w.locked ? w : { ...w, x: clampPosition(w.x + dx), y: clampPosition(w.y + dy) },
  );
}

/** Sets the geometry and opacity of one unlocked widget (resize, rotation, the properties panel), within bounds. */
export function setGeometry(widgets: Widgets, id: string, geometry: Partial<Geometry>): Widget[] {
  return mapSome(widgets, [id], (w) => {
    if (w.locked) return w;
    const next = {
      ...w,
      ...(geometry.x !== undefined && { x: clampPosition(geometry.x) }),
      ...(geometry.y !== undefined && { y: clampPosition(geometry.y) }),
      ...(geometry.w !== undefined && { w: clampSize(geometry.w) }),
      ...(geometry.h !== undefined && { h: clampSize(geometry.h) }),
      ...(geometry.rotation !== undefined && { rotation: normaliseRotation(geometry.rotation) }),
      ...(geometry.opacity !== undefined && { opacity: clampOpacity(geometry.opacity) }),
    };
    const same =
      next.x === w.x &&
      next.y === w.y &&
      next.w === w.w &&
      next.h === w.h &&
      next.rotation === w.rotation &&
      next.opacity === w.opacity;
    return same ? w : next;
  });
}

/** Merges `props` into the props of the widget `id` (the properties panel). */
export function updateProps<T extends Widget>(
  widgets: Widgets,
  id: string,
  props: Partial<T['props']>,
): Widget[] {
  return mapSome(widgets, [id], (w) => ({ ...w, props: { ...w.props, ...props } }) as Widget);
}

/** Renames a widget (the layer list); an empty name removes it. */
export function renameWidget(widgets: Widgets, id: string, name: string): Widget[] {
  return mapSome(widgets, [id], (w) => {
    const trimmed = name.trim();
    if ((w.name ?? '') === trimmed) return w;
    const { name: _old, ...rest } = w;
    return (trimmed ? { ...rest, name: trimmed } : rest) as Widget;
  });
}

/** Deletes the unlocked widgets of `ids`. */
export function deleteWidgets(widgets: Widgets, ids: readonly string[]): Widget[] {
  const gone = new Set(ids);
  const next = widgets.filter((w) => !gone.has(w.id) || w.locked);
  return next.length === widgets.length ? (widgets as Widget[]) : next;
}

/** Locks or unlocks the widgets of `ids`. */
export const setLocked = (widgets: Widgets, ids: readonly string[], locked: boolean): Widget[] =>
  mapSome(widgets, ids, (w) => (Boolean(w.locked) === locked ? w : { ...w, locked }));

/** Hides or shows the widgets of `ids`. */
export const setHidden = (widgets: Widgets, ids: readonly string[], hidden: boolean): Widget[] =>
  mapSome(widgets, ids, (w) => (Boolean(w.hidden) === hidden ? w : { ...w, hidden }));

/** Where a z-order command sends the selection. */
export type ZOrderMove = 'front' | 'back' | 'forward' | 'backward';

/**
 * Changes the stacking of the widgets of `ids`: to the front or back of all, or one place forward or
 * backward past the next widget not selected. z becomes 0…n-1 in the new order (ties keep list order).
 */
export function reorder(widgets: Widgets, ids: readonly string[], move: ZOrderMove): Widget[] {
  const selected = new Set(ids);
  const order = widgets
    .map((w, i) => ({ w, i }))
    .sort((a, b) => a.w.z - b.w.z || a.i - b.i)
    .map(({ w }) => w);
  let next: Widget[];
  if (move === 'front' || move === 'back') {
    const chosen = order.filter((w) => selected.has(w.id));
    const others = order.filter((w) => !selected.has(w.id));
    next = move === 'front' ? [...others, ...chosen] : [...chosen, ...others];
  } else {
    next = [...order];
    const step = move === 'forward' ? 1 : -1;
    const indices = next.map((w, i) => (selected.has(w.id) ? i : -1)).filter((i) => i >= 0);
    // Forward walks from the top so that a block of selected widgets moves together.
    if (step === 1) indices.reverse();
    for (const i of indices) {
      const j = i + step;
      if (j < 0 || j >= next.length || selected.has(next[j]!.id)) continue;
      [next[i], next[j]] = [next[j]!, next[i]!];
    }
  }
  const zOf = new Map(next.map((w, z) => [w.id, z]));
  return mapSome(
    widgets,
    widgets.map((w) => w.id),
    (w) => (w.z === zOf.get(w.id) ? w : { ...w, z: zOf.get(w.id)! }),
  );
}

/** Deep copies of the widgets of `ids`, in stacking order: what copy and cut put on the clipboard. */
export function copyWidgets(widgets: Widgets, ids: readonly string[]): Widget[] {
  const wanted = new Set(ids);
  return widgets
    .filter((w) => wanted.has(w.id))
    .sort((a, b) => a.z - b.z)
    .map((w) => structuredClone(w));
}

/**
 * Pastes clipboard widgets into a scene: new ids, above every widget there, moved by `offset` (so a
 * paste into the same scene does not hide the original), unlocked. Answers the widgets and the new ids.
 */
export function pasteWidgets(
  widgets: Widgets,
  clipboard: readonly Widget[],
  ids: IdFactory,
  offset: number,
): { widgets: Widget[]; pasted: string[] } {
  let z = topZ(widgets);
  const added = clipboard.map((w) => {
    z += 1;
    const { locked: _locked, ...rest } = structuredClone(w);
    return {
      ...rest,
      id: ids('widget'),
      x: clampPosition(w.x + offset),
      y: clampPosition(w.y + offset),
      z: Math.min(10_000, z),
    } as Widget;
  });
  return { widgets: [...widgets, ...added], pasted: added.map((w) => w.id) };
}
