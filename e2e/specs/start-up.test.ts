import { describe, expect, it } from 'vitest';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** The shell's own chunk, held back to see what start-up asks for while it is missing. */
const SHELL_CHUNK = /\/assets\/ShellLayout-[\w-]+\.js$/;

describe('console start-up', () => {
  const suite = adminSuite({ apiSignIn: false });

  it('asks for the user while the shell chunk still loads, not after it', async () => {
    const { context, page } = await openSignedInPage(suite, {
      language: 'US',
      waitFor: '[data-testid=side-menu]',
    });
    let shellArrived = false;
    let userAskedBeforeShell: boolean | undefined;
    await page.route(SHELL_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      shellArrived = true;
      await route.continue();
    });
    page.on('request', (request) => {
      if (request.url().includes('/apm-web/a/api/user/getUserInfo')) userAskedBeforeShell ??= !shellArrived;
    });
    await page.goto(`${suite.server.url}/home`);
    await page.waitForSelector('[data-testid=side-menu]');
    expect(userAskedBeforeShell).toBe(true);
    await context.close();
  });

  it("builds no component CSS in the browser: antd's styles come from its stylesheet, the theme as CSS variables", async () => {
    const { context, page } = await openSignedInPage(suite, {
      language: 'US',
      path: '/resManage/myRes',
      waitFor: '[data-testid=side-menu]',
    });
    // The filter bar is there with or without materials (the shared server's other specs upload some).
    await page.waitForSelector('[data-testid=material-filter-kind]');
    const generated = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style[data-css-hash]'))
        .map((s) => s.textContent ?? '')
        .filter((css) => css.trim() && !/^\.css-var-[\w-]+/.test(css.trim()))
        .map((css) => css.slice(0, 80)),
    );
    expect(generated).toEqual([]);
    // The palette colour still reaches the components, through the variables.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.querySelector('.ant-btn')!).getPropertyValue('--ant-color-primary').trim(),
    );
    expect(primary).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });
});
