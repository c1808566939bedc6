import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { startServerProcess, type ServerProcess } from '../support/server.js';

/** The budget of the issue: JavaScript the sign-in page loads, gzipped. */
const LIMIT_BYTES = 350 * 1024;
const LANGUAGES = ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'] as const;

describe('sign-in page weight', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServerProcess({ APM_ADMIN_USER: 'admin', APM_ADMIN_PASSWORD: 'Admin#2026pass' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(LANGUAGES)('loads at most 350 KB of gzipped JavaScript in %s', async (language) => {
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'language', value: language, domain: new URL(server.url).hostname, path: '/' },
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
    await page.goto(`${server.url}/login`);
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
    expect(total).toBeLessThanOrEqual(LIMIT_BYTES);
    await context.close();
  });
});
