/** The signed-in user's display preferences (settings drawer), backed by localStorage. */
import { create } from 'zustand';
import {
  clearPreferences,
  defaultPreferences,
  parsePreferences,
  preferencesKey,
  savePreferences,
  type Preferences,
} from '../layouts/settings/preferences';

/** Preferences state and actions. */
export interface PreferencesStore {
  prefs: Preferences;
  defaults: Preferences;
  /** Whose preferences these are (user id), `''` before sign-in. */
  owner: string;
  /** Whether the owner's defaults are a super administrator's. */
  superAdmin: boolean;
  drawerOpen: boolean;
  /** Loads a user's saved preferences over the defaults of their role (nothing changes when they are loaded already). */
  load(owner: string, superAdmin: boolean): void;
  /** Changes preferences for this page view (Save keeps them). */
  update(patch: Partial<Preferences>): void;
  /** Writes the values differing from the defaults to localStorage. */
  save(): void;
  /** Forgets the saved values (the caller reloads the page). */
  reset(): void;
  setDrawerOpen(open: boolean): void;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The preferences store. */
export const usePreferencesStore = create<PreferencesStore>((set, get) => ({
  prefs: defaultPreferences(),
  defaults: defaultPreferences(),
  owner: '',
  superAdmin: false,
  drawerOpen: false,
  load: (owner, superAdmin) => {
    // Unchanged state, so that components reading it do not draw again (a layout's mount loads them too).
    if (get().owner === owner && get().superAdmin === superAdmin) return;
    const defaults = defaultPreferences(superAdmin);
    const prefs = parsePreferences(storage()?.getItem(preferencesKey(owner)), defaults);
    set({ owner, superAdmin, defaults, prefs });
  },
  update: (patch) => set({ prefs: { ...get().prefs, ...patch } }),
  save: () => {
    const { owner, prefs, defaults } = get();
    const store = storage();
    if (store && owner) savePreferences(store, owner, prefs, defaults);
  },
  reset: () => {
    const { owner, defaults } = get();
    const store = storage();
    if (store && owner) clearPreferences(store, owner);
    set({ prefs: defaults });
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
