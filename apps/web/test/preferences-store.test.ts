import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../src/layouts/settings/preferences';
import { usePreferencesStore } from '../src/stores/preferences';

describe('preferences store', () => {
  it('loads a user once: loading the same user and role again keeps the state, so nothing draws again', () => {
    const store = usePreferencesStore;
    store.getState().load('7', false);
    const loaded = store.getState();
    expect(loaded.owner).toBe('7');
    expect(loaded.prefs).toEqual(defaultPreferences(false));

    store.getState().load('7', false);
    expect(store.getState()).toBe(loaded);
  });

  it('loads again for another user or another role', () => {
    const store = usePreferencesStore;
    store.getState().load('8', false);
    const first = store.getState();
    store.getState().load('8', true);
    expect(store.getState()).not.toBe(first);
    expect(store.getState().defaults).toEqual(defaultPreferences(true));
    store.getState().load('9', true);
    expect(store.getState().owner).toBe('9');
  });
});
