import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServerProcess, type ServerProcess } from '../support/server.js';
import { sharedBrowser } from '../support/shared.js';

const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
const ADMIN = { org: 'Acme Signage', user: 'owner', name: 'Olivia Owner', password: 'Str0ng#Pass2026' };

describe('first start: initialise, then sign in with encryption', () => {
  let server: ServerProcess;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // A server of its own: a fresh system, not initialised yet (the worker's Chromium all the same).
    server = await startServerProcess();
    // A French browser: initialisation offers French as the default language.
    page = await (await sharedBrowser()).newPage({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => consoleErrors.push(err.message));
  });

  afterAll(async () => {
    await page?.context().close();
    await server?.stop();
  });

  it('sends a fresh system to the initialisation page and creates the administrator', async () => {
    await page.goto(server.url);
    await page.waitForURL('**/sysInit');
    // The start-up output ends with the initialisation address and its one-time setup token; without it the
    // call is refused.
    const lastLine = server.output().trimEnd().split('\n').at(-1)!.trim();
    expect(lastLine).toMatch(/^http:\/\/localhost:\d+\/sysInit\?token=[\w-]{24}$/);
    const refused = await fetch(`${server.url}/apm-web/f/common/sysInit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ officeName: 'Intruder', username: 'x', password: 'y' }),
    });
    expect(refused.status).toBe(403);
    await page.goto(lastLine);
    // The default language is pre-selected from the browser's.
    await expect(page.locator('form#sysInit .ant-select').innerText()).resolves.toContain('Français');
    await page.fill('#sysInit_officeName', ADMIN.org);
    await page.fill('#sysInit_username', ADMIN.user);
    await page.fill('#sysInit_name', ADMIN.name);
    await page.fill('#sysInit_password', ADMIN.password);
    await page.fill('#sysInit_confirm', ADMIN.password);
    await page.screenshot({ path: path.join(ARTIFACTS, 'sys-init.png') });
    await page.click('form#sysInit button[type=submit]');
    await page.waitForURL('**/login');
    const init = await fetch(`${server.url}/apm-web/f/common/isSysInit`).then(
      (r) => r.json() as Promise<{ data: number }>,
    );
    expect(init.data).toBe(1);
    const brand = await fetch(`${server.url}/apm-web/a/api/customer/imgSetting`).then(
      (r) => r.json() as Promise<{ data: { defaultLanguage: string } }>,
    );
    expect(brand.data.defaultLanguage).toBe('FR');
  });

  it("switches the sign-in page's language from the keyboard, the focus staying on the switch, with no motion when asked", async () => {
    await page.waitForURL('**/login');
    // A user whose system asks for less motion: antd's menu opens at once there too, as in the console.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => {
      const flags = window as unknown as { menuAnimated?: boolean };
      new MutationObserver(() => {
        flags.menuAnimated ||= document.querySelector('.ant-dropdown[class*="-appear-active"]') !== null;
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    const heading = page.locator('h1');
    const before = await heading.textContent();
    const button = page.getByTestId('language-switch');
    const box = await button.boundingBox();
    await button.focus();
    // The menu and antd load on this first use; the switch stays where it was, with the focus.
    await page.keyboard.press('Enter');
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await menu.first().waitFor();
    expect(await menu.allTextContents()).toHaveLength(7);
    expect(await page.evaluate(() => (window as unknown as { menuAnimated?: boolean }).menuAnimated)).toBe(
      false,
    );
    expect(await button.boundingBox()).toEqual(box);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('language-switch');
    await menu.filter({ hasText: 'English' }).click();
    await expect.poll(() => heading.textContent()).toBe('Sign in');
    expect(before).not.toBe('Sign in');
  });

  it('signs in with the user name and password encrypted, and shows the signed-in user', async () => {
    await page.fill('#login_username', ADMIN.user);
    await page.fill('#login_password', ADMIN.password);
    const loginRequest = page.waitForRequest(
      (r) => r.url().endsWith('/apm-web/a/login') && r.method() === 'POST',
    );
    await page.click('[data-testid=login-submit]');
    const body = new URLSearchParams((await loginRequest).postData() ?? '');
    expect(body.get('username')).not.toBe(ADMIN.user);
    expect(body.get('password')).not.toContain(ADMIN.password);
    expect(Buffer.from(body.get('password') ?? '', 'base64')).toHaveLength(256);

    await page.waitForURL('**/home');
    await expect(page.textContent('[data-testid=signed-in-user]')).resolves.toBe(ADMIN.name);
    await page.screenshot({ path: path.join(ARTIFACTS, 'signed-in.png') });
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'Authorization');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('logged no errors in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
