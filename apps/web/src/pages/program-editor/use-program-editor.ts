/**
 * The editor page's state and its ties to the outside: the pure reducer with the clock added, saving
 * with the revision it opened (409 programConflict when someone else saved since), the autosaved draft,
 * and the warnings before leaving with unsaved changes.
 */
import type { ProgramDetail, ProgramDocument } from '@apm/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { saveProgram } from '../../services/program';
import { saveProgramThumbnail } from '../programs/program-thumbnail';
import { RequestError } from '../../services/request';
import {
  clearDraft,
  DRAFT_DELAY_MS,
  draftDiffers,
  readDraft,
  writeDraft,
  type ProgramDraft,
} from './draft-store';
import {
  documentOf,
  editorReducer,
  openEditor,
  type EditorAction,
  type EditorState,
} from './state/editor-state';
import { isDirty } from './state/history';

/** A save refused because someone else saved the program since it was opened. */
export interface SaveConflict {
  /** Their revision. */
  revision: number;
  updatedAt?: string;
}

/** What {@link useProgramEditor} answers. */
export interface ProgramEditorModel {
  state: EditorState;
  document: ProgramDocument;
  dispatch: (action: EditorAction) => void;
  dirty: boolean;
  saving: boolean;
  /** The revision a save is checked against. */
  baseRevision: number;
  /** The program's review state, as the last save left it. */
  reviewState: ProgramDetail['reviewState'];
  /** Saves the present document; `overwrite` saves over a newer revision (after a conflict). */
  save(overwrite?: boolean): Promise<'saved' | 'conflict' | 'failed'>;
  conflict: SaveConflict | null;
  dismissConflict(): void;
  saveError: unknown;
  /** A draft left by an earlier session that differs from the opened program, until restored or discarded. */
  pendingDraft: ProgramDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  /** Whether a navigation inside the console waits for the user to confirm leaving. */
  blocker: ReturnType<typeof useBlocker>;
}

const storage = () => window.localStorage;

/** The editor of one program, opened on what the server answered. */
export function useProgramEditor(detail: ProgramDetail): ProgramEditorModel {
  // The contract's detail schema types widgets loosely; the server answers documents of the format.
  const opened = detail.document as unknown as ProgramDocument;
  const [state, rawDispatch] = useReducer(editorReducer, opened, openEditor);
  const dispatch = useCallback((action: EditorAction) => rawDispatch({ now: Date.now(), ...action }), []);
  const document = documentOf(state);
  const dirty = isDirty(state.history);
  const [baseRevision, setBaseRevision] = useState(detail.revision);
  const [reviewState, setReviewState] = useState(detail.reviewState);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [pendingDraft, setPendingDraft] = useState<ProgramDraft | null>(() => {
    const draft = readDraft(storage(), detail.id);
    return draft && draftDiffers(draft, opened) ? draft : null;
  });

  // The draft follows the document a moment after each change; a saved present needs none. While an
  // earlier draft waits for an answer, it is left alone.
  const latest = useRef({ document, baseRevision });
  const thumbnailScene = useRef<ProgramDocument['scenes'][number] | undefined>(undefined);
  /** Writes the present document as the program's draft. */
  const writeNow = useCallback(
    () =>
      writeDraft(storage(), {
        programId: detail.id,
        baseRevision: latest.current.baseRevision,
        savedAt: Date.now(),
        document: latest.current.document,
      }),
    [detail.id],
  );
  latest.current = { document, baseRevision };
  useEffect(() => {
    if (pendingDraft) return undefined;
    if (!dirty) {
      clearDraft(storage(), detail.id);
      return undefined;
    }
    const timer = window.setTimeout(writeNow, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [document, dirty, pendingDraft, detail.id, writeNow]);

  // Closing the tab or reloading with unsaved changes asks first (the draft is written at once too).
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      writeNow();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, writeNow]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const save = useCallback(
    async (overwrite = false): Promise<'saved' | 'conflict' | 'failed'> => {
      const sent = latest.current.document;
      const against = overwrite && conflict ? conflict.revision : latest.current.baseRevision;
      setSaving(true);
      setSaveError(null);
      try {
        const saved = await saveProgram({ id: detail.id, baseRevision: against, document: sent });
        setBaseRevision(saved.revision);
        setReviewState(saved.reviewState);
        // The list's thumbnail is the first scene: drawn again only when that scene changed.
        if (sent.scenes[0] !== thumbnailScene.current) {
          thumbnailScene.current = sent.scenes[0];
          void saveProgramThumbnail(detail.id, sent, saved.revision);
        }
        setConflict(null);
        // Only what was sent counts as saved: edits made while the save ran stay unsaved.
        if (latest.current.document === sent) dispatch({ type: 'saved' });
        clearDraft(storage(), detail.id);
        return 'saved';
      } catch (error) {
        if (error instanceof RequestError && error.reason === 'programConflict') {
          const info = (error.jsonObject ?? {}) as { revision?: number; updatedAt?: string };
          setConflict({ revision: info.revision ?? against + 1, updatedAt: info.updatedAt });
          return 'conflict';
        }
        setSaveError(error);
        return 'failed';
      } finally {
        setSaving(false);
      }
    },
    [conflict, detail.id, dispatch],
  );

  const restoreDraft = useCallback(() => {
    if (!pendingDraft) return;
    dispatch({ type: 'replaceDocument', document: pendingDraft.document, label: 'restore' });
    setBaseRevision(pendingDraft.baseRevision);
    setPendingDraft(null);
  }, [dispatch, pendingDraft]);

  const discardDraft = useCallback(() => {
    clearDraft(storage(), detail.id);
    setPendingDraft(null);
  }, [detail.id]);

  return {
    state,
    document,
    dispatch,
    dirty,
    saving,
    baseRevision,
    reviewState,
    save,
    conflict,
    dismissConflict: () => setConflict(null),
    saveError,
    pendingDraft,
    restoreDraft,
    discardDraft,
    blocker,
  };
}
