/**
 * The plan editor's state and its ties to the outside: the pure reducer with the clock added, saving
 * with the revision it opened (409 planConflict when someone else saved since; 400 naming fields),
 * and the warnings before leaving with unsaved changes.
 */
import type { PlanDetail, PlanProblem } from '@apm/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { savePlan } from '../../services/plans';
import { RequestError, serverFieldErrors } from '../../services/request';
import { entryFieldErrors, type FieldErrors } from './plan-problems';
import {
  draftOf,
  emptyDraft,
  isDirty,
  openPlanEditor,
  planReducer,
  type PlanAction,
  type PlanDraft,
  type PlanEditorState,
} from './state/plan-state';

/** A save refused because someone else saved the plan since it was opened. */
export interface SaveConflict {
  /** Their revision. */
  revision: number;
}

/** What a save ended with. */
export type SaveOutcome = 'saved' | 'conflict' | 'invalid' | 'failed';

/** What {@link usePlanEditor} answers. */
export interface PlanEditorModel {
  state: PlanEditorState;
  draft: PlanDraft;
  dispatch: (action: PlanAction) => void;
  /** The plan's id once it exists on the server. */
  planId: number | null;
  dirty: boolean;
  saving: boolean;
  baseRevision: number | undefined;
  /** Saves the present draft; `overwrite` saves over a newer revision (after a conflict). */
  save(overwrite?: boolean): Promise<SaveOutcome>;
  /** Warnings the server answered for the last save. */
  savedProblems: PlanProblem[];
  conflict: SaveConflict | null;
  dismissConflict(): void;
  /** Field errors of the last refused save, by entry id (`''` for the plan) and field. */
  fieldErrors: FieldErrors;
  saveError: unknown;
  blocker: ReturnType<typeof useBlocker>;
}

/** The draft a plan detail opens as. */
export const draftOfDetail = (detail: PlanDetail | null): PlanDraft =>
  detail ? { name: detail.name, document: detail.document } : emptyDraft();

/** The editor of one plan (`detail` null: a new plan, created by its first save through `onCreated`). */
export function usePlanEditor(detail: PlanDetail | null, onCreated: (id: number) => void): PlanEditorModel {
  const [state, rawDispatch] = useReducer(planReducer, draftOfDetail(detail), openPlanEditor);
  const dispatch = useCallback((action: PlanAction) => rawDispatch({ now: Date.now(), ...action }), []);
  const draft = draftOf(state);
  const dirty = isDirty(state.history);
  const [planId, setPlanId] = useState(detail?.id ?? null);
  const [baseRevision, setBaseRevision] = useState(detail?.revision);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<unknown>(null);
  const [savedProblems, setSavedProblems] = useState<PlanProblem[]>([]);
  const latest = useRef({ draft, planId, baseRevision });
  latest.current = { draft, planId, baseRevision };

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const save = useCallback(
    async (overwrite = false): Promise<SaveOutcome> => {
      const { draft: sent, planId: id } = latest.current;
      const against = overwrite && conflict ? conflict.revision : latest.current.baseRevision;
      setSaving(true);
      setSaveError(null);
      try {
        const saved = await savePlan({
          ...(id ? { id } : {}),
          name: sent.name.trim(),
          document: sent.document,
          ...(against ? { baseRevision: against } : {}),
        });
        setBaseRevision(saved.revision);
        setSavedProblems(saved.problems);
        setConflict(null);
        setFieldErrors({});
        dispatch({ type: 'saved', draft: sent });
        if (!id) {
          setPlanId(saved.id);
          onCreated(saved.id);
        }
        return 'saved';
      } catch (error) {
        if (error instanceof RequestError && error.reason === 'planConflict') {
          const info = (error.jsonObject ?? {}) as { revision?: number };
          setConflict({ revision: info.revision ?? (against ?? 0) + 1 });
          return 'conflict';
        }
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length) {
          setFieldErrors(entryFieldErrors(fields, sent.document));
          return 'invalid';
        }
        setSaveError(error);
        return 'failed';
      } finally {
        setSaving(false);
      }
    },
    [conflict, dispatch, onCreated],
  );

  return {
    state,
    draft,
    dispatch,
    planId,
    dirty,
    saving,
    baseRevision,
    save,
    savedProblems,
    conflict,
    dismissConflict: () => setConflict(null),
    fieldErrors,
    saveError,
    blocker,
  };
}
