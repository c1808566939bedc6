import { describe, expect, it } from 'vitest';
import { planKeyCommand } from '../../src/pages/plan-make/plan-keys';
import {
  editorProblems,
  entryFieldErrors,
  hasErrors,
  problemsOf,
} from '../../src/pages/plan-make/plan-problems';
import { newEntry } from '../../src/pages/plan-make/state/entry-ops';
import {
  blockKeyAction,
  draggedBox,
  isDrag,
  pixelsToMinutes,
  HOUR_PX,
} from '../../src/pages/plan-make/week-drag';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('plan editor keys', () => {
  it('saves with Ctrl/Cmd-S even from a field, undoes and redoes outside fields', () => {
    expect(planKeyCommand(key('s', { ctrlKey: true }), null, true)).toEqual({ command: 'save' });
    expect(planKeyCommand(key('S', { metaKey: true }), null, false)).toEqual({ command: 'save' });
    expect(planKeyCommand(key('z', { ctrlKey: true }), null, false)).toEqual({ action: { type: 'undo' } });
    expect(planKeyCommand(key('Z', { metaKey: true, shiftKey: true }), null, false)).toEqual({
      action: { type: 'redo' },
    });
    expect(planKeyCommand(key('y', { ctrlKey: true }), null, false)).toEqual({ action: { type: 'redo' } });
    expect(planKeyCommand(key('z', { ctrlKey: true }), null, true)).toBeNull();
  });

  it('deletes the selected entry with Delete, not from a field', () => {
    expect(planKeyCommand(key('Delete'), 'e2', false)).toEqual({ action: { type: 'removeEntry', id: 'e2' } });
    expect(planKeyCommand(key('Delete'), null, false)).toBeNull();
    expect(planKeyCommand(key('Delete'), 'e2', true)).toBeNull();
  });
});

describe('plan problems in the editor', () => {
  it('adds the editor’s own checks to the resolver’s, errors first', () => {
    const bad = { ...newEntry('e1', '2026-05-04'), rrule: 'FREQ=HOURLY' };
    const problems = editorProblems({ name: ' ', document: { entries: [bad], defaultProgramId: null } }, {});
    expect(problems.map((p) => [p.code, p.entryId, p.field])).toEqual(
      expect.arrayContaining([
        ['name', null, 'name'],
        ['noProgram', 'e1', 'items'],
        ['rrule', 'e1', 'rrule'],
      ]),
    );
    expect(hasErrors(problems)).toBe(true);
    expect(problemsOf(problems, 'e1', 'rrule')).toHaveLength(1);
  });

  it('maps the fields a 400 names to entries of the document sent', () => {
    const document = {
      entries: [newEntry('a', '2026-05-04', 1), newEntry('b', '2026-05-04', 1)],
      defaultProgramId: null,
    };
    expect(
      entryFieldErrors(
        {
          'document.entries[1].rrule': 'malformed',
          'document.entries.0.items.0.programId': 'unknown',
          name: 'too long',
        },
        document,
      ),
    ).toEqual({ b: { rrule: 'malformed' }, a: { items: 'unknown' }, '': { name: 'too long' } });
  });
});

describe('week grid dragging', () => {
  it('turns pixels into minutes and tells a drag from a click', () => {
    expect(pixelsToMinutes(HOUR_PX)).toBe(60);
    expect(isDrag(3, 15)).toBe(false);
    expect(isDrag(-8, 15)).toBe(true);
  });

  it('moves and resizes the dragged box, never below 5 minutes', () => {
    expect(draggedBox(60, 120, 'move', 30)).toEqual({ top: 90, height: 60 });
    expect(draggedBox(60, 120, 'start', 100)).toEqual({ top: 115, height: 5 });
    expect(draggedBox(60, 120, 'end', -100)).toEqual({ top: 60, height: 5 });
  });

  it('moves a focused block with arrows and resizes it with Shift', () => {
    expect(blockKeyAction('ArrowDown', false, 15)).toEqual({ mode: 'move', delta: 15 });
    expect(blockKeyAction('ArrowUp', true, 5)).toEqual({ mode: 'end', delta: -5 });
    expect(blockKeyAction('Enter', false, 5)).toBeNull();
  });
});
