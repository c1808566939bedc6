import { MENU_PAGES } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import enUS from '../src/locales/en-US';
import { workAreaOf } from '../src/pages/placeholder/page-work';

describe('placeholder pages', () => {
  it('describe every menu page that has a path and is not built yet', () => {
    const built = new Set(['home', 'personalCenter', 'authDemo']);
    const missing = MENU_PAGES.filter((p) => p.path && !built.has(p.key)).filter(
      (p) => !(p.key in enUS.placeholder.pages),
    );
    expect(missing.map((p) => p.key)).toEqual([]);
    expect(workAreaOf('terminalSync')).toBe('terminals');
    expect(workAreaOf('unknown')).toBe('system');
  });
});
