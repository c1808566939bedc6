import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import { startServerProcess, type ServerProcess } from '../support/server.js';
import { collectErrors } from '../support/session.js';

const ADMIN = { user: 'admin', password: 'Admin#2026pass' };

describe('brand chosen by host name on the sign-in page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let port: string;
  const errors: string[][] = [];

  beforeAll(async () => {
    server = await startServerProcess({ APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password });
    port = new URL(server.url).port;
    const cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    await apiCall(server.url, cookie, '/a/api/sysSetting/save', {
      key: 'brandHosts',
      value: { '127.0.0.1': 'second' },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the sign-in page on a host and waits until the brand it answered is shown. */
  const openLogin = async (host: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    errors.push(collectErrors(page));
    const brand = page.waitForResponse((r) => r.url().includes('/apm-web/a/api/customer/imgSetting'));
    await page.goto(`http://${host}:${port}/login`);
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
