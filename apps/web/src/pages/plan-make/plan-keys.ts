import type { PlanAction } from './state/plan-state';

/** What a key event needs to say. */
export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A key's command: an editor action, or saving. */
export type PlanKeyCommand = { action: PlanAction } | { command: 'save' };

/**
 * The command of a key stroke on the plan editor, or null: Ctrl/Cmd-S saves (even from a field),
 * Ctrl/Cmd-Z undoes, Ctrl/Cmd-Shift-Z and Ctrl/Cmd-Y redo, Delete removes the selected entry. Only saving
 * is taken from a field that takes typing (fields keep their own undo and Delete).
 */
export function planKeyCommand(
  stroke: KeyStroke,
  selectedId: string | null,
  typing: boolean,
): PlanKeyCommand | null {
  const mod = stroke.ctrlKey || stroke.metaKey;
  const key = stroke.key.length === 1 ? stroke.key.toLowerCase() : stroke.key;
  if (mod && !stroke.altKey && key === 's') return { command: 'save' };
  if (typing) return null;
  if (mod && !stroke.altKey) {
    if (key === 'z') return { action: { type: stroke.shiftKey ? 'redo' : 'undo' } };
    if (key === 'y') return { action: { type: 'redo' } };
    return null;
  }
  if (key === 'Delete' && selectedId && !stroke.altKey)
    return { action: { type: 'removeEntry', id: selectedId } };
  return null;
}
