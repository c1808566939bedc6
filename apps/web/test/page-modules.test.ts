import { MENU_PAGES } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { FULL_SCREEN_PAGE_MODULES, MENU_PAGE_MODULES } from '../src/router/page-modules';

describe('page modules', () => {
  it('give every menu page with a path its own component (no placeholder is left)', () => {
    const missing = MENU_PAGES.filter((p) => p.path && !MENU_PAGE_MODULES[p.key]).map((p) => p.key);
    expect(missing).toEqual([]);
    const unknown = Object.keys(MENU_PAGE_MODULES).filter((key) => !MENU_PAGES.some((p) => p.key === key));
    expect(unknown).toEqual([]);
  });

  it('give every full-screen page of the spec its component', () => {
    expect(Object.keys(FULL_SCREEN_PAGE_MODULES).sort()).toEqual(
      ['PlanMake', 'inframe', 'programEditor', 'publishSet', 'terminalSelection'].sort(),
    );
  });
});
