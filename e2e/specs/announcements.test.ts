import { afterAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

const LANGUAGES = [
  { cookie: 'US', title: 'Announcement management', saved: 'Announcement saved', showing: 'Showing now' },
  { cookie: 'CN', title: '公告管理', saved: '公告已保存', showing: '正在显示' },
] as const;

describe('announcement management page', () => {
  const suite = adminSuite();
  // The popup would show to every user of the shared server after this spec.
  afterAll(() => suite.api('/a/api/sysSetting/announcementManagerSave', { colseTipOn: '0' }));

  for (const lang of LANGUAGES) {
    it(`saves an announcement that pops up for a user after sign-in (${lang.cookie})`, async () => {
      // No popup from an earlier run covers the editor.
      await suite.api('/a/api/sysSetting/announcementManagerSave', { colseTipOn: '0' });
      const { page, errors } = await openSignedInPage(suite, {
        language: lang.cookie,
        path: '/sys/sysSetting/announcementManager',
      });
      await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
      await page.waitForSelector('#announcement_announcementTitleCh');

      const titleCh = `维护通知 ${lang.cookie}`;
      const titleEn = `Maintenance ${lang.cookie}`;
      await page.fill('#announcement_announcementTitleCh', titleCh);
      await page.fill('#announcement_announcementTitleEn', titleEn);
      await page.fill('#announcement_announcementContentCh', `今晚维护 ${lang.cookie}`);
      await page.fill('#announcement_announcementContentEn', `Down tonight ${lang.cookie}`);
      if ((await page.getAttribute('#announcement_colseTipOn', 'aria-checked')) !== 'true') {
        await page.click('#announcement_colseTipOn');
      }
      await page.click('[data-testid=announcement-save]');
      await expectMessage(page, lang.saved);
      await page.locator(`[data-testid=announcement-status]:has-text("${lang.showing}")`).waitFor();
      const saved = await suite.api<{ announcementTitleEn: string; colseTipOn: string }>(
        '/a/api/sysSetting/announcement?getType=1',
      );
      expect(saved).toMatchObject({ announcementTitleEn: titleEn, colseTipOn: '1' });

      // The preview shows the popup as users will see it.
      await page.click('[data-testid=announcement-preview-open]');
      const preview = page.locator('.ant-modal:has(.ant-segmented)', {
        hasText: lang.cookie === 'CN' ? titleCh : titleEn,
      });
      await preview.waitFor();
      await preview.locator('.ant-modal-close').click();

      // A user signing in afresh sees the popup in their language.
      const { page: userPage, errors: userErrors } = await openSignedInPage(suite, { language: lang.cookie });
      const shown = userPage.locator('.ant-modal', { hasText: lang.cookie === 'CN' ? titleCh : titleEn });
      await shown.waitFor();
      await expect(shown.textContent()).resolves.toContain(
        lang.cookie === 'CN' ? `今晚维护 ${lang.cookie}` : `Down tonight ${lang.cookie}`,
      );

      expect(errors).toEqual([]);
      expect(userErrors).toEqual([]);
      await page.context().close();
      await userPage.context().close();
    });
  }
});
