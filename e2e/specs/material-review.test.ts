import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiCall, apiSignIn, createUserWithRole } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { startServerProcess, type ServerProcess } from '../support/server.js';
import { collectErrors, signIn } from '../support/session.js';

const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
const WATCHER = { user: 'walt', password: 'Watcher#2026pass' };

describe('material review page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    server = await startServerProcess({ APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password });
    cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    const me = await apiCall<{ office: { id: number } }>(server.url, cookie, '/a/api/user/getUserInfo');
    // A user who may see the review list but not decide.
    await createUserWithRole(server.url, cookie, {
      roleName: 'Review watcher',
      grants: 'home:view,review:view,review:material:view',
      loginName: WATCHER.user,
      name: 'Walt Watcher',
      password: WATCHER.password,
      officeId: me.office.id,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const upload = (name: string, bytes: Buffer) => uploadMaterial(server.url, cookie, name, bytes, null);

  const openPage = async (language: string, user = ADMIN) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: 'language', value: language, domain: new URL(server.url).hostname, path: '/' },
    ]);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signIn(page, server.url, user.user, user.password);
    await page.goto(`${server.url}/review/material`);
    return { context, page, errors };
  };

  it('approves and rejects waiting materials on the review page, the rejection with a required note', async () => {
    await apiCall(server.url, cookie, '/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const blurry = await upload('e2e-review-blurry.png', makePng(32, 32, [10, 10, 240]));
      const sharp = await upload('e2e-review-sharp.png', makePng(32, 32, [10, 240, 10]));
      const detail = (id: number) =>
        apiCall<{ reviewState: string; reviewNote: string | null }>(
          server.url,
          cookie,
          `/a/api/material/detail?id=${id}`,
        );
      expect((await detail(blurry.id)).reviewState).toBe('pending');

      const { context, page, errors } = await openPage('US');
      const blurryRow = page.locator('.ant-table-row', { hasText: 'e2e-review-blurry.png' });
      const sharpRow = page.locator('.ant-table-row', { hasText: 'e2e-review-sharp.png' });
      await blurryRow.waitFor();
      await sharpRow.waitFor();

      // The preview shows the picture.
      await blurryRow.locator('[data-testid=review-preview]').click();
      await page.waitForSelector('[data-testid=material-preview-image]');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=material-preview-image]', { state: 'detached' });

      // Rejecting needs a note: without one the dialog stays and names the field.
      await blurryRow.locator('[data-testid=review-reject]').click();
      await page.click('#review-note-ok');
      await page.waitForSelector(
        '.ant-form-item-explain-error:has-text("Please give the reason for the rejection")',
      );
      await page.fill('#review_note', 'Blurry picture');
      await page.click('#review-note-ok');
      await expectMessage(page, '1 material(s) rejected');
      await blurryRow.waitFor({ state: 'detached' });
      expect(await detail(blurry.id)).toMatchObject({
        reviewState: 'rejected',
        reviewNote: 'Blurry picture',
      });

      // Bulk approve of the selected row; the note is optional.
      await sharpRow.locator('.ant-checkbox-input').check();
      await page.click('[data-testid=review-bulk-approve]');
      await page.click('#review-note-ok');
      await expectMessage(page, '1 material(s) approved');
      await sharpRow.waitFor({ state: 'detached' });
      expect((await detail(sharp.id)).reviewState).toBe('approved');

      expect(errors).toEqual([]);
      await context.close();
      await apiCall(server.url, cookie, '/a/api/material/delete', { ids: [blurry.id, sharp.id] });
    } finally {
      await apiCall(server.url, cookie, '/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });

  it('lets a user without review:material:review look but not decide', async () => {
    await apiCall(server.url, cookie, '/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const waiting = await upload('e2e-review-waiting.png', makePng(24, 24, [240, 240, 10]));
      const { context, page, errors } = await openPage('CN', WATCHER);
      const row = page.locator('.ant-table-row', { hasText: 'e2e-review-waiting.png' });
      await row.waitFor();
      await page.waitForSelector('.ant-card-head-title:has-text("素材审核")');
      expect(await row.locator('[data-testid=review-approve]').isDisabled()).toBe(true);
      expect(await row.locator('[data-testid=review-reject]').isDisabled()).toBe(true);
      expect(await page.locator('[data-testid=review-bulk-approve]').isDisabled()).toBe(true);
      // A reviewer without the library's rights still previews what waits for review.
      expect(await row.locator('[data-testid=review-preview-button]').isDisabled()).toBe(false);
      await row.locator('[data-testid=review-preview]').click();
      await page.locator('.ant-modal img').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
      await apiCall(server.url, cookie, '/a/api/material/delete', { ids: [waiting.id] });
    } finally {
      await apiCall(server.url, cookie, '/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });
});
