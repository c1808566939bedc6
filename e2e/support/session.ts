import type { BrowserContext, Page } from 'playwright-core';
import { recordMessages } from './antd.js';
import { apiSignIn } from './api.js';

/**
 * Readies a console page before it loads anything: its toast messages are recorded from then on
 * (`expectMessage`), and it asks for reduced motion, as a user can: dialogs, drawers and menus then
 * open at once, so a click cannot land in an opening animation (on a busy machine such clicks were lost).
 */
export async function prepareConsolePage(page: Page): Promise<void> {
  await recordMessages(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * Signs in through the login page (fields are encrypted by the page) and waits for the home page;
 * the page is readied first ({@link prepareConsolePage}). For the tests of signing in itself: the
 * others give the context a session made through the API ({@link addSession}), which is quicker.
 */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await prepareConsolePage(page);
  await page.goto(`${baseUrl}/login`);
  await page.fill('#login_username', username);
  await page.fill('#login_password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForURL('**/home');
}

/**
 * Signs the user in through the API ({@link apiSignIn}: a session of its own) and gives the browser
 * context its session cookie, as the login page's sign-in would: pages the context opens then are
 * signed in. The console keeps nothing else of a sign-in; it asks the server who is signed in on start.
 */
export async function addSession(
  context: BrowserContext,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  const cookie = await apiSignIn(baseUrl, username, password);
  const at = cookie.indexOf('=');
  await context.addCookies([
    {
      name: cookie.slice(0, at),
      value: cookie.slice(at + 1),
      // By URL, not domain: a host-only cookie, the same one the server's Set-Cookie renews and clears on sign-out
      // (a domain cookie would be a second one that outlives the sign-out with a dead session).
      url: `${new URL(baseUrl).origin}/`,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/** Collects browser console errors and page errors (a failed resource with its URL, to tell which call failed). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    errors.push(
      msg.text().startsWith('Failed to load resource') && url ? `${msg.text()}: ${url}` : msg.text(),
    );
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
