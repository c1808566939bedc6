import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';
import { useLocalMapTiles } from '../support/map-tiles.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

describe('console shell as a super administrator', () => {
  let page: Page;
  let errors: string[];
  const suite = adminSuite({ apiSignIn: false });
  useLocalMapTiles(suite);

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ page, errors } = await openSignedInPage(suite, {
      language: 'US',
      viewport: { width: 1280, height: 800 },
    }));
  });

  it('shows header, side menu, tab bar, footer with the version, and the English title', async () => {
    await page.waitForSelector('[data-testid=shell-side]');
    await expect(page.textContent('[data-testid=app-version]')).resolves.toBe('V3.8.52');
    const menu = (await page.textContent('[data-testid=side-menu]')) ?? '';
    expect(menu).toContain('System management');
    expect(menu).not.toContain('Personal center');
    expect(await page.title()).toBe('Admin | Home');
    await page.screenshot({ path: path.join(ARTIFACTS, 'shell-side-dark.png') });
  });

  it('opens pages as tabs, refuses to close the last one, and restores tabs after a reload', async () => {
    await page.click('[data-testid=side-menu] >> text=Widget management');
    await page.waitForURL(/\/widget\/list$/);
    await page.waitForFunction(() => document.title === 'Admin | Widget management');
    const tabs = page.locator('[data-testid=tab-bar] [data-testid=open-tab]');
    await expect(tabs.count()).resolves.toBe(2);

    await page.reload();
    await page.waitForSelector('[data-testid=tab-bar]');
    await expect(tabs.count()).resolves.toBe(2);

    // Close the user page's tab, then try to close the last one.
    await tabs.nth(1).locator('[data-testid=tab-close]').click();
    await expect(tabs.count()).resolves.toBe(1);
    await page.waitForURL('**/home');
    await tabs.nth(0).locator('[data-testid=tab-close]').click();
    await page.waitForSelector("text=This is the last page, you can't close it");
    await expect(tabs.count()).resolves.toBe(1);
  });

  it('closes tabs left, right and others, locks one, and refreshes the page', async () => {
    const tabs = page.locator('[data-testid=tab-bar] [data-testid=open-tab]');
    const names = () => page.locator('[data-testid=tab-bar] [data-testid^="tab-/"]').allTextContents();
    for (const path of ['/widget/list', '/customer/center', '/sysManage/terminalMap']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.waitForSelector(`[data-testid="tab-${path}"]`);
    }
    await page.goto(`${suite.server.url}/home`);
    await page.waitForSelector('[data-testid="tab-/sysManage/terminalMap"]');
    await expect(tabs.count()).resolves.toBe(4);
    const menuOn = async (path: string, item: string) => {
      await page.click(`[data-testid="tab-${path}"]`, { button: 'right' });
      const entry = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: item });
      // The context menu keeps moving while it opens; a click event on the entry is what a user's click gives.
      await entry.waitFor();
      await entry.dispatchEvent('click');
      await page.waitForSelector('.ant-dropdown:visible', { state: 'detached' }).catch(() => undefined);
    };

    // Locked, Home survives closing to the left; unlocked, it goes.
    await menuOn('/home', 'Lock tab');
    await menuOn('/customer/center', 'Close tabs to the right');
    await expect.poll(names).toEqual(['Home', 'Widget management', 'Customer center']);
    await menuOn('/customer/center', 'Close tabs to the left');
    // The locked Home tab survives closing to the left.
    await expect.poll(names).toEqual(['Home', 'Customer center']);
    await page.goto(`${suite.server.url}/widget/list`);
    await page.waitForSelector('[data-testid="tab-/widget/list"]');
    await menuOn('/widget/list', 'Close other tabs');
    await expect.poll(names).toEqual(['Home', 'Widget management']);

    // Refresh: the page content is mounted again (after a short loading state).
    await page.click('[data-testid="tab-/widget/list"]');
    const marker = await page.evaluate(() => {
      const node = document.querySelector('[data-testid=page-content]')!;
      node.setAttribute('data-marker', 'before');
      return node.getAttribute('data-marker');
    });
    expect(marker).toBe('before');
    await menuOn('/widget/list', 'Refresh');
    await page.waitForSelector('[data-testid=page-content]:not([data-marker])');

    await menuOn('/home', 'Unlock tab');
    await menuOn('/widget/list', 'Close tabs to the left');
    await expect.poll(names).toEqual(['Widget management']);
    await page.goto(`${suite.server.url}/home`);
  });

  it('applies the head and mix layouts, saves only what differs, and resets after confirming', async () => {
    await page.click('[data-testid=settings-button]');
    await page.click('[data-testid=settings-layout] >> text=Top menu');
    await page.waitForSelector('[data-testid=shell-head]');
    await page.screenshot({ path: path.join(ARTIFACTS, 'shell-head-dark.png') });
    await page.click('[data-testid=settings-mode] >> text=Light');
    await page.screenshot({ path: path.join(ARTIFACTS, 'shell-head-light.png') });
    await page.click('[data-testid=settings-save]');
    const saved = await page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith('apm.preferences.')),
    );
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]![1] as string)).toEqual({ layout: 'head', mode: 'light' });

    await page.reload();
    await page.waitForSelector('[data-testid=shell-head]');
    await page.click('[data-testid=settings-button]');
    await page.click('[data-testid=settings-reset]');
    await page.waitForSelector('text=Are you sure you want to reset the theme?');
    await Promise.all([page.waitForEvent('load'), page.click('.ant-modal-confirm-btns .ant-btn-primary')]);
    await page.waitForSelector('[data-testid=shell-side]');
  });

  it('applies every layout with every theme, the colour and the display switches, live', async () => {
    await page.click('[data-testid=settings-button]');
    const background = (layout: string) =>
      page.evaluate(
        (l) => getComputedStyle(document.querySelector(`[data-testid=shell-${l}]`)!).backgroundColor,
        layout,
      );
    const backgrounds: Record<string, string> = {};
    for (const [layout, label] of [
      ['side', 'Side menu'],
      ['head', 'Top menu'],
      ['mix', 'Mixed'],
    ] as const) {
      await page.click(`[data-testid=settings-layout] >> text=${label}`);
      await page.waitForSelector(`[data-testid=shell-${layout}]`);
      for (const mode of ['Dark', 'Light', 'Night']) {
        await page.click(`[data-testid=settings-mode] >> text=${mode}`);
        await page.waitForTimeout(150);
        backgrounds[mode] = await background(layout);
        await page.screenshot({ path: path.join(ARTIFACTS, `shell-${layout}-${mode.toLowerCase()}.png`) });
      }
    }
    expect(backgrounds.Night).not.toBe(backgrounds.Light);

    const primary = () =>
      page.evaluate(
        () => getComputedStyle(document.querySelector('[data-testid=settings-save]')!).backgroundColor,
      );
    const blue = await primary();
    await page.click('[data-testid=color-purple]');
    await expect.poll(primary).not.toBe(blue);

    await page.click('[data-testid=settings-colorWeak]');
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('apm-color-weak')),
    ).resolves.toBe(true);
    await page.click('[data-testid=settings-multiTab]');
    await page.waitForSelector('[data-testid=tab-bar]', { state: 'detached' });
    const headerPosition = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('[data-testid=shell-header]')!).position);
    expect(await headerPosition()).toBe('sticky');
    await page.click('[data-testid=settings-fixedHeader]');
    await expect.poll(headerPosition).not.toBe('sticky');

    // Nothing was saved: a reload brings the defaults back.
    await page.reload();
    await page.waitForSelector('[data-testid=shell-side]');
    await page.waitForSelector('[data-testid=tab-bar]');
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('apm-color-weak')),
    ).resolves.toBe(false);
  });

  it('applies content width, fixed sidebar, the page animation and hiding the settings button', async () => {
    await page.setViewportSize({ width: 1700, height: 800 });
    const contentWidth = () =>
      page.evaluate(
        () => document.querySelector('[data-testid=page-content]')!.getBoundingClientRect().width,
      );
    expect(await contentWidth()).toBeGreaterThan(1200);
    await page.click('[data-testid=settings-button]');
    await page.click('[data-testid=settings-contentWidth]');
    await page.click('.ant-select-item-option[title=Fixed]');
    await expect.poll(contentWidth).toBeLessThanOrEqual(1200);

    const siderPosition = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('[data-testid=side-menu]')!).position);
    expect(await siderPosition()).toBe('sticky');
    await page.click('[data-testid=settings-fixedSidebar]');
    await expect.poll(siderPosition).toBe('relative');

    // Default animation: light speed from the left; a new effect resets the direction.
    const animation = () => page.getAttribute('[data-testid=page-content]', 'class');
    expect(await animation()).toContain('animate__lightSpeedInLeft');
    await page.click('[data-testid=settings-effect]');
    await page.click('.ant-select-item-option[title=Fade]');
    await page.click('.ant-drawer-close >> visible=true');
    await page.click('[data-testid=side-menu] >> text=Widget management');
    await page.waitForURL(/\/widget\/list$/);
    await expect.poll(animation).toMatch(/animate__fadeIn(\s|$)/);

    await page.click('[data-testid=settings-button]');
    await page.click('[data-testid=settings-hideSettings]');
    await page.click('.ant-drawer-close >> visible=true');
    await page.waitForSelector('[data-testid=settings-button]', { state: 'detached' });
    // The super administrator can still reach the drawer from the avatar menu.
    await page.click('[data-testid=avatar-menu]');
    await page.click('.ant-dropdown-menu >> text=Display settings');
    await page.waitForSelector('[data-testid=settings-drawer]');
    await page.click('.ant-drawer-close >> visible=true');

    // Unsaved: a reload brings back the defaults.
    await page.reload();
    await page.waitForSelector('[data-testid=settings-button]');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('switches the language of menu, title, dates and antd components', async () => {
    await page.goto(`${suite.server.url}/home`);
    // Let the current language's messages finish loading before switching.
    await page.waitForLoadState('networkidle');
    const signedInAt = () => page.textContent('[data-testid=signed-in-at]');
    const englishDate = await signedInAt();
    expect(englishDate).toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d+, \d{4}/);
    await page.click('[data-testid=language-switch]');
    await page.click('.ant-dropdown-menu >> text=简体中文');
    await page.waitForFunction(() => document.title.startsWith('管理后台'));
    const menu = (await page.textContent('[data-testid=side-menu]')) ?? '';
    expect(menu).toContain('系统管理');
    await expect.poll(signedInAt).toMatch(/\d{4}年\d{1,2}月\d{1,2}日星期./);
    // antd's own texts follow too: the confirmation's buttons come from antd's locale.
    await page.click('[data-testid=settings-button]');
    await page.click('[data-testid=settings-reset]');
    // antd spaces two-character Chinese button labels: 取 消.
    await page.click('.ant-modal-confirm-btns button >> text=/^取\\s?消$/');
    await page.click('.ant-drawer-close >> visible=true');
    await page.screenshot({ path: path.join(ARTIFACTS, 'shell-side-cn.png') });
    await page.click('[data-testid=language-switch]');
    await page.click('.ant-dropdown-menu >> text=English');
    await page.waitForFunction(() => document.title.startsWith('Admin'));
  });

  it('stays usable at phone width with the menu in a drawer', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('[data-testid=side-menu]', { state: 'detached' });
    await page.click('[data-testid=menu-toggle]');
    await page.waitForSelector('[data-testid=menu-drawer] >> text=System management');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'shell-phone.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('opens the tab, account and language menus from the keyboard on first use, the focus staying on their buttons', async () => {
    // A new page: the menus mount on their first use, and that is the case under test.
    await page.goto(`${suite.server.url}/home`);
    await page.waitForSelector('[data-testid=avatar-menu]');
    for (const [id, entry] of [
      ['tab-actions', 'Refresh'],
      ['avatar-menu', 'Personal center'],
      // Its menu also loads on this first use: the switch shows in Suspense's fallback, then in the menu.
      ['language-switch', 'Français'],
    ] as const) {
      const button = page.locator(`[data-testid=${id}]`);
      const before = await button.boundingBox();
      await button.focus();
      await page.keyboard.press('Enter');
      await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: entry }).waitFor();
      // The button mounted again inside the menu's trigger, in the same place.
      expect(await button.boundingBox()).toEqual(before);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe(id);
      await page.keyboard.press('Escape');
      await page.waitForSelector('.ant-dropdown:visible', { state: 'detached' });
    }
  });

  it('logged no errors in the browser console', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('sends an expired session to the login-expired page', async () => {
    await page.evaluate(() => fetch('/apm-web/a/logout', { method: 'POST', credentials: 'include' }));
    await page.click('[data-testid=notice-bell]');
    await page.waitForURL('**/logout');
    await page.waitForSelector('[data-testid=login-invalid]');
  });
});
