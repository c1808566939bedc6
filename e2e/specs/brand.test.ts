import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { collectErrors } from '../support/session.js';
import { adminSuite } from '../support/suite.js';

describe('brand chosen by host name on the sign-in page', () => {
  const errors: string[][] = [];
  // Brands by host name are the platform's: on the worker's shared server (whose specs open it as localhost)
  // the setting is put back as it was once the suite ends.
  let before: unknown;
  const suite = adminSuite({
    seed: async (s) => {
      before = await s.api('/a/api/sysSetting/getKey?key=brandHosts');
      await s.api('/a/api/sysSetting/save', { key: 'brandHosts', value: { '127.0.0.1': 'second' } });
    },
  });
  afterAll(async () => {
    if (before !== undefined) await suite.api('/a/api/sysSetting/save', { key: 'brandHosts', value: before });
  });

  /** Opens the sign-in page on a host and waits until the brand it answered is shown. */
  const openLogin = async (host: string): Promise<Page> => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    errors.push(collectErrors(page));
    const brand = page.waitForResponse((r) => r.url().includes('/apm-web/a/api/customer/imgSetting'));
    await page.goto(`http://${host}:${new URL(suite.server.url).port}/login`);
    expect((await brand).status()).toBe(200);
    await page.waitForSelector('[data-testid=login-submit]');
    return page;
  };

  it('shows the default brand, with the registration link, on localhost', async () => {
    const page = await openLogin('localhost');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=brand-title]')?.textContent === 'APM',
    );
    await page.waitForSelector('[data-testid=register-link]');
    await page.close();
  });

  it('shows the second brand, without the registration link, on 127.0.0.1', async () => {
    const page = await openLogin('127.0.0.1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=brand-title]')?.textContent === 'Signage Cloud',
    );
    await expect(page.locator('[data-testid=register-link]').count()).resolves.toBe(0);
    await page.close();
  });

  it('logged no errors in the browser console', () => {
    const all = errors.flat();
    expect(all, all.join('\n')).toEqual([]);
  });
});
