import type { PlanDocument, PlanEntry, WeekdayCode } from '@apm/contract';
import {
  canRedo,
  canUndo,
  createHistory,
  isDirty,
  markSaved,
  present,
  pushStep,
  redo,
  sealStep,
  undo,
  type History,
} from '../../program-editor/state/history';
import {
  addEntry,
  copyDay,
  duplicateEntry,
  moveEntry,
  newEntry,
  nextEntryId,
  removeEntry,
  updateEntry,
  type EntryPatch,
} from './entry-ops';
import { moveWindow, resizeWindow } from './window-time';

/**
 * The plan editor's state: the draft (name and document) with its undo/redo history, and the selected
 * entry. A pure reducer: the page is a thin view over it. Changes of one field in a burst (typing)
 * merge into one undo step by their merge key.
 */

/** What a plan's save sends besides the revision: its name and document. */
export interface PlanDraft {
  name: string;
  document: PlanDocument;
}

/** The history of the draft and the selected entry. */
export interface PlanEditorState {
  history: History<PlanDraft>;
  /** The entry the form edits, or null. */
  selectedId: string | null;
  /** Entries the last day copy could not extend (a recurrence that does not name weekdays). */
  lastCopySkipped: string[];
}

/** The editor opened on a draft (counted as saved: it is what the server has). */
export function openPlanEditor(draft: PlanDraft): PlanEditorState {
  return {
    history: createHistory(draft),
    selectedId: draft.document.entries[0]?.id ?? null,
    lastCopySkipped: [],
  };
}

/** An empty draft for a new plan. */
export const emptyDraft = (name = ''): PlanDraft => ({
  name,
  document: { entries: [], defaultProgramId: null },
});

const ALL_DAY = { start: '00:00', end: '24:00' };

/** The present draft. */
export const draftOf = (s: PlanEditorState): PlanDraft => present(s.history);

/** The selected entry, if it still exists in the present draft. */
export function selectedEntry(s: PlanEditorState): PlanEntry | null {
  return draftOf(s).document.entries.find((e) => e.id === s.selectedId) ?? null;
}

export { canRedo, canUndo, isDirty };

/** Every change the editor makes; `now` (ms) lets bursts of one kind merge into one undo step. */
export type PlanAction = { now?: number } & (
  | { type: 'setName'; name: string }
  | { type: 'setDefaultProgram'; programId: number | null }
  | { type: 'addEntry'; today: string; programId?: number | null }
  | { type: 'removeEntry'; id: string }
  | { type: 'duplicateEntry'; id: string }
  | { type: 'moveEntry'; from: number; to: number }
  | { type: 'updateEntry'; id: string; patch: EntryPatch; mergeKey?: string }
  | { type: 'moveWindow'; id: string; index: number; delta: number; step: number }
  | { type: 'resizeWindow'; id: string; index: number; edge: 'start' | 'end'; delta: number; step: number }
  | { type: 'copyDay'; from: WeekdayCode; to: WeekdayCode[] }
  | { type: 'select'; id: string | null }
  | { type: 'replace'; draft: PlanDraft; label: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'endBurst' }
  | { type: 'saved'; draft?: PlanDraft }
);

/** Makes `draft` the present as a step called `label` (a message key of the page's `steps`). */
function push(s: PlanEditorState, draft: PlanDraft, label: string, now: number, mergeKey?: string) {
  if (draft === draftOf(s)) return s;
  return { ...s, history: pushStep(s.history, draft, { label, mergeKey, now }) };
}

function withDocument(s: PlanEditorState, document: PlanDocument): PlanDraft {
  const draft = draftOf(s);
  return document === draft.document ? draft : { ...draft, document };
}

/** The editor after `action`. */
export function planReducer(s: PlanEditorState, action: PlanAction): PlanEditorState {
  const now = action.now ?? 0;
  const draft = draftOf(s);
  const doc = draft.document;
  switch (action.type) {
    case 'setName':
      return push(s, { ...draft, name: action.name }, 'rename', now, 'name');
    case 'setDefaultProgram':
      if (doc.defaultProgramId === action.programId) return s;
      return push(s, withDocument(s, { ...doc, defaultProgramId: action.programId }), 'defaultProgram', now);
    case 'addEntry': {
      const id = nextEntryId(doc);
      const entry = newEntry(id, action.today, action.programId ?? doc.defaultProgramId);
      return { ...push(s, withDocument(s, addEntry(doc, entry)), 'addEntry', now), selectedId: id };
    }
    case 'removeEntry': {
      const index = doc.entries.findIndex((e) => e.id === action.id);
      const next = push(s, withDocument(s, removeEntry(doc, action.id)), 'removeEntry', now);
      if (next === s) return s;
      const remaining = draftOf(next).document.entries;
      const neighbour = remaining[Math.min(index, remaining.length - 1)]?.id ?? null;
      return { ...next, selectedId: s.selectedId === action.id ? neighbour : s.selectedId };
    }
    case 'duplicateEntry': {
      const [next, copyId] = duplicateEntry(doc, action.id);
      if (!copyId) return s;
      return { ...push(s, withDocument(s, next), 'duplicateEntry', now), selectedId: copyId };
    }
    case 'moveEntry':
      return push(s, withDocument(s, moveEntry(doc, action.from, action.to)), 'moveEntry', now);
    case 'updateEntry':
      return push(
        s,
        withDocument(s, updateEntry(doc, action.id, action.patch)),
        'editEntry',
        now,
        action.mergeKey ? `${action.id}:${action.mergeKey}` : undefined,
      );
    case 'moveWindow':
    case 'resizeWindow': {
      const entry = doc.entries.find((e) => e.id === action.id);
      // An all-day entry's edge drag gives it its first window.
      const allDay = entry && entry.windows.length === 0 && action.type === 'resizeWindow';
      const window = allDay ? ALL_DAY : entry?.windows[action.index];
      if (!entry || !window) return s;
      const changed =
        action.type === 'moveWindow'
          ? moveWindow(window, action.delta, action.step)
          : resizeWindow(window, action.edge, action.delta, action.step);
      const windows = allDay ? [changed] : entry.windows.map((w, i) => (i === action.index ? changed : w));
      const next = push(s, withDocument(s, updateEntry(doc, entry.id, { windows })), action.type, now);
      return { ...next, selectedId: entry.id };
    }
    case 'copyDay': {
      const result = copyDay(doc, action.from, action.to);
      return {
        ...push(s, withDocument(s, result.document), 'copyDay', now),
        lastCopySkipped: result.skipped,
      };
    }
    case 'select':
      return s.selectedId === action.id ? s : { ...s, selectedId: action.id };
    case 'replace':
      return push(s, action.draft, action.label, now);
    case 'undo':
      return { ...s, history: undo(sealStep(s.history)) };
    case 'redo':
      return { ...s, history: redo(s.history) };
    case 'endBurst':
      return { ...s, history: sealStep(s.history) };
    case 'saved':
      // Only what was sent is saved: edits made while the save ran stay unsaved.
      if (action.draft && action.draft !== draft) return s;
      return { ...s, history: markSaved(sealStep(s.history)) };
  }
}
