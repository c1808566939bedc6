import type { Widget } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { dragTo, fitScale, planDrag } from '../../src/pages/program-editor/canvas-drag';
import {
  clearDraft,
  draftDiffers,
  readDraft,
  writeDraft,
  type DraftStorage,
} from '../../src/pages/program-editor/draft-store';
import { editorKeyCommand, isTypingTarget, type KeyStroke } from '../../src/pages/program-editor/editor-keys';
import { newProgram } from '../../src/pages/program-editor/state/widget-defaults';

const key = (k: string, mods: Partial<KeyStroke> = {}): KeyStroke => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('editor keys', () => {
  it('undoes with Ctrl/Cmd-Z and redoes with Ctrl/Cmd-Shift-Z and Ctrl/Cmd-Y', () => {
    expect(editorKeyCommand(key('z', { ctrlKey: true }), false)).toEqual({ action: { type: 'undo' } });
    expect(editorKeyCommand(key('z', { metaKey: true }), false)).toEqual({ action: { type: 'undo' } });
    expect(editorKeyCommand(key('Z', { ctrlKey: true, shiftKey: true }), false)).toEqual({
      action: { type: 'redo' },
    });
    expect(editorKeyCommand(key('y', { metaKey: true }), false)).toEqual({ action: { type: 'redo' } });
  });

  it('nudges 1 px, 10 px with Shift, only with a selection', () => {
    expect(editorKeyCommand(key('ArrowLeft'), true)).toEqual({
      action: { type: 'moveSelection', dx: -1, dy: 0, mergeKey: 'nudge' },
    });
    expect(editorKeyCommand(key('ArrowDown', { shiftKey: true }), true)).toEqual({
      action: { type: 'moveSelection', dx: 0, dy: 10, mergeKey: 'nudge' },
    });
    expect(editorKeyCommand(key('ArrowDown'), false)).toBeNull();
  });

  it('copies, cuts, duplicates and deletes a selection; pastes, selects all and saves always', () => {
    expect(editorKeyCommand(key('c', { ctrlKey: true }), true)).toEqual({ action: { type: 'copy' } });
    expect(editorKeyCommand(key('c', { ctrlKey: true }), false)).toBeNull();
    expect(editorKeyCommand(key('x', { ctrlKey: true }), true)).toEqual({ action: { type: 'cut' } });
    expect(editorKeyCommand(key('d', { ctrlKey: true }), true)).toEqual({ action: { type: 'duplicate' } });
    expect(editorKeyCommand(key('v', { ctrlKey: true }), false)).toEqual({ action: { type: 'paste' } });
    expect(editorKeyCommand(key('a', { metaKey: true }), false)).toEqual({ action: { type: 'selectAll' } });
    expect(editorKeyCommand(key('s', { ctrlKey: true }), false)).toEqual({ command: 'save' });
    expect(editorKeyCommand(key('Delete'), true)).toEqual({ action: { type: 'deleteSelection' } });
    expect(editorKeyCommand(key('Backspace'), false)).toBeNull();
    expect(editorKeyCommand(key('Escape'), true)).toEqual({ action: { type: 'clearSelection' } });
  });

  it('leaves other keys and Alt combinations alone', () => {
    expect(editorKeyCommand(key('q'), true)).toBeNull();
    expect(editorKeyCommand(key('z', { ctrlKey: true, altKey: true }), true)).toBeNull();
    expect(editorKeyCommand(key('ArrowLeft', { ctrlKey: true }), true)).toBeNull();
  });

  it('knows typing targets', () => {
    const within = (selector: string) => ({ closest: (s: string) => (s.includes(selector) ? {} : null) });
    expect(isTypingTarget(within('input') as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ closest: () => null } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('autosaved draft', () => {
  const memory = (): DraftStorage & { map: Map<string, string> } => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
  };
  const doc = newProgram('P', 1920, 1080, 'scene-1');

  it('writes, reads back and clears a draft per program', () => {
    const storage = memory();
    expect(readDraft(storage, 7)).toBeNull();
    expect(writeDraft(storage, { programId: 7, baseRevision: 3, savedAt: 1000, document: doc })).toBe(true);
    expect(readDraft(storage, 7)).toEqual({ programId: 7, baseRevision: 3, savedAt: 1000, document: doc });
    expect(readDraft(storage, 8)).toBeNull();
    clearDraft(storage, 7);
    expect(readDraft(storage, 7)).toBeNull();
  });

  it('ignores broken drafts and a storage that refuses', () => {
    const storage = memory();
    storage.map.set('apm.programDraft.7', '{not json');
    expect(readDraft(storage, 7)).toBeNull();
    storage.map.set(
      'apm.programDraft.7',
      JSON.stringify({ programId: 8, baseRevision: 1, savedAt: 1, document: doc }),
    );
    expect(readDraft(storage, 7)).toBeNull();
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(writeDraft(refusing, { programId: 7, baseRevision: 1, savedAt: 1, document: doc })).toBe(false);
    expect(readDraft(refusing, 7)).toBeNull();
    expect(() => clearDraft(refusing, 7)).not.toThrow();
  });

  it('offers a draft only when it differs from the opened document', () => {
    const draft = { programId: 7, baseRevision: 1, savedAt: 1, document: doc };
    expect(draftDiffers(draft, structuredClone(doc))).toBe(false);
    expect(draftDiffers(draft, { ...doc, name: 'Other' })).toBe(true);
  });
});

describe('canvas drag', () => {
  const canvas = { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 };
  const box = (id: string, x: number, y: number, w = 100, h = 100) =>
    ({ id, type: 'qrcode', x, y, w, h, rotation: 0, z: 0, props: {} }) as unknown as Widget;

  it('snaps the moving bounds to another widget within 6 screen px, and not when off or far', () => {
    const widgets = [box('a', 0, 500), box('b', 400, 100)];
    const plan = planDrag(canvas, widgets, ['a']);
    // a's right edge (100 + 297 = 397) is 3 px from b's left edge (400): it snaps, with a guide there.
    expect(dragTo(plan, 297, 0, true, 1)).toMatchObject({ dx: 300, guideX: 400 });
    expect(dragTo(plan, 297, 0, false, 1)).toEqual({ dx: 297, dy: 0, guideX: null, guideY: null });
    // At 25 % zoom, 6 screen px are 24 canvas px.
    expect(dragTo(plan, 280, 0, true, 0.25)).toMatchObject({ dx: 300, guideX: 400 });
    expect(dragTo(plan, 250, 0, true, 1)).toMatchObject({ dx: 250, guideX: null });
  });

  it('snaps to the canvas centre and edges, and a group by its common bounds', () => {
    const widgets = [box('a', 0, 0), box('b', 200, 0), box('far', 1500, 900)];
    const plan = planDrag(canvas, widgets, ['a', 'b']);
    // The group is 300 wide: its centre at 150 + dx; the canvas centre 960 is 2 px away at dx = 808.
    expect(dragTo(plan, 808, 0, true, 1)).toMatchObject({ dx: 810, guideX: 960 });
    expect(dragTo(plan, 0, 978, true, 1)).toMatchObject({ dy: 980, guideY: 1080 });
  });

  it('fits the canvas into the viewport with padding, within 25 %–400 %', () => {
    expect(fitScale(canvas, { width: 1024, height: 640 }, 32)).toBeCloseTo(0.5, 5);
    expect(fitScale(canvas, { width: 0, height: 0 }, 32)).toBe(0.25);
    expect(fitScale({ ...canvas, w: 100, h: 100 }, { width: 2000, height: 2000 }, 0)).toBe(4);
  });
});
