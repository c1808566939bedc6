import { describe, expect, it } from 'vitest';
import {
  EMPTY_TABS,
  SAVED_TABS_KEY,
  canClose,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  deserializeTabs,
  markRefresh,
  openTab,
  serializeTabs,
  takeSavedTabs,
  toggleLock,
  type TabsState,
} from '../src/layouts/tabs/tab-logic';

const open = (...urls: string[]): TabsState => urls.reduce(openTab, EMPTY_TABS);
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('tab logic', () => {
  it('opens a tab per pathname and re-activates an existing one with its new search', () => {
    const s = open('/home', '/sys/user?pageNo=2', '/sys/role');
    expect(keys(s)).toEqual(['/home', '/sys/user', '/sys/role']);
    expect(s.active).toBe('/sys/role');
    const again = openTab(s, '/sys/user?pageNo=3');
    expect(keys(again)).toEqual(['/home', '/sys/user', '/sys/role']);
    expect(again.active).toBe('/sys/user');
    expect(again.tabs[1]?.url).toBe('/sys/user?pageNo=3');
    expect(s.tabs[1]?.url).toBe('/sys/user?pageNo=2');
    expect(openTab(again, '/sys/user?pageNo=3')).toBe(again);
  });

  it('closes a tab and activates the right neighbour, else the left', () => {
    const s = openTab(open('/a', '/b', '/c'), '/b');
    const r = closeTab(s, '/b');
    expect(r.refused).toBeUndefined();
    expect(keys(r.state)).toEqual(['/a', '/c']);
    expect(r.state.active).toBe('/c');
    expect(closeTab(open('/a', '/b', '/c'), '/c').state.active).toBe('/b');
    // Closing an inactive tab keeps the active one.
    expect(closeTab(open('/a', '/b', '/c'), '/a').state.active).toBe('/c');
  });

  it('refuses to close the last tab and a locked tab', () => {
    const one = open('/home');
    expect(closeTab(one, '/home')).toEqual({ state: one, refused: 'last' });
    const locked = toggleLock(open('/a', '/b'), '/a');
    expect(closeTab(locked, '/a').refused).toBe('locked');
    expect(canClose(locked, '/a')).toBe(false);
    expect(canClose(locked, '/b')).toBe(true);
    expect(canClose(one, '/home')).toBe(false);
    expect(closeTab(one, '/nope').state).toBe(one);
  });

  it('closes left, right and others, sparing locked tabs', () => {
    const s = toggleLock(open('/a', '/b', '/c', '/d', '/e'), '/a');
    const left = closeLeft(s, '/c');
    expect(keys(left)).toEqual(['/a', '/c', '/d', '/e']);
    expect(left.active).toBe('/e');
    const right = closeRight(s, '/c');
    expect(keys(right)).toEqual(['/a', '/b', '/c']);
    expect(right.active).toBe('/c');
    const others = closeOthers(s, '/d');
    expect(keys(others)).toEqual(['/a', '/d']);
    expect(others.active).toBe('/d');
    expect(closeLeft(s, '/a')).toBe(s);
    expect(closeRight(s, '/missing')).toBe(s);
  });

  it('makes the chosen tab active when close others keeps only locked tabs active', () => {
    const s = openTab(toggleLock(open('/a', '/b'), '/a'), '/a');
    expect(closeOthers(s, '/b').active).toBe('/b');
  });

  it('toggles the lock and bumps the refresh marker', () => {
    const s = open('/a');
    expect(toggleLock(s, '/a').tabs[0]?.locked).toBe(true);
    expect(toggleLock(toggleLock(s, '/a'), '/a').tabs[0]?.locked).toBe(false);
    expect(markRefresh(markRefresh(s)).refreshSeq).toBe(2);
  });

  it('serialises for one owner and restores only for that owner, dropping bad entries', () => {
    const s = toggleLock(openTab(open('/home', '/sys/user?x=1'), '/home'), '/sys/user');
    const raw = serializeTabs(s, '7');
    expect(deserializeTabs(raw, '8')).toBeNull();
    const back = deserializeTabs(raw, '7');
    expect(back).toEqual({ tabs: s.tabs, active: '/home', refreshSeq: 0 });
    expect(deserializeTabs('not json', '7')).toBeNull();
    expect(deserializeTabs(null, '7')).toBeNull();
    const hostile = JSON.stringify({
      v: 1,
      owner: '7',
      active: '//evil',
      tabs: [
        { key: '//evil', url: '//evil' },
        { key: 'https://x', url: 'https://x' },
        { key: '/ok', url: '/elsewhere' },
        { key: '/home', url: '/home?a=1' },
        { key: '/home', url: '/home' },
        7,
      ],
    });
    expect(deserializeTabs(hostile, '7')).toEqual({
      tabs: [{ key: '/home', url: '/home?a=1' }],
      active: '/home',
      refreshSeq: 0,
    });
  });

  it('restores saved tabs once', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    storage.setItem(SAVED_TABS_KEY, serializeTabs(open('/a', '/b'), 'u'));
    expect(keys(takeSavedTabs(storage, 'u')!)).toEqual(['/a', '/b']);
    expect(takeSavedTabs(storage, 'u')).toBeNull();
  });
});
