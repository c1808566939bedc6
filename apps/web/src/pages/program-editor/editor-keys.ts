/**
 * The editor's keyboard: which key does what. Pure (a key description in, a command out), so the
 * shortcuts are unit-tested without a browser.
 */
import type { EditorAction } from './state/editor-state';

/** What a key event needs to say. */
export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A key's command: an editor action, or one of the page's own commands. */
export type EditorKeyCommand = { action: EditorAction } | { command: 'save' | 'preview' };

/** Arrow keys and the direction they nudge in. */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How far an arrow key nudges (canvas px): 1, or 10 with Shift. */
export const NUDGE = 1;
export const NUDGE_LARGE = 10;

/**
 * The command of a key stroke on the canvas, or null. Ctrl/Cmd-Z undoes, Ctrl/Cmd-Shift-Z and Ctrl/Cmd-Y
 * redo, Ctrl/Cmd-C/X/V/D copy, cut, paste and duplicate, Ctrl/Cmd-A selects all, Ctrl/Cmd-S saves,
 * Delete/Backspace delete, arrows nudge (Shift: ×10), Escape clears the selection.
 * `hasSelection` keeps arrows and Delete from being taken when there is nothing to act on.
 */
export function editorKeyCommand(stroke: KeyStroke, hasSelection: boolean): EditorKeyCommand | null {
  const mod = stroke.ctrlKey || stroke.metaKey;
  const key = stroke.key.length === 1 ? stroke.key.toLowerCase() : stroke.key;
  if (mod && !stroke.altKey) {
    switch (key) {
      case 'z':
        return { action: { type: stroke.shiftKey ? 'redo' : 'undo' } };
      case 'y':
        return { action: { type: 'redo' } };
      case 'c':
        return hasSelection ? { action: { type: 'copy' } } : null;
      case 'x':
        return hasSelection ? { action: { type: 'cut' } } : null;
      case 'v':
        return { action: { type: 'paste' } };
      case 'd':
        return hasSelection ? { action: { type: 'duplicate' } } : null;
      case 'a':
        return { action: { type: 'selectAll' } };
      case 's':
        return { command: 'save' };
      default:
        return null;
    }
  }
  if (stroke.altKey || mod) return null;
  const arrow = ARROWS[key];
  if (arrow && hasSelection) {
    const step = stroke.shiftKey ? NUDGE_LARGE : NUDGE;
    return { action: { type: 'moveSelection', dx: arrow[0] * step, dy: arrow[1] * step, mergeKey: 'nudge' } };
  }
  if ((key === 'Delete' || key === 'Backspace') && hasSelection)
    return { action: { type: 'deleteSelection' } };
  if (key === 'Escape' && hasSelection) return { action: { type: 'clearSelection' } };
  return null;
}

/** Whether a key event comes from a field that takes typing (the canvas's keys then stay out of the way). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).closest !== 'function') return false;
  const el = target as HTMLElement;
  return Boolean(
    el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role=combobox]'),
  );
}
