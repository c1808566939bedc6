import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  MERGE_WINDOW_MS,
  canRedo,
  canUndo,
  createHistory,
  isDirty,
  jumpTo,
  markSaved,
  present,
  pushStep,
  redo,
  sealStep,
  undo,
  type History,
} from '../../src/pages/program-editor/state/history';

const push = (h: History<string>, state: string, now = 0, mergeKey?: string) =>
  pushStep(h, state, { label: state, now, mergeKey });

describe('editor history', () => {
  it('undoes and redoes along the step list', () => {
    let h = createHistory('a');
    expect(canUndo(h)).toBe(false);
    h = push(push(h, 'b', 10), 'c', 20);
    expect(present(h)).toBe('c');
    h = undo(h);
    expect(present(h)).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = undo(undo(h));
    expect(present(h)).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(present(h)).toBe('c');
    expect(redo(h)).toBe(h);
  });

  it('discards the later steps when a step is pushed with the pointer not at the end (spec section 4)', () => {
    let h = push(push(push(createHistory('a'), 'b', 10), 'c', 20), 'd', 30);
    h = undo(undo(h));
    expect(present(h)).toBe('b');
    h = push(h, 'x', 40);
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'b', 'x']);
    expect(canRedo(h)).toBe(false);
  });

  it('merges a burst with one merge key into one step, and not after the window or a seal', () => {
    let h = createHistory('a');
    h = push(h, 'a1', 100, 'drag:w1');
    h = push(h, 'a2', 150, 'drag:w1');
    h = push(h, 'a3', 150 + MERGE_WINDOW_MS, 'drag:w1');
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'a3']);
    h = push(h, 'a4', 200 + 2 * MERGE_WINDOW_MS + 1, 'drag:w1');
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'a3', 'a4']);
    h = push(sealStep(h), 'a5', 200 + 2 * MERGE_WINDOW_MS + 2, 'drag:w1');
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'a3', 'a4', 'a5']);
    h = push(h, 'b', 200 + 2 * MERGE_WINDOW_MS + 3, 'type:w2');
    expect(h.steps).toHaveLength(5);
    expect(present(undo(h))).toBe('a5');
  });

  it('never merges into the first step, so the opened state stays reachable', () => {
    const h = push(push(createHistory('a'), 'b', 1, 'k'), 'c', 2, 'k');
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'c']);
  });

  it('keeps at least the last 500 steps undoable and drops the oldest beyond', () => {
    let h = createHistory('s0');
    for (let i = 1; i <= HISTORY_LIMIT + 20; i += 1) h = push(h, `s${i}`, i * 10);
    expect(h.steps).toHaveLength(HISTORY_LIMIT + 1);
    let undone = 0;
    while (canUndo(h)) {
      h = undo(h);
      undone += 1;
    }
    expect(undone).toBe(HISTORY_LIMIT);
    expect(present(h)).toBe('s20');
  });

  it('ignores a push of the present state', () => {
    const h = push(createHistory('a'), 'b', 1);
    expect(pushStep(h, present(h), { label: 'x', now: 2 })).toBe(h);
  });

  it('jumps to a step of the list, clamped', () => {
    const h = push(push(createHistory('a'), 'b', 1), 'c', 2);
    expect(present(jumpTo(h, 0))).toBe('a');
    expect(present(jumpTo(h, 99))).toBe('c');
    expect(present(jumpTo(h, -3))).toBe('a');
  });

  it('tracks unsaved changes by step, and undo survives a save', () => {
    let h = createHistory('a');
    expect(isDirty(h)).toBe(false);
    h = push(h, 'b', 1, 'k');
    expect(isDirty(h)).toBe(true);
    h = markSaved(h);
    expect(isDirty(h)).toBe(false);
    // A burst that continues after the save makes a new step: undo returns to what was saved.
    h = push(h, 'c', 2, 'k');
    expect(h.steps.map((s) => s.state)).toEqual(['a', 'b', 'c']);
    expect(isDirty(h)).toBe(true);
    h = undo(h);
    expect(isDirty(h)).toBe(false);
    h = undo(h);
    expect(present(h)).toBe('a');
    expect(isDirty(h)).toBe(true);
  });

  it('keeps the saved mark through a seal', () => {
    const h = markSaved(push(createHistory('a'), 'b', 1, 'k'));
    expect(isDirty(sealStep(h))).toBe(false);
  });
});
