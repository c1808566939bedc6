/**
 * The editor's autosaved draft: the document being edited, kept in the browser's local storage a moment
 * after every change, so a closed tab or a crash loses at most a few seconds of work. One draft per
 * program; it goes when the program is saved or the draft is discarded.
 */
import type { ProgramDocument } from '@apm/contract';

/** How long after the last change the draft is written (ms). */
export const DRAFT_DELAY_MS = 1000;

/** What is kept of an unsaved edit. */
export interface ProgramDraft {
  programId: number;
  /** The revision the edit started from: a save of the restored draft is checked against it. */
  baseRevision: number;
  /** When it was written (ms since the epoch). */
  savedAt: number;
  document: ProgramDocument;
}

/** The storage a draft lives in (window.localStorage; a Map-backed one in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (programId: number) => `apm.programDraft.${programId}`;

/** Writes the draft of a program; a full or refused storage is ignored (the editor keeps working). */
export function writeDraft(storage: DraftStorage, draft: ProgramDraft): boolean {
  try {
    storage.setItem(keyOf(draft.programId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The draft of a program, or null when there is none or it cannot be read. */
export function readDraft(storage: DraftStorage, programId: number): ProgramDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(keyOf(programId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as ProgramDraft;
    const valid =
      draft?.programId === programId &&
      Number.isInteger(draft.baseRevision) &&
      Number.isFinite(draft.savedAt) &&
      Array.isArray(draft.document?.scenes);
    return valid ? draft : null;
  } catch {
    return null;
  }
}

/** Removes the draft of a program. */
export function clearDraft(storage: DraftStorage, programId: number): void {
  try {
    storage.removeItem(keyOf(programId));
  } catch {
    // Nothing to do: a storage that refuses removal had refused the draft too.
  }
}

/**
 * Whether a draft found on opening is worth offering: it differs from the document the server answered.
 * (A draft of an older revision is offered too; saving it then meets the conflict check.)
 */
export function draftDiffers(draft: ProgramDraft, opened: ProgramDocument): boolean {
  return JSON.stringify(draft.document) !== JSON.stringify(opened);
}
