/**
 * Undo/redo of the program editor: a list of steps and a pointer (spec section 4). Pushing a step
 * while the pointer is not at the end discards the later steps. Pure and immutable: every call
 * answers a new history (or the same one when nothing changes).
 */

/** How many steps can be undone at least (the issue asks for 500). */
export const HISTORY_LIMIT = 500;

/** Changes pushed with the same merge key within this time make one step (a drag, a typing burst). */
export const MERGE_WINDOW_MS = 1000;

/** One state of the document and what led to it. */
export interface HistoryStep<T> {
  readonly state: T;
  /** What the change was, for the step list ("Move", "Add text"…): a message key of the editor. */
  readonly label: string;
  /** Steps with the same key pushed in a burst are merged into one. */
  readonly mergeKey?: string;
  /** When the step was last changed (ms): merging only happens within {@link MERGE_WINDOW_MS}. */
  readonly at: number;
}

/** The step list and the pointer to the present step. */
export interface History<T> {
  readonly steps: readonly HistoryStep<T>[];
  readonly pointer: number;
  /** The step that was saved last (by identity), or null when the present was never saved. */
  readonly saved: HistoryStep<T> | null;
}

/** Options of {@link pushStep}. */
export interface PushOptions {
  label: string;
  mergeKey?: string;
  now: number;
}

/** A history whose only step is `initial`, counted as saved (it is what was opened). */
export function createHistory<T>(initial: T, label = 'open', now = 0): History<T> {
  const step: HistoryStep<T> = { state: initial, label, at: now };
  return { steps: [step], pointer: 0, saved: step };
}

/** The present state. */
export const present = <T>(h: History<T>): T => h.steps[h.pointer]!.state;

export const canUndo = (h: History<unknown>): boolean => h.pointer > 0;
export const canRedo = (h: History<unknown>): boolean => h.pointer < h.steps.length - 1;

/** Whether the present differs from what was saved last. */
export const isDirty = (h: History<unknown>): boolean => h.steps[h.pointer] !== h.saved;

/**
 * Makes `state` the present: the steps after the pointer are discarded; a push with the present
 * step's merge key within the merge window replaces that step instead of adding one; the oldest
 * steps go beyond {@link HISTORY_LIMIT} undoable steps. Pushing the present state itself changes nothing.
 */
export function pushStep<T>(h: History<T>, state: T, options: PushOptions): History<T> {
  const current = h.steps[h.pointer]!;
  if (state === current.state) return h;
  const kept = h.steps.slice(0, h.pointer + 1);
  const merge =
    options.mergeKey !== undefined &&
    current.mergeKey === options.mergeKey &&
    h.pointer > 0 &&
    // A saved step is not merged into: undo must be able to go back to what was saved.
    current !== h.saved &&
    options.now - current.at <= MERGE_WINDOW_MS;
  const step: HistoryStep<T> = {
    state,
    label: merge ? current.label : options.label,
    mergeKey: options.mergeKey,
    at: options.now,
  };
  if (merge) kept[kept.length - 1] = step;
  else kept.push(step);
  const overflow = Math.max(0, kept.length - (HISTORY_LIMIT + 1));
  const steps = overflow ? kept.slice(overflow) : kept;
  return { steps, pointer: steps.length - 1, saved: h.saved };
}

/** Ends a merge burst: the next push makes a step of its own even with the same merge key. */
export function sealStep<T>(h: History<T>): History<T> {
  const current = h.steps[h.pointer]!;
  if (current.mergeKey === undefined) return h;
  const sealed: HistoryStep<T> = { ...current, mergeKey: undefined };
  const steps = h.steps.map((s, i) => (i === h.pointer ? sealed : s));
  return { steps, pointer: h.pointer, saved: h.saved === current ? sealed : h.saved };
}

/** One step back (unchanged at the first step). */
export const undo = <T>(h: History<T>): History<T> => (canUndo(h) ? { ...h, pointer: h.pointer - 1 } : h);

/** One step forward (unchanged at the last step). */
export const redo = <T>(h: History<T>): History<T> => (canRedo(h) ? { ...h, pointer: h.pointer + 1 } : h);

/** Moves the pointer to step `index` of the list (clamped), as a click in the step list does. */
export function jumpTo<T>(h: History<T>, index: number): History<T> {
  const pointer = Math.min(h.steps.length - 1, Math.max(0, Math.trunc(index)));
  return pointer === h.pointer ? h : { ...h, pointer };
}

/** Marks the present as saved; the steps stay, so undo goes on working after a save. */
export function markSaved<T>(h: History<T>): History<T> {
  const current = h.steps[h.pointer]!;
  return h.saved === current ? h : { ...h, saved: current };
}
