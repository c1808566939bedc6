import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../support/api.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

const OPERATOR = { user: 'percy', password: 'Operat0r#2026', name: 'Percy Permitted' };

describe('an operator sees only permitted pages', () => {
  let page: Page;
  let errors: string[];
  const suite = adminSuite({
    seed: (s) => createOperator(s.server.url, s.cookie, OPERATOR),
  });

  beforeAll(async () => {
    ({ page, errors } = await openSignedInPage(suite, {
      language: 'US',
      viewport: { width: 1280, height: 800 },
      account: OPERATOR,
    }));
  });

  it('shows content and terminal menus but no system management and no settings drawer', async () => {
    const menu = (await page.textContent('[data-testid=side-menu]')) ?? '';
    expect(menu).toContain('Content management');
    expect(menu).toContain('Terminal monitor');
    expect(menu).not.toContain('System management');
    expect(menu).not.toContain('Content review');
    await expect(page.locator('[data-testid=settings-button]').count()).resolves.toBe(0);
  });

  it('warns and goes to /403 when the operator opens a page they may not see', async () => {
    await page.goto(`${suite.server.url}/sys/user/`);
    await page.waitForURL('**/403');
    await page.waitForSelector(
      'text=sorry, you have no permission to visit the page /sys/user/, please contact the administrator',
    );
  });

  it('refuses the API call behind that page too', async () => {
    const status = await page.evaluate(() =>
      fetch('/apm-web/a/api/user/usereList', { credentials: 'include' }).then((r) => r.status),
    );
    expect(status).toBe(403);
  });

  it('logged no errors in the browser console apart from the refused call', () => {
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
  });
});
