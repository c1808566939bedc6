import { validateProgram } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  activeScene,
  documentOf,
  editorReducer,
  openEditor,
  type EditorAction,
  type EditorState,
} from '../../src/pages/program-editor/state/editor-state';
import { newProgram } from '../../src/pages/program-editor/state/widget-defaults';

let clock = 0;
const run = (s: EditorState, ...actions: EditorAction[]) =>
  actions.reduce((state, action) => editorReducer(state, { now: (clock += 5000), ...action }), s);
const added = () =>
  run(openEditor(newProgram('P', 1920, 1080, 'scene-1')), { type: 'addWidget', widgetType: 'text' });

describe('widget opacity through setGeometry', () => {
  it('sets opacity within 0–1 to a hundredth, as a valid document', () => {
    let s = added();
    const id = s.selection[0]!;
    s = run(s, { type: 'setGeometry', id, geometry: { opacity: 0.456 } });
    expect(activeScene(s).widgets[0]!.opacity).toBe(0.46);
    s = run(s, { type: 'setGeometry', id, geometry: { opacity: 7 } });
    expect(activeScene(s).widgets[0]!.opacity).toBe(1);
    s = run(s, { type: 'setGeometry', id, geometry: { opacity: -1 } });
    expect(activeScene(s).widgets[0]!.opacity).toBe(0);
    expect(validateProgram(documentOf(s)).ok).toBe(true);
  });

  it('makes one undo step of a slider burst and none of an unchanged value', () => {
    let s = added();
    const id = s.selection[0]!;
    const steps = s.history.steps.length;
    const t = clock;
    for (let i = 1; i <= 10; i += 1)
      s = editorReducer(s, {
        type: 'setGeometry',
        id,
        geometry: { opacity: 1 - i / 20 },
        mergeKey: `geometry:${id}:opacity`,
        now: t + i * 50,
      });
    expect(s.history.steps).toHaveLength(steps + 1);
    expect(activeScene(s).widgets[0]!.opacity).toBe(0.5);
    const before = s;
    s = run(s, { type: 'setGeometry', id, geometry: { opacity: 0.5 } });
    expect(s).toBe(before);
    s = run(s, { type: 'undo' });
    expect(activeScene(s).widgets[0]!.opacity).toBeUndefined();
  });

  it('leaves a locked widget as it is', () => {
    let s = added();
    const id = s.selection[0]!;
    s = run(
      s,
      { type: 'lockSelection', locked: true },
      { type: 'setGeometry', id, geometry: { opacity: 0.2 } },
    );
    expect(activeScene(s).widgets[0]!.opacity).toBeUndefined();
  });
});
