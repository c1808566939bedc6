import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { menuLabel } from '../support/menu.js';
import { useLocalMapTiles } from '../support/map-tiles.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** Opens every closed submenu of the side menu (inline mode keeps several open). */
async function openAllSubmenus(page: Page, menu: string): Promise<void> {
  for (;;) {
    const closed = page.locator(
      `${menu} .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title`,
    );
    if ((await closed.count()) === 0) return;
    await closed.first().click();
    await page.waitForTimeout(100);
  }
}

// The desktop side menu's walk is accessibility.test.ts's: it opens and scans every page of it.
describe('every menu entry at phone width, and signing out', () => {
  let page: Page;
  let errors: string[];
  // A server of its own: on the shared one, other specs' terminals raise alarms, and the header's "new
  // alarms" notice covers the phone-width menu button while the pointer rests on it (it stays while hovered).
  const suite = adminSuite({ apiSignIn: false, ownServer: true });
  useLocalMapTiles(suite);

  beforeAll(async () => {
    ({ page, errors } = await openSignedInPage(suite, {
      // Through the form: the last test signs out of this session from the avatar menu.
      throughLoginPage: true,
      language: 'US',
      viewport: { width: 1280, height: 800 },
    }));
  });

  it('opens every page from the menu drawer at phone width, without sideways scrolling', async () => {
    // The shell drawn at desktop width first: until then the side menu is not there to go away, and the
    // toggle could be clicked before the phone layout takes over.
    await page.waitForSelector('[data-testid=side-menu]');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('[data-testid=side-menu]', { state: 'detached' });
    const drawer = '[data-testid=menu-drawer]';
    const items = page.locator(`${drawer} .ant-menu-item`);
    let count = Number.POSITIVE_INFINITY;
    const titles: string[] = [];
    for (let i = 0; i < count; i += 1) {
      await page.click('[data-testid=menu-toggle]');
      await page.waitForSelector(drawer);
      await openAllSubmenus(page, drawer);
      if (count === Number.POSITIVE_INFINITY) count = await items.count();
      const item = items.nth(i);
      const label = await menuLabel(item);
      await item.click();
      await page.waitForFunction((n) => document.title === `Admin | ${n}`, label, { timeout: 15_000 });
      await page.waitForSelector(drawer, { state: 'hidden' });
      await page.waitForSelector('[data-testid=page-content]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, label).toBeLessThanOrEqual(0);
      titles.push(label);
    }
    expect(titles.length).toBeGreaterThanOrEqual(30);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('logged no errors in the browser console', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('signs out from the avatar menu back to the sign-in page', async () => {
    await page.click('[data-testid=avatar-menu]');
    await page.click('.ant-dropdown-menu >> text=Sign out');
    await page.waitForURL(/\/login(\?|$)/);
    // Signed out for real: the shell sends the browser back to sign in, keeping where it wanted to go.
    await page.goto(`${suite.server.url}/home`);
    await page.waitForURL(/\/login\?redirect=%2Fhome$/);
  });
});
