/** The shell's open tabs: a zustand wrapper around the pure tab logic. */
import { create } from 'zustand';
import {
  EMPTY_TABS,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  markRefresh,
  openTab,
  toggleLock,
  type CloseRefusal,
  type TabsState,
} from '../layouts/tabs/tab-logic';

/** Tab state and actions. */
export interface TabsStore extends TabsState {
  /** A refresh is under way (the content shows a spinner until it remounts). */
  refreshing: boolean;
  open(url: string): void;
  /** Closes one tab; answers why it was refused, if it was. */
  close(key: string): CloseRefusal | undefined;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  toggleLock(key: string): void;
  setRefreshing(refreshing: boolean): void;
  /** Bumps the refresh marker (the content remounts). */
  bumpRefresh(): void;
  /** Replaces the whole state (restore after reload). */
  replace(state: TabsState): void;
  reset(): void;
}

const pick = (s: TabsStore): TabsState => ({ tabs: s.tabs, active: s.active, refreshSeq: s.refreshSeq });

/** The tabs store. */
export const useTabsStore = create<TabsStore>((set, get) => ({
  ...EMPTY_TABS,
  refreshing: false,
  open: (url) => set(openTab(pick(get()), url)),
  close: (key) => {
    const result = closeTab(pick(get()), key);
    if (!result.refused) set(result.state);
    return result.refused;
  },
  closeLeft: (key) => set(closeLeft(pick(get()), key)),
  closeRight: (key) => set(closeRight(pick(get()), key)),
  closeOthers: (key) => set(closeOthers(pick(get()), key)),
  toggleLock: (key) => set(toggleLock(pick(get()), key)),
  setRefreshing: (refreshing) => set({ refreshing }),
  bumpRefresh: () => set(markRefresh(pick(get()))),
  replace: (state) => set(state),
  reset: () => set({ ...EMPTY_TABS, refreshing: false }),
}));
