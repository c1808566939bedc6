import type { PlanEntry } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  draftOf,
  emptyDraft,
  isDirty,
  openPlanEditor,
  planReducer,
  selectedEntry,
  type PlanAction,
  type PlanEditorState,
} from '../../src/pages/plan-make/state/plan-state';

const run = (s: PlanEditorState, ...actions: PlanAction[]) =>
  actions.reduce((state, action, i) => planReducer(state, { now: i * 5000, ...action }), s);

const entries = (s: PlanEditorState) => draftOf(s).document.entries;
const today = '2026-05-04';

describe('plan editor state', () => {
  it('adds an entry with sensible defaults and selects it', () => {
    const s = run(
      openPlanEditor(emptyDraft('Lobby')),
      { type: 'setDefaultProgram', programId: 7 },
      { type: 'addEntry', today },
    );
    const entry = selectedEntry(s)!;
    expect(entry).toEqual<PlanEntry>({
      id: 'e1',
      name: '',
      kind: 'normal',
      priority: 5,
      items: [{ programId: 7 }],
      startDate: today,
      endDate: null,
      weekdays: [],
      rrule: null,
      exdates: [],
      rdates: [],
      windows: [],
      everyMinutes: null,
      perHour: null,
    });
    expect(isDirty(s.history)).toBe(true);
  });

  it('removes, duplicates and reorders entries, keeping a sensible selection', () => {
    let s = run(
      openPlanEditor(emptyDraft()),
      { type: 'addEntry', today, programId: 1 },
      { type: 'addEntry', today, programId: 2 },
    );
    s = run(s, { type: 'duplicateEntry', id: 'e1' });
    expect(entries(s).map((e) => e.id)).toEqual(['e1', 'e3', 'e2']);
    expect(s.selectedId).toBe('e3');
    s = run(s, { type: 'moveEntry', from: 2, to: 0 });
    expect(entries(s).map((e) => e.id)).toEqual(['e2', 'e1', 'e3']);
    s = run(s, { type: 'select', id: 'e1' }, { type: 'removeEntry', id: 'e1' });
    expect(entries(s).map((e) => e.id)).toEqual(['e2', 'e3']);
    expect(s.selectedId).toBe('e3');
  });

  it('edits fields, merging a typing burst into one undo step', () => {
    let s = run(openPlanEditor(emptyDraft()), { type: 'addEntry', today, programId: 1 });
    s = planReducer(s, {
      type: 'updateEntry',
      id: 'e1',
      patch: { name: 'M' },
      mergeKey: 'name',
      now: 100_000,
    });
    s = planReducer(s, {
      type: 'updateEntry',
      id: 'e1',
      patch: { name: 'Mo' },
      mergeKey: 'name',
      now: 100_300,
    });
    expect(entries(s)[0]!.name).toBe('Mo');
    s = run(s, { type: 'undo' });
    expect(entries(s)[0]!.name).toBe('');
    expect(canRedo(s.history)).toBe(true);
    s = run(s, { type: 'redo' });
    expect(entries(s)[0]!.name).toBe('Mo');
  });

  it('gives an interrupt a rate and keeps weekdays in order', () => {
    let s = run(openPlanEditor(emptyDraft()), { type: 'addEntry', today, programId: 1 });
    s = run(s, { type: 'updateEntry', id: 'e1', patch: { kind: 'interrupt', weekdays: ['FR', 'MO'] } });
    expect(entries(s)[0]).toMatchObject({ kind: 'interrupt', everyMinutes: 10, weekdays: ['MO', 'FR'] });
  });

  it('moves and resizes a window on the grid, and gives an all-day entry its first window', () => {
    let s = run(
      openPlanEditor(emptyDraft()),
      { type: 'addEntry', today, programId: 1 },
      { type: 'select', id: null },
    );
    s = run(s, { type: 'resizeWindow', id: 'e1', index: 0, edge: 'start', delta: 480, step: 15 });
    expect(entries(s)[0]!.windows).toEqual([{ start: '08:00', end: '24:00' }]);
    expect(s.selectedId).toBe('e1');
    s = run(s, { type: 'resizeWindow', id: 'e1', index: 0, edge: 'end', delta: -420, step: 15 });
    s = run(s, { type: 'moveWindow', id: 'e1', index: 0, delta: 62, step: 5 });
    expect(entries(s)[0]!.windows).toEqual([{ start: '09:00', end: '18:00' }]);
    // Moving an all-day entry or a missing window changes nothing.
    s = run(s, { type: 'addEntry', today, programId: 1 });
    const before = s.history;
    expect(run(s, { type: 'moveWindow', id: 'e2', index: 0, delta: 60, step: 5 }).history).toBe(before);
    expect(run(s, { type: 'moveWindow', id: 'e1', index: 4, delta: 60, step: 5 }).history).toBe(before);
  });

  it('copies a day through the entries’ weekdays and reports the ones it skips', () => {
    let s = run(
      openPlanEditor(emptyDraft()),
      { type: 'addEntry', today, programId: 1 },
      { type: 'addEntry', today, programId: 2 },
      { type: 'addEntry', today, programId: 3 },
      { type: 'addEntry', today, programId: 4 },
    );
    s = run(
      s,
      {
        type: 'updateEntry',
        id: 'e1',
        patch: { weekdays: ['MO'], windows: [{ start: '08:00', end: '09:00' }] },
      },
      { type: 'updateEntry', id: 'e2', patch: { weekdays: ['TU'] } },
      { type: 'updateEntry', id: 'e3', patch: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE' } },
      { type: 'updateEntry', id: 'e4', patch: { rrule: 'FREQ=MONTHLY;BYDAY=1MO' } },
      { type: 'copyDay', from: 'MO', to: ['TU', 'FR', 'MO'] },
    );
    const [e1, e2, e3, e4] = entries(s);
    expect(e1!.weekdays).toEqual(['MO', 'TU', 'FR']);
    expect(e1!.windows).toEqual([{ start: '08:00', end: '09:00' }]);
    expect(e2!.weekdays).toEqual(['TU']);
    expect(e3!.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,FR');
    expect(e4!.rrule).toBe('FREQ=MONTHLY;BYDAY=1MO');
    expect(s.lastCopySkipped).toEqual(['e4']);
    expect(run(s, { type: 'undo' }).history.pointer).toBe(s.history.pointer - 1);
  });

  it('renames and sets the default program as undoable steps; saving keeps undo', () => {
    let s = run(
      openPlanEditor(emptyDraft()),
      { type: 'setName', name: 'Shop' },
      { type: 'setDefaultProgram', programId: 3 },
    );
    expect(draftOf(s)).toMatchObject({ name: 'Shop', document: { defaultProgramId: 3 } });
    s = run(s, { type: 'saved', draft: draftOf(s) });
    expect(isDirty(s.history)).toBe(false);
    expect(canUndo(s.history)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(isDirty(s.history)).toBe(true);
    expect(draftOf(s).document.defaultProgramId).toBeNull();
  });

  it('does not count a save as done when the draft changed while it ran', () => {
    let s = run(openPlanEditor(emptyDraft()), { type: 'setName', name: 'A' });
    const sent = draftOf(s);
    s = run(s, { type: 'addEntry', today, programId: 1 }, { type: 'saved', draft: sent });
    expect(isDirty(s.history)).toBe(true);
  });
});
