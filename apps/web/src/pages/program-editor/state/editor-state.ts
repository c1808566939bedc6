import type { Canvas, ProgramDocument, Scene, Widget, WidgetType } from '@apm/contract';
import { align, distribute, type Alignment } from './arrange';
import {
  createHistory,
  jumpTo,
  markSaved,
  present,
  pushStep,
  redo,
  sealStep,
  undo,
  type History,
} from './history';
import {
  addScene,
  copyScene,
  deleteScene,
  idFactoryFor,
  mapWidgets,
  moveScene,
  updateScene,
  type ScenePatch,
} from './scene-ops';
import { defaultButtons, newWidget, type DefaultButtonKey } from './widget-defaults';
import {
  addWidget,
  copyWidgets,
  deleteWidgets,
  moveWidgets,
  pasteWidgets,
  renameWidget,
  reorder,
  setGeometry,
  setHidden,
  setLocked,
  topZ,
  updateProps,
  type Geometry,
  type ZOrderMove,
} from './widget-ops';

/** A widget of its own size (at most the canvas), centred unless dropped somewhere. */
function sizedAt(size: { w: number; h: number }, canvas: Canvas, at?: { x: number; y: number }) {
  const w = Math.min(size.w, canvas.w);
  const h = Math.min(size.h, canvas.h);
  return { w, h, x: Math.round(at?.x ?? (canvas.w - w) / 2), y: Math.round(at?.y ?? (canvas.h - h) / 2) };
}

/** Zoom limits of the canvas (the issue: 25–400 %), or `fit` to the window. */
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;

/** How far a paste into the scene it was copied from lands from the original (canvas px). */
export const PASTE_OFFSET = 20;

/** What the properties panel edits: the scene background (the spec's default) or the selected widget's type. */
export type EditType = 'background' | WidgetType;

/** Everything the editor holds besides the server's copy: document with history, selection, view. */
export interface EditorState {
  history: History<ProgramDocument>;
  sceneIndex: number;
  /** Selected widget ids of the active scene, in the order they were selected. */
  selection: string[];
  clipboard: Widget[];
  /** The scene the clipboard was filled from: a paste there is offset, elsewhere it keeps positions. */
  clipboardSceneId: string | null;
  /** Pastes since the last copy: each further paste lands one offset further. */
  pasteCount: number;
  editType: EditType;
  zoom: number | 'fit';
  snapping: boolean;
}

/** The editor opened on a document: first scene, nothing selected, fit to the window, snapping on. */
export function openEditor(doc: ProgramDocument): EditorState {
  return {
    history: createHistory(doc),
    sceneIndex: 0,
    selection: [],
    clipboard: [],
    clipboardSceneId: null,
    pasteCount: 0,
    editType: 'background',
    zoom: 'fit',
    snapping: true,
  };
}

/** The present document. */
export const documentOf = (s: EditorState): ProgramDocument => present(s.history);

/** The active scene. */
export const activeScene = (s: EditorState): Scene => documentOf(s).scenes[s.sceneIndex]!;

/** The selected widgets of the active scene, in selection order. */
export function selectedWidgets(s: EditorState): Widget[] {
  const byId = new Map(activeScene(s).widgets.map((w) => [w.id, w]));
  return s.selection.map((id) => byId.get(id)).filter((w): w is Widget => w !== undefined);
}

/** Every change the editor makes; `now` (ms) lets bursts of one kind merge into one undo step. */
export type EditorAction = { now?: number } & (
  | { type: 'selectScene'; index: number }
  | { type: 'addScene'; name: string }
  | { type: 'copyScene'; index: number; name: string }
  | { type: 'deleteScene'; index: number }
  | { type: 'moveScene'; from: number; to: number }
  | { type: 'updateScene'; index: number; patch: ScenePatch; mergeKey?: string }
  | { type: 'setCanvas'; canvas: Canvas }
  | {
      type: 'addWidget';
      widgetType: WidgetType;
      at?: { x: number; y: number };
      /** Props over the type's defaults (a custom widget's package, a data widget's source), its size and name. */
      props?: Record<string, unknown>;
      size?: { w: number; h: number };
      name?: string;
    }
  | { type: 'addDefaultButtons'; labels: Record<DefaultButtonKey, string> }
  | { type: 'replaceDocument'; document: ProgramDocument; label: string }
  | { type: 'select'; ids: string[]; mode: 'replace' | 'toggle' | 'add' }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  | { type: 'moveSelection'; dx: number; dy: number; mergeKey: 'drag' | 'nudge' }
  | { type: 'setGeometry'; id: string; geometry: Partial<Geometry>; mergeKey?: string }
  | { type: 'updateProps'; id: string; props: Record<string, unknown>; mergeKey?: string }
  | { type: 'renameWidget'; id: string; name: string }
  | { type: 'deleteSelection' }
  | { type: 'lockSelection'; locked: boolean }
  | { type: 'hideSelection'; hidden: boolean }
  | { type: 'reorderSelection'; move: ZOrderMove }
  | { type: 'alignSelection'; to: Alignment }
  | { type: 'distributeSelection'; axis: 'horizontal' | 'vertical' }
  | { type: 'copy' }
  | { type: 'cut' }
  | { type: 'paste' }
  | { type: 'duplicate' }
  | { type: 'endBurst' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'jumpTo'; index: number }
  | { type: 'saved' }
  | { type: 'setEditType'; editType: EditType }
  | { type: 'setZoom'; zoom: number | 'fit' }
  | { type: 'toggleSnapping' }
);

/** The selection and scene index kept valid for the present document (after undo, redo, delete). */
function settle(s: EditorState): EditorState {
  const doc = documentOf(s);
  const sceneIndex = Math.min(doc.scenes.length - 1, Math.max(0, s.sceneIndex));
  const ids = new Set(doc.scenes[sceneIndex]!.widgets.map((w) => w.id));
  const selection = s.selection.filter((id) => ids.has(id));
  const editType: EditType =
    selection.length === 0
      ? 'background'
      : (doc.scenes[sceneIndex]!.widgets.find((w) => w.id === selection[selection.length - 1])?.type ??
        'background');
  const same =
    sceneIndex === s.sceneIndex && selection.length === s.selection.length && editType === s.editType;
  return same ? s : { ...s, sceneIndex, selection, editType };
}

/** Pushes a new document as a step (nothing when it is the same document). */
function commit(
  s: EditorState,
  doc: ProgramDocument,
  label: string,
  now: number,
  mergeKey?: string,
): EditorState {
  const history = pushStep(s.history, doc, { label, mergeKey, now });
  return history === s.history ? s : { ...s, history };
}

/** Changes the active scene's widgets as one step. */
function changeWidgets(
  s: EditorState,
  label: string,
  now: number,
  change: (widgets: Scene['widgets']) => Scene['widgets'],
  mergeKey?: string,
): EditorState {
  return commit(s, mapWidgets(documentOf(s), s.sceneIndex, change), label, now, mergeKey);
}

/** The editor's reducer: pure, so every rule of the editor is tested without a browser. */
export function editorReducer(s: EditorState, action: EditorAction): EditorState {
  const now = action.now ?? 0;
  const doc = documentOf(s);
  const ids = () => idFactoryFor(doc);
  switch (action.type) {
    case 'selectScene':
      return settle({ ...s, sceneIndex: action.index, selection: [] });
    case 'addScene': {
      const added = addScene(doc, s.sceneIndex, ids(), action.name);
      return settle({ ...commit(s, added.doc, 'addScene', now), sceneIndex: added.index, selection: [] });
    }
    case 'copyScene': {
      const copied = copyScene(doc, action.index, ids(), action.name);
      return settle({ ...commit(s, copied.doc, 'copyScene', now), sceneIndex: copied.index, selection: [] });
    }
    case 'deleteScene':
      return settle({
        ...commit(s, deleteScene(doc, action.index), 'deleteScene', now),
        sceneIndex: action.index <= s.sceneIndex ? s.sceneIndex - 1 : s.sceneIndex,
      });
    case 'moveScene': {
      const moved = commit(s, moveScene(doc, action.from, action.to), 'moveScene', now);
      // The active scene stays active wherever it went.
      const activeId = doc.scenes[s.sceneIndex]!.id;
      return settle({ ...moved, sceneIndex: documentOf(moved).scenes.findIndex((sc) => sc.id === activeId) });
    }
    case 'updateScene':
      return commit(s, updateScene(doc, action.index, action.patch), 'updateScene', now, action.mergeKey);
    case 'setCanvas':
      return commit(s, { ...doc, canvas: action.canvas }, 'setCanvas', now);
    case 'addWidget': {
      const widgets = activeScene(s).widgets;
      let widget = newWidget(action.widgetType, ids()('widget'), doc.canvas, topZ(widgets) + 1, action.at);
      if (action.props || action.size || action.name)
        widget = {
          ...widget,
          ...(action.size && sizedAt(action.size, doc.canvas, action.at)),
          ...(action.name && { name: action.name }),
          props: { ...widget.props, ...action.props },
        } as Widget;
      // Added at the centre again and again, widgets would hide each other: one that would share another's
      // corner or centre lands a step further down and right.
      const centre = (w: { x: number; y: number; w: number; h: number }) => [w.x + w.w / 2, w.y + w.h / 2];
      const clashes = (w: Widget) =>
        (w.x === widget.x && w.y === widget.y) ||
        (centre(w)[0] === centre(widget)[0] && centre(w)[1] === centre(widget)[1]);
      for (let step = 0; !action.at && step < 50; step += 1) {
        if (!widgets.some(clashes)) break;
        widget = { ...widget, x: widget.x + PASTE_OFFSET, y: widget.y + PASTE_OFFSET };
      }
      const next = changeWidgets(s, 'addWidget', now, (ws) => addWidget(ws, widget));
      return settle({ ...next, selection: [widget.id], editType: widget.type });
    }
    case 'addDefaultButtons': {
      const idOf = ids();
      const buttons = defaultButtons(
        doc.canvas,
        action.labels,
        () => idOf('widget'),
        topZ(activeScene(s).widgets) + 1,
      );
      const next = changeWidgets(s, 'addDefaultButtons', now, (ws) => [...ws, ...buttons]);
      return settle({ ...next, selection: buttons.map((b) => b.id), editType: 'button' });
    }
    case 'replaceDocument':
      return settle(commit(s, action.document, action.label, now));
    case 'select': {
      let selection: string[];
      if (action.mode === 'replace') selection = [...action.ids];
      else if (action.mode === 'add')
        selection = [...s.selection, ...action.ids.filter((id) => !s.selection.includes(id))];
      else {
        const toggled = new Set(action.ids);
        selection = [
          ...s.selection.filter((id) => !toggled.has(id)),
          ...action.ids.filter((id) => !s.selection.includes(id)),
        ];
      }
      return settle({ ...s, selection, editType: selection.length ? s.editType : 'background' });
    }
    case 'selectAll':
      return settle({
        ...s,
        selection: activeScene(s)
          .widgets.filter((w) => !w.locked)
          .map((w) => w.id),
      });
    case 'clearSelection':
      return settle({ ...s, selection: [] });
    case 'moveSelection':
      return changeWidgets(
        s,
        action.mergeKey === 'drag' ? 'move' : 'nudge',
        now,
        (ws) => moveWidgets(ws, s.selection, action.dx, action.dy),
        action.mergeKey,
      );
    case 'setGeometry':
      return changeWidgets(
        s,
        'transform',
        now,
        (ws) => setGeometry(ws, action.id, action.geometry),
        action.mergeKey,
      );
    case 'updateProps':
      return changeWidgets(
        s,
        'props',
        now,
        (ws) => updateProps(ws, action.id, action.props),
        action.mergeKey,
      );
    case 'renameWidget':
      return changeWidgets(s, 'rename', now, (ws) => renameWidget(ws, action.id, action.name));
    case 'deleteSelection':
      return settle(changeWidgets(s, 'delete', now, (ws) => deleteWidgets(ws, s.selection)));
    case 'lockSelection':
      return changeWidgets(s, action.locked ? 'lock' : 'unlock', now, (ws) =>
        setLocked(ws, s.selection, action.locked),
      );
    case 'hideSelection':
      return changeWidgets(s, action.hidden ? 'hide' : 'show', now, (ws) =>
        setHidden(ws, s.selection, action.hidden),
      );
    case 'reorderSelection':
      return changeWidgets(s, 'reorder', now, (ws) => reorder(ws, s.selection, action.move));
    case 'alignSelection':
      return changeWidgets(s, 'align', now, (ws) => align(ws, s.selection, action.to, doc.canvas));
    case 'distributeSelection':
      return changeWidgets(s, 'distribute', now, (ws) => distribute(ws, s.selection, action.axis));
    case 'copy':
    case 'cut': {
      const clipboard = copyWidgets(activeScene(s).widgets, s.selection);
      if (clipboard.length === 0) return s;
      const copied = { ...s, clipboard, clipboardSceneId: activeScene(s).id, pasteCount: 0 };
      return action.type === 'copy'
        ? copied
        : settle(changeWidgets(copied, 'cut', now, (ws) => deleteWidgets(ws, s.selection)));
    }
    case 'paste': {
      if (s.clipboard.length === 0) return s;
      const sameScene = s.clipboardSceneId === activeScene(s).id;
      const pasteCount = s.pasteCount + 1;
      let pasted: string[] = [];
      const next = changeWidgets(s, 'paste', now, (ws) => {
        const result = pasteWidgets(ws, s.clipboard, ids(), sameScene ? PASTE_OFFSET * pasteCount : 0);
        pasted = result.pasted;
        return result.widgets;
      });
      return settle({ ...next, selection: pasted, pasteCount });
    }
    case 'duplicate': {
      const copies = copyWidgets(activeScene(s).widgets, s.selection);
      if (copies.length === 0) return s;
      let pasted: string[] = [];
      const next = changeWidgets(s, 'duplicate', now, (ws) => {
        const result = pasteWidgets(ws, copies, ids(), PASTE_OFFSET);
        pasted = result.pasted;
        return result.widgets;
      });
      return settle({ ...next, selection: pasted });
    }
    case 'endBurst':
      return { ...s, history: sealStep(s.history) };
    case 'undo':
      return settle({ ...s, history: undo(s.history) });
    case 'redo':
      return settle({ ...s, history: redo(s.history) });
    case 'jumpTo':
      return settle({ ...s, history: jumpTo(s.history, action.index) });
    case 'saved':
      return { ...s, history: markSaved(s.history) };
    case 'setEditType':
      return { ...s, editType: action.editType };
    case 'setZoom':
      return {
        ...s,
        zoom: action.zoom === 'fit' ? 'fit' : Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, action.zoom)),
      };
    case 'toggleSnapping':
      return { ...s, snapping: !s.snapping };
  }
}
