/**
 * Pure logic of the shell's tab bar (spec section 2): opening, closing (one, left, right,
 * others), locking, the refresh marker, and saving the open tabs across a page reload.
 * Every function answers a new state and never mutates its input.
 */

/** One open page. */
export interface Tab {
  /** The page's pathname; one tab per page. */
  key: string;
  /** Where the tab leads: pathname plus the last search string seen on it. */
  url: string;
  /** A locked tab has no close button and survives close left/right/others. */
  locked?: boolean;
}

/** The tab bar's state. */
export interface TabsState {
  tabs: Tab[];
  /** Key of the active tab, `''` when none. */
  active: string;
  /** Bumped by a refresh; the content is keyed by it so that it remounts. */
  refreshSeq: number;
}

/** Why a close was refused. */
export type CloseRefusal = 'last' | 'locked';

/** Answer of the close operations: the new state and, when nothing happened, why. */
export interface CloseResult {
  state: TabsState;
  refused?: CloseRefusal;
}

/** A state with no tabs. */
export const EMPTY_TABS: TabsState = { tabs: [], active: '', refreshSeq: 0 };

/** Opens (or re-activates) the tab of `url`; an existing tab keeps its place and gets the new search. */
export function openTab(state: TabsState, url: string): TabsState {
  const key = url.split(/[?#]/)[0] || '/';
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return { ...state, tabs: [...state.tabs, { key, url }], active: key };
  const existing = state.tabs[at]!;
  if (existing.url === url && state.active === key) return state;
  const tabs = state.tabs.slice();
  tabs[at] = { ...existing, url };
  return { ...state, tabs, active: key };
}

/** The tab to activate when the tabs in `removed` disappear: the nearest survivor to the right, else left. */
function nextActive(state: TabsState, kept: Tab[]): string {
  if (kept.some((t) => t.key === state.active)) return state.active;
  const from = state.tabs.findIndex((t) => t.key === state.active);
  const right = state.tabs.slice(from + 1).find((t) => kept.includes(t));
  const left = state.tabs
    .slice(0, Math.max(from, 0))
    .reverse()
    .find((t) => kept.includes(t));
  return (right ?? left ?? kept[0])?.key ?? '';
}

function withKept(state: TabsState, kept: Tab[], activeFallback?: string): TabsState {
  if (kept.length === state.tabs.length) return state;
  const stillThere = kept.some((t) => t.key === state.active);
  const active = stillThere ? state.active : (activeFallback ?? nextActive(state, kept));
  return { ...state, tabs: kept, active };
}

/** Closes one tab; the last tab and locked tabs are refused. */
export function closeTab(state: TabsState, key: string): CloseResult {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab) return { state };
  if (state.tabs.length <= 1) return { state, refused: 'last' };
  if (tab.locked) return { state, refused: 'locked' };
  return {
    state: withKept(
      state,
      state.tabs.filter((t) => t !== tab),
    ),
  };
}

/** Closes the unlocked tabs left of `key`; `key` becomes active if the active tab went. */
export function closeLeft(state: TabsState, key: string): TabsState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  return withKept(
    state,
    state.tabs.filter((t, i) => i >= at || t.locked),
    key,
  );
}

/** Closes the unlocked tabs right of `key`; `key` becomes active if the active tab went. */
export function closeRight(state: TabsState, key: string): TabsState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  return withKept(
    state,
    state.tabs.filter((t, i) => i <= at || t.locked),
    key,
  );
}

/** Closes every unlocked tab but `key`, which becomes active. */
export function closeOthers(state: TabsState, key: string): TabsState {
  if (!state.tabs.some((t) => t.key === key)) return state;
  const next = withKept(
    state,
    state.tabs.filter((t) => t.key === key || t.locked),
    key,
  );
  return next.active === key ? next : { ...next, active: key };
}

/** Locks or unlocks a tab. */
export function toggleLock(state: TabsState, key: string): TabsState {
  if (!state.tabs.some((t) => t.key === key)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, locked: !t.locked } : t)) };
}

/** Marks a refresh: the content keyed by `refreshSeq` remounts. */
export function markRefresh(state: TabsState): TabsState {
  return { ...state, refreshSeq: state.refreshSeq + 1 };
}

/** Whether a tab may be closed by its own close button. */
export function canClose(state: TabsState, key: string): boolean {
  return state.tabs.length > 1 && !state.tabs.find((t) => t.key === key)?.locked;
}

/** What is saved on unload: the tabs, for whom. */
interface SavedTabs {
  v: 1;
  owner: string;
  tabs: Tab[];
  active: string;
}

/** Serialises the open tabs of user `owner` for the unload hand-over. */
export function serializeTabs(state: TabsState, owner: string): string {
  const saved: SavedTabs = { v: 1, owner, tabs: state.tabs, active: state.active };
  return JSON.stringify(saved);
}

function isTab(value: unknown): value is Tab {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.key === 'string' &&
    t.key.startsWith('/') &&
    typeof t.url === 'string' &&
    t.url.startsWith(t.key) &&
    (t.locked === undefined || typeof t.locked === 'boolean')
  );
}

/**
 * Restores tabs saved by {@link serializeTabs}: only for the same owner, dropping anything
 * malformed (keys must be in-app paths). Answers `null` when there is nothing usable.
 */
export function deserializeTabs(raw: string | null | undefined, owner: string): TabsState | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const saved = parsed as Partial<SavedTabs> | null;
  if (!saved || saved.v !== 1 || saved.owner !== owner || !Array.isArray(saved.tabs)) return null;
  const seen = new Set<string>();
  const tabs: Tab[] = [];
  for (const t of saved.tabs) {
    if (!isTab(t) || t.key.startsWith('//') || seen.has(t.key)) continue;
    seen.add(t.key);
    tabs.push(t.locked ? { key: t.key, url: t.url, locked: true } : { key: t.key, url: t.url });
  }
  if (tabs.length === 0) return null;
  const active = tabs.some((t) => t.key === saved.active) ? (saved.active as string) : tabs[0]!.key;
  return { tabs, active, refreshSeq: 0 };
}

/** Minimal storage interface (localStorage or a test double). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage key of the tabs handed over from one page load to the next. */
export const SAVED_TABS_KEY = 'apm.tabs';

/** Reads the saved tabs and removes them, so they are restored once only. */
export function takeSavedTabs(storage: KeyValueStorage, owner: string): TabsState | null {
  const raw = storage.getItem(SAVED_TABS_KEY);
  if (raw !== null) storage.removeItem(SAVED_TABS_KEY);
  return deserializeTabs(raw, owner);
}
