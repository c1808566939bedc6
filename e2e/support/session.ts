import type { Page } from 'playwright-core';
import { recordMessages } from './antd.js';

/**
 * Signs in through the login page (fields are encrypted by the page) and waits for the home page;
 * the page's toast messages are recorded from then on (`expectMessage`). The page asks for reduced
 * motion, as a user can: dialogs, drawers and menus then open at once, so a click cannot land in
 * an opening animation (on a busy machine such clicks were lost).
 */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await recordMessages(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${baseUrl}/login`);
  await page.fill('#login_username', username);
  await page.fill('#login_password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForURL('**/home');
}

/** Collects browser console errors and page errors. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
