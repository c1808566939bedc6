import { useSyncExternalStore } from 'react';

/** The media query of a user who asked the system for less motion. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const snapshot = () => window.matchMedia(REDUCED_MOTION).matches;

/**
 * Whether the user's system asks for reduced motion (an accessibility setting); the console then
 * opens and closes dialogs, drawers and menus without antd's animations.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
