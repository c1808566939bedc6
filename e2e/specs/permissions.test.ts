import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, encryptForServer } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import { startServerProcess, type ServerProcess } from '../support/server.js';
import { collectErrors, signIn } from '../support/session.js';

const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
const OPERATOR = { user: 'olga', password: 'Operat0r#2026' };

describe('an operator sees only permitted pages', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServerProcess({ APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password });
    const cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    const me = await apiCall<{ office: { id: number } }>(server.url, cookie, '/a/api/user/getUserInfo');
    const roles = await apiCall<{ id: number; code: string }[]>(
      server.url,
      cookie,
      '/a/api/user/allRoleList',
    );
    await apiCall(server.url, cookie, '/a/api/user/save', {
      loginName: OPERATOR.user,
      name: 'Olga Operator',
      officeId: me.office.id,
      roleIds: [roles.find((r) => r.code === 'operator')!.id],
      password: await encryptForServer(server.url, OPERATOR.password),
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: 'language', value: 'US', domain: new URL(server.url).hostname, path: '/' },
    ]);
    page = await context.newPage();
    errors = collectErrors(page);
    await signIn(page, server.url, OPERATOR.user, OPERATOR.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
    await page.goto(`${server.url}/sys/user/`);
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
