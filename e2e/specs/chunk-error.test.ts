import { describe, expect, it } from 'vitest';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** The dictionary page's own chunk: made to fail as if a deploy had replaced it. */
const DICTIONARY_CHUNK = /\/assets\/DictionaryPage-[\w-]+\.js$/;
const PAGE_ERROR = '[data-testid=route-error][data-scope=page]';

describe('a page chunk that fails to load', () => {
  const suite = adminSuite({ apiSignIn: false });

  it('shows its error in the content area, keeps the shell, and reloads by itself once', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      waitFor: '[data-testid=side-menu]',
    });
    let chunkFailures = 0;
    await page.route(DICTIONARY_CHUNK, (route) => {
      chunkFailures += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documentLoads.push(new URL(request.url()).pathname);
      }
    });

    // Within the signed-in console, as a user would get there after a deploy.
    await page.click('[data-testid=side-menu] .ant-menu-submenu-title >> text=System management');
    await page.click('[data-testid=side-menu] .ant-menu-item >> text=Dictionary management');

    // The page reloads itself once, fails again, and then shows the error (no second reload).
    await page.waitForSelector(PAGE_ERROR);
    await expect.poll(() => documentLoads).toEqual(['/sys/dict']);
    await page.waitForLoadState('load');
    await page.waitForSelector(PAGE_ERROR);
    await page.waitForTimeout(1500);
    expect(documentLoads).toEqual(['/sys/dict']);
    // Two attempts, one per document load; each may fetch the chunk twice (its modulepreload link
    // and the import, which Chromium merges only while the preload is still in flight).
    expect(chunkFailures).toBeGreaterThanOrEqual(2);
    expect(chunkFailures).toBeLessThanOrEqual(4);

    // The shell stays around the error: header, menu; the whole-window error is not shown.
    await expect(page.locator('[data-testid=side-menu]').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-testid=avatar-menu]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=route-error][data-scope=app]').count()).resolves.toBe(0);
    const error = page.locator(PAGE_ERROR);
    await expect(error.textContent()).resolves.toContain('Part of the application could not be loaded');
    await expect(page.locator('[data-testid=page-content]').locator(PAGE_ERROR).count()).resolves.toBe(1);

    // Another page still opens from the menu, and Reload brings the page once the chunk is there.
    await page.click('[data-testid=side-menu] .ant-menu-item >> text=Common problem management');
    await page.waitForFunction(() => document.title === 'Admin | Common problem management');
    await expect(page.locator(PAGE_ERROR).count()).resolves.toBe(0);
    await page.goBack();
    await page.waitForSelector(PAGE_ERROR);
    await page.unroute(DICTIONARY_CHUNK);
    await page.click('[data-testid=route-error-reload]');
    await page.waitForFunction(() => document.title === 'Admin | Dictionary management');
    await page.waitForSelector('[data-testid=page-content]');
    await expect(page.locator(PAGE_ERROR).count()).resolves.toBe(0);
    await expect.poll(() => documentLoads).toEqual(['/sys/dict', '/sys/dict']);

    // Only the refused chunk shows in the console: no error of the console's own.
    const unexpected = errors.filter((e) => !/404|dynamically imported module|DictionaryPage/.test(e));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    await context.close();
  });
});
