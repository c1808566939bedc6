import { validateProgram, WIDGET_TYPES, type ProgramDocument } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  PASTE_OFFSET,
  activeScene,
  documentOf,
  editorReducer,
  openEditor,
  selectedWidgets,
  type EditorAction,
  type EditorState,
} from '../../src/pages/program-editor/state/editor-state';
import { canUndo, isDirty } from '../../src/pages/program-editor/state/history';
import { newProgram } from '../../src/pages/program-editor/state/widget-defaults';

let clock = 0;
/** Applies actions one after another, each at a later time than the merge window unless it sets `now`. */
const run = (s: EditorState, ...actions: EditorAction[]) =>
  actions.reduce((state, action) => editorReducer(state, { now: (clock += 5000), ...action }), s);

const fresh = () => openEditor(newProgram('P', 1920, 1080, 'scene-1'));
const widgetsOf = (s: EditorState) => activeScene(s).widgets;

describe('program editor state', () => {
  it('adds every widget type as a valid document, selected, above the others', () => {
    let s = fresh();
    for (const type of WIDGET_TYPES) s = run(s, { type: 'addWidget', widgetType: type });
    const widgets = widgetsOf(s);
    expect(widgets.map((w) => w.type)).toEqual([...WIDGET_TYPES]);
    expect(new Set(widgets.map((w) => w.id)).size).toBe(WIDGET_TYPES.length);
    expect(widgets.map((w) => w.z)).toEqual(WIDGET_TYPES.map((_, i) => i));
    expect(s.selection).toEqual([widgets[widgets.length - 1]!.id]);
    expect(s.editType).toBe(WIDGET_TYPES[WIDGET_TYPES.length - 1]);
    const checked = validateProgram(documentOf(s));
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
  });

  it('undoes and redoes an add; the selection follows the document', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text' });
    expect(isDirty(s.history)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(widgetsOf(s)).toEqual([]);
    expect(s.selection).toEqual([]);
    expect(s.editType).toBe('background');
    s = run(s, { type: 'redo' });
    expect(widgetsOf(s)).toHaveLength(1);
  });

  it('makes one undo step of a drag, and a step per nudge burst', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text', at: { x: 100, y: 100 } });
    const t = clock;
    for (let i = 1; i <= 30; i += 1)
      s = editorReducer(s, { type: 'moveSelection', dx: 2, dy: 1, mergeKey: 'drag', now: t + i * 16 });
    s = editorReducer(s, { type: 'endBurst' });
    expect(widgetsOf(s)[0]).toMatchObject({ x: 160, y: 130 });
    s = run(s, { type: 'undo' });
    expect(widgetsOf(s)[0]).toMatchObject({ x: 100, y: 100 });
    s = run(s, { type: 'redo' }, { type: 'moveSelection', dx: 10, dy: 0, mergeKey: 'nudge' });
    expect(widgetsOf(s)[0]).toMatchObject({ x: 170 });
    expect(s.history.steps).toHaveLength(4);
  });

  it('does not move, transform or delete a locked widget, and select-all leaves it out', () => {
    let s = run(
      fresh(),
      { type: 'addWidget', widgetType: 'image', at: { x: 0, y: 0 } },
      { type: 'lockSelection', locked: true },
    );
    const id = widgetsOf(s)[0]!.id;
    s = run(
      s,
      { type: 'moveSelection', dx: 5, dy: 5, mergeKey: 'nudge' },
      { type: 'setGeometry', id, geometry: { w: 9 } },
      { type: 'deleteSelection' },
    );
    expect(widgetsOf(s)[0]).toMatchObject({ x: 0, y: 0, locked: true });
    expect(widgetsOf(s)[0]!.w).not.toBe(9);
    s = run(s, { type: 'clearSelection' }, { type: 'selectAll' });
    expect(s.selection).toEqual([]);
  });

  it('keeps geometry within the format: sizes ≥ 1, rotation within ±180', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text' });
    const id = s.selection[0]!;
    s = run(s, { type: 'setGeometry', id, geometry: { w: -40, h: 0.2, rotation: 540, x: 1e9 } });
    expect(widgetsOf(s)[0]).toMatchObject({ w: 1, h: 1, rotation: 180, x: 16384 });
    s = run(s, { type: 'setGeometry', id, geometry: { rotation: -190 } });
    expect(widgetsOf(s)[0]!.rotation).toBe(170);
  });

  it('selects by click, shift-click toggles, rubber band adds', () => {
    let s = fresh();
    for (let i = 0; i < 3; i += 1) s = run(s, { type: 'addWidget', widgetType: 'text' });
    const [a, b, c] = widgetsOf(s).map((w) => w.id) as [string, string, string];
    s = run(s, { type: 'select', ids: [a], mode: 'replace' }, { type: 'select', ids: [b], mode: 'toggle' });
    expect(s.selection).toEqual([a, b]);
    s = run(s, { type: 'select', ids: [a], mode: 'toggle' });
    expect(s.selection).toEqual([b]);
    s = run(s, { type: 'select', ids: [b, c], mode: 'add' });
    expect(s.selection).toEqual([b, c]);
    expect(selectedWidgets(s).map((w) => w.id)).toEqual([b, c]);
    s = run(s, { type: 'select', ids: ['nope'], mode: 'replace' });
    expect(s.selection).toEqual([]);
  });

  it('changes the stacking order: front, back, forward and backward', () => {
    let s = fresh();
    for (let i = 0; i < 4; i += 1) s = run(s, { type: 'addWidget', widgetType: 'text' });
    const ids = widgetsOf(s).map((w) => w.id);
    const stack = (st: EditorState) =>
      [...widgetsOf(st)].sort((x, y) => x.z - y.z).map((w) => ids.indexOf(w.id));
    s = run(
      s,
      { type: 'select', ids: [ids[0]!], mode: 'replace' },
      { type: 'reorderSelection', move: 'front' },
    );
    expect(stack(s)).toEqual([1, 2, 3, 0]);
    s = run(s, { type: 'reorderSelection', move: 'backward' });
    expect(stack(s)).toEqual([1, 2, 0, 3]);
    s = run(
      s,
      { type: 'select', ids: [ids[3]!], mode: 'replace' },
      { type: 'reorderSelection', move: 'back' },
    );
    expect(stack(s)).toEqual([3, 1, 2, 0]);
    s = run(
      s,
      { type: 'select', ids: [ids[3]!, ids[1]!], mode: 'replace' },
      { type: 'reorderSelection', move: 'forward' },
    );
    expect(stack(s)).toEqual([2, 3, 1, 0]);
    expect(
      widgetsOf(s)
        .map((w) => w.z)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
  });

  it('aligns a selection to its bounds, a single widget to the canvas, and distributes gaps evenly', () => {
    let s = fresh();
    for (const x of [100, 400, 1000])
      s = run(s, { type: 'addWidget', widgetType: 'qrcode', at: { x, y: x / 2 } });
    const ids = widgetsOf(s).map((w) => w.id);
    s = run(s, { type: 'select', ids, mode: 'replace' }, { type: 'alignSelection', to: 'top' });
    expect(widgetsOf(s).map((w) => w.y)).toEqual([50, 50, 50]);
    s = run(s, { type: 'distributeSelection', axis: 'horizontal' });
    const [a, b, c] = widgetsOf(s);
    expect(b!.x - (a!.x + a!.w)).toBe(c!.x - (b!.x + b!.w));
    expect([a!.x, c!.x]).toEqual([100, 1000]);
    s = run(s, { type: 'select', ids: [ids[0]!], mode: 'replace' }, { type: 'alignSelection', to: 'right' });
    expect(widgetsOf(s)[0]!.x + widgetsOf(s)[0]!.w).toBe(1920);
    s = run(s, { type: 'alignSelection', to: 'vcenter' });
    expect(widgetsOf(s)[0]!.y).toBe((1080 - widgetsOf(s)[0]!.h) / 2);
  });

  it('copies and pastes with new ids: offset in the same scene, same place in another, across scenes', () => {
    let s = run(
      fresh(),
      { type: 'addWidget', widgetType: 'text', at: { x: 10, y: 20 } },
      { type: 'copy' },
      { type: 'paste' },
      { type: 'paste' },
    );
    expect(widgetsOf(s).map((w) => [w.x, w.y])).toEqual([
      [10, 20],
      [10 + PASTE_OFFSET, 20 + PASTE_OFFSET],
      [10 + 2 * PASTE_OFFSET, 20 + 2 * PASTE_OFFSET],
    ]);
    expect(new Set(widgetsOf(s).map((w) => w.id)).size).toBe(3);
    s = run(s, { type: 'addScene', name: 'Scene 2' });
    expect(s.sceneIndex).toBe(1);
    s = run(s, { type: 'paste' });
    expect(widgetsOf(s).map((w) => [w.x, w.y])).toEqual([[10, 20]]);
    const allIds = documentOf(s).scenes.flatMap((sc) => [sc.id, ...sc.widgets.map((w) => w.id)]);
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it('cuts (removing, undoable) and duplicates', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'clock' }, { type: 'cut' });
    expect(widgetsOf(s)).toEqual([]);
    s = run(s, { type: 'paste' }, { type: 'duplicate' });
    expect(widgetsOf(s)).toHaveLength(2);
    expect(s.selection).toEqual([widgetsOf(s)[1]!.id]);
  });

  it('adds, copies, moves and deletes scenes, keeping the active one and at least one', () => {
    let s = run(
      fresh(),
      { type: 'addWidget', widgetType: 'text' },
      { type: 'copyScene', index: 0, name: 'Copy' },
    );
    const doc = documentOf(s);
    expect(doc.scenes.map((sc) => sc.name)).toEqual(['Scene 1', 'Copy']);
    expect(doc.scenes[1]!.widgets[0]!.id).not.toBe(doc.scenes[0]!.widgets[0]!.id);
    s = run(s, { type: 'addScene', name: 'Third' }, { type: 'moveScene', from: 2, to: 0 });
    expect(documentOf(s).scenes.map((sc) => sc.name)).toEqual(['Third', 'Scene 1', 'Copy']);
    expect(activeScene(s).name).toBe('Third');
    s = run(
      s,
      { type: 'deleteScene', index: 0 },
      { type: 'deleteScene', index: 0 },
      { type: 'deleteScene', index: 0 },
    );
    expect(documentOf(s).scenes.map((sc) => sc.name)).toEqual(['Copy']);
    expect(s.sceneIndex).toBe(0);
  });

  it('clears a button jump to a deleted scene', () => {
    let s = run(
      fresh(),
      { type: 'addScene', name: 'Target' },
      { type: 'selectScene', index: 0 },
      { type: 'addWidget', widgetType: 'button' },
    );
    const target = documentOf(s).scenes[1]!.id;
    s = run(s, {
      type: 'updateProps',
      id: s.selection[0]!,
      props: { action: 'scene', targetSceneId: target },
    });
    s = run(s, { type: 'deleteScene', index: 1 });
    expect(widgetsOf(s)[0]!.props).toMatchObject({ action: 'next' });
    expect((widgetsOf(s)[0]!.props as { targetSceneId?: string }).targetSceneId).toBeUndefined();
    expect(validateProgram(documentOf(s)).ok).toBe(true);
  });

  it('merges a typing burst into one step', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text' });
    const id = s.selection[0]!;
    const t = clock;
    for (const [i, html] of ['H', 'He', 'Hel', 'Hell', 'Hello'].entries()) {
      s = editorReducer(s, {
        type: 'updateProps',
        id,
        props: { html },
        mergeKey: `html:${id}`,
        now: t + i * 200,
      });
    }
    expect(widgetsOf(s)[0]!.props).toMatchObject({ html: 'Hello' });
    s = run(s, { type: 'undo' });
    expect(widgetsOf(s)[0]!.props).toMatchObject({ html: 'Text' });
  });

  it('keeps undo after a save, and knows when the present is what was saved', () => {
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text' }, { type: 'saved' });
    expect(isDirty(s.history)).toBe(false);
    expect(canUndo(s.history)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(isDirty(s.history)).toBe(true);
  });

  it('clamps the zoom to 25–400 % and keeps fit', () => {
    const s = fresh();
    expect(run(s, { type: 'setZoom', zoom: 0.01 }).zoom).toBe(0.25);
    expect(run(s, { type: 'setZoom', zoom: 9 }).zoom).toBe(4);
    expect(run(s, { type: 'setZoom', zoom: 'fit' }).zoom).toBe('fit');
    expect(run(s, { type: 'toggleSnapping' }).snapping).toBe(false);
  });

  it('changes canvas and scene properties as undoable steps', () => {
    let s = run(fresh(), {
      type: 'setCanvas',
      canvas: { w: 1080, h: 1920, realWidth: 1080, realHeight: 1920 },
    });
    s = run(s, { type: 'updateScene', index: 0, patch: { durationMs: 5000, untilTouched: true } });
    const doc: ProgramDocument = documentOf(s);
    expect(doc.canvas.w).toBe(1080);
    expect(doc.scenes[0]).toMatchObject({ durationMs: 5000, untilTouched: true });
    s = run(s, { type: 'undo' }, { type: 'undo' });
    expect(documentOf(s).canvas.w).toBe(1920);
  });
  it('adds the default buttons exit, before and after as ordinary, removable button widgets', () => {
    const labels = { exit: 'Exit', before: 'Back', after: 'Next' };
    let s = run(fresh(), { type: 'addWidget', widgetType: 'text' }, { type: 'addDefaultButtons', labels });
    const buttons = widgetsOf(s).filter((w) => w.type === 'button');
    expect(buttons.map((w) => (w.type === 'button' ? [w.props.action, w.props.label] : null))).toEqual([
      ['exit', 'Exit'],
      ['previous', 'Back'],
      ['next', 'Next'],
    ]);
    expect(s.selection).toEqual(buttons.map((w) => w.id));
    expect(Math.min(...buttons.map((w) => w.z))).toBeGreaterThan(widgetsOf(s)[0]!.z);
    for (const b of buttons) expect(b.y + b.h).toBeLessThanOrEqual(1080);
    expect(validateProgram(documentOf(s)).ok).toBe(true);
    s = run(s, { type: 'select', ids: [buttons[0]!.id], mode: 'replace' }, { type: 'deleteSelection' });
    expect(widgetsOf(s).filter((w) => w.type === 'button')).toHaveLength(2);
    s = run(s, { type: 'undo' }, { type: 'undo' });
    expect(widgetsOf(s).map((w) => w.type)).toEqual(['text']);
  });

  it('replaces the document as one undoable step (a restored draft), keeping the scene index valid', () => {
    const restored = newProgram('Draft', 1920, 1080, 'scene-9');
    let s = run(fresh(), { type: 'addScene', name: 'Two' });
    expect(s.sceneIndex).toBe(1);
    s = run(s, { type: 'replaceDocument', document: restored, label: 'restore' });
    expect(documentOf(s)).toBe(restored);
    expect(s.sceneIndex).toBe(0);
    expect(isDirty(s.history)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(documentOf(s).scenes).toHaveLength(2);
  });
  it('cascades widgets added at the centre so that none hides the one before', () => {
    const s = run(
      fresh(),
      { type: 'addWidget', widgetType: 'qrcode' },
      { type: 'addWidget', widgetType: 'qrcode' },
      { type: 'addWidget', widgetType: 'qrcode', at: { x: 10, y: 10 } },
      { type: 'addWidget', widgetType: 'qrcode', at: { x: 10, y: 10 } },
      // Another size, centred like the first: it moves off the shared centre too.
      { type: 'addWidget', widgetType: 'text' },
    );
    const [a, b, c, d, e] = widgetsOf(s);
    expect([b!.x - a!.x, b!.y - a!.y]).toEqual([PASTE_OFFSET, PASTE_OFFSET]);
    expect([e!.x + e!.w / 2 - (a!.x + a!.w / 2), e!.y + e!.h / 2 - (a!.y + a!.h / 2)]).not.toEqual([0, 0]);
    // A widget dropped at a point stays where it was dropped.
    expect([c!.x, c!.y, d!.x, d!.y]).toEqual([10, 10, 10, 10]);
  });
});
