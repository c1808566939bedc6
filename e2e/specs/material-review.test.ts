import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { ADMIN, adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const WATCHER = { user: 'walt', password: 'Watcher#2026pass' };

describe('material review page', () => {
  // A user who may see the review list but not decide.
  const suite = adminSuite({
    seed: (s) =>
      createUserWithRole(s.server.url, s.cookie, {
        roleName: 'Review watcher',
        grants: 'home:view,review:view,review:material:view',
        loginName: WATCHER.user,
        name: 'Walt Watcher',
        password: WATCHER.password,
      }),
  });

  const upload = (name: string, bytes: Buffer) =>
    uploadMaterial(suite.server.url, suite.cookie, name, bytes, null);

  const openPage = (language: string, account = ADMIN) =>
    openSignedInPage(suite, { language, viewport: WIDE_VIEWPORT, account, path: '/review/material' });

  it('approves and rejects waiting materials on the review page, the rejection with a required note', async () => {
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const blurry = await upload('e2e-review-blurry.png', makePng(32, 32, [10, 10, 240]));
      const sharp = await upload('e2e-review-sharp.png', makePng(32, 32, [10, 240, 10]));
      const detail = (id: number) =>
        suite.api<{ reviewState: string; reviewNote: string | null }>(`/a/api/material/detail?id=${id}`);
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
      await suite.api('/a/api/material/delete', { ids: [blurry.id, sharp.id] });
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });

  it('lets a user without review:material:review look but not decide', async () => {
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
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
      await suite.api('/a/api/material/delete', { ids: [waiting.id] });
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });
});
