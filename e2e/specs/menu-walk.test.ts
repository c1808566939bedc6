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

/** Clicks each leaf of a menu in turn; answers the titles of the pages reached. */
async function walkMenu(page: Page, menu: string): Promise<string[]> {
  await openAllSubmenus(page, menu);
  const items = page.locator(`${menu} .ant-menu-item`);
  const count = await items.count();
  const titles: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await openAllSubmenus(page, menu);
    const item = items.nth(i);
    const label = await menuLabel(item);
    await item.click();
    await page.waitForFunction((name) => document.title === `Admin | ${name}`, label, { timeout: 15_000 });
    await page.waitForSelector('[data-testid=page-content]');
    // A page of the menu is never the not-found or error page.
    expect(await page.locator('[data-testid=page-content] .ant-result-404').count(), label).toBe(0);
    expect(await page.locator('[data-testid=route-error]').count(), label).toBe(0);
    titles.push(await page.title());
  }
  return titles;
}

describe('every menu entry, at desktop and phone widths', () => {
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

  it('opens every page of the side menu with its own title', async () => {
    await page.waitForSelector('[data-testid=side-menu]');
    const titles = await walkMenu(page, '[data-testid=side-menu]');
    // The super administrator sees every menu page of spec section 2 that has a path.
    expect(titles.length).toBeGreaterThanOrEqual(30);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('opens every page from the menu drawer at phone width, without sideways scrolling', async () => {
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
