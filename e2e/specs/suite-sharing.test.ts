import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, adminSuite, openSignedInPage } from '../support/suite.js';

/** The signed-in user as the page's own session sees it. */
const pageUser = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/apm-web/a/api/user/getUserInfo', { credentials: 'include' });
    return {
      status: res.status,
      loginName: ((await res.json()) as { data?: { loginName?: string } }).data?.loginName,
    };
  });

describe('suites sharing the worker server, and pages signed in through the API', () => {
  const first = adminSuite();
  const second = adminSuite({ apiSignIn: false });

  it('gives the suites of a worker one server and one Chromium', () => {
    expect(second.server.url).toBe(first.server.url);
    expect(second.browser).toBe(first.browser);
  });

  it('opens the console signed in with a session of its own, which signing out there leaves the suite', async () => {
    const { context, page, errors } = await openSignedInPage(first, { language: 'US' });
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await pageUser(page)).toEqual({ status: 200, loginName: ADMIN.user });
    await page.evaluate(() => fetch('/apm-web/a/logout', { method: 'POST', credentials: 'include' }));
    expect((await pageUser(page)).status).toBe(401);
    await expect(first.api('/a/api/user/getUserInfo')).resolves.toMatchObject({ loginName: ADMIN.user });
    // The refused call after signing out (401) is the only error the browser may log.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('still signs in through the login page when told to', async () => {
    const { context, page, errors } = await openSignedInPage(second, {
      language: 'US',
      throughLoginPage: true,
      path: '/sys/dict',
      waitFor: '[data-testid=dict-create]',
    });
    expect(await pageUser(page)).toEqual({ status: 200, loginName: ADMIN.user });
    expect(errors).toEqual([]);
    await context.close();
  });
});
