import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adminSuite } from '../support/suite.js';

/** The budget of the issue: JavaScript the sign-in page loads, gzipped (it loaded ≈ 345 KB in 47 files before). */
const LIMIT_BYTES = 200 * 1024;
const LANGUAGES = ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'] as const;

describe('sign-in page weight', () => {
  const suite = adminSuite({ apiSignIn: false });

  it.each(LANGUAGES)('loads at most 200 KB of gzipped JavaScript, and no antd, in %s', async (language) => {
    const context = await suite.browser.newContext();
    await context.addCookies([
      { name: 'language', value: language, domain: new URL(suite.server.url).hostname, path: '/' },
    ]);
    const page = await context.newPage();
    const scripts: Promise<[string, number]>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(
          response
            .body()
            .then((body): [string, number] => [
              new URL(response.url()).pathname,
              gzipSync(body, { level: 9 }).length,
            ]),
        );
      }
    });
    await page.goto(`${suite.server.url}/login`);
    await page.waitForSelector('[data-testid=login-submit]');
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const sizes = files.map(([, size]) => size);
    const total = sizes.reduce((a, b) => a + b, 0);
    const largest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `sign-in JavaScript in ${language}: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files; largest:`,
      largest.map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`).join(', '),
    );
    expect(sizes.length).toBeGreaterThan(1);
    // antd's runtime (its CSS-in-JS) loads after sign-in: the page is drawn with plain CSS.
    await expect(
      page.evaluate(
        () =>
          document.querySelectorAll('style[data-css-hash], style[rc-util-key="@ant-design-icons"]').length,
      ),
    ).resolves.toBe(0);
    expect(total).toBeLessThanOrEqual(LIMIT_BYTES);
    await context.close();
  });
});
