/** What a key does to the renderer: move through scenes, or stand in for a touch. */
export type KeyAction = 'next' | 'previous' | 'touch';

const NAVIGATION: Record<string, KeyAction> = {
  ArrowRight: 'next',
  PageDown: 'next',
  ArrowLeft: 'previous',
  PageUp: 'previous',
};

/** Controls that handle Enter and Space themselves (a renderer button activates by its own click). */
const OWN_KEYS = 'button,a[href],input,select,textarea,[contenteditable],[role=button]';

/**
 * Maps a key press to a renderer action. Enter or Space is a touch (for "until touched" scenes)
 * when the renderer or the page itself has focus; with `navigation`, ArrowRight/PageDown and
 * ArrowLeft/PageUp move to the next and previous scene. Keys meant for something else are left
 * alone: with a modifier, already handled, auto-repeated touches, or aimed at another control.
 */
export function keyboardAction(
  event: KeyboardEvent,
  root: HTMLElement,
  navigation: boolean,
): KeyAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as Element | null;
  const doc = root.ownerDocument;
  const inRenderer = target !== null && root.contains(target);
  const onPage = target === null || target === doc.body || target === doc.documentElement;
  if (!inRenderer && !onPage) return null;
  if (target !== root && inRenderer && target.closest(OWN_KEYS)) {
    return navigation && !target.closest('input,select,textarea,[contenteditable]')
      ? (NAVIGATION[event.key] ?? null)
      : null;
  }
  if (event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar')
    return event.repeat ? null : 'touch';
  return navigation ? (NAVIGATION[event.key] ?? null) : null;
}
