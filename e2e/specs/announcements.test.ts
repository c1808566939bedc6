import { afterAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** What the page shows in Chinese, the language the flow runs in. */
const CHINESE = { cookie: 'CN', title: '公告管理', saved: '公告已保存', showing: '正在显示' } as const;

describe('announcement management page', () => {
  const suite = adminSuite();
  // The popup would show to every user of the shared server after this spec.
  afterAll(() => suite.api('/a/api/sysSetting/announcementManagerSave', { colseTipOn: '0' }));

  // The flow in Chinese, where an untranslated string would show; the page in English is the next test's.
  const lang = CHINESE;

  it(`saves an announcement in two languages that pops up for a user after sign-in (${lang.cookie})`, async () => {
    // No popup from an earlier run covers the editor; no languages left from it either.
    await suite.api('/a/api/sysSetting/announcementManagerSave', { colseTipOn: '0' });
    const { page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sys/sysSetting/announcementManager',
      // The saved announcement comes late: what is typed meanwhile would be lost when it fills the form, so
      // the form takes no input until then.
      beforeOpen: (opening) =>
        opening.route('**/a/api/sysSetting/announcement?*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        }),
    });
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    // The user's own language is the tab ready to write in; Italian is added beside it.
    await page.waitForSelector(`#announcement_texts_${lang.cookie}_title`);

    const title = `维护通知 ${lang.cookie}`;
    const content = `今晚维护 ${lang.cookie}`;
    await page.fill(`#announcement_texts_${lang.cookie}_title`, title);
    await page.fill(`#announcement_texts_${lang.cookie}_content`, content);
    await page.click('[data-testid=announcement-languages-add]');
    await page.click('.ant-dropdown-menu-item:has-text("Italiano")');
    await page.fill('#announcement_texts_IT_title', `Manutenzione ${lang.cookie}`);
    await page.fill('#announcement_texts_IT_content', `Stasera ${lang.cookie}`);
    if ((await page.getAttribute('#announcement_colseTipOn', 'aria-checked')) !== 'true') {
      await page.click('#announcement_colseTipOn');
    }
    await page.click('[data-testid=announcement-save]');
    await expectMessage(page, lang.saved);
    await page.locator(`[data-testid=announcement-status]:has-text("${lang.showing}")`).waitFor();
    const saved = await suite.api<{ texts: Record<string, { title: string }>; colseTipOn: string }>(
      '/a/api/sysSetting/announcement?getType=1',
    );
    expect(saved).toMatchObject({ colseTipOn: '1' });
    expect(saved.texts[lang.cookie]!.title).toBe(title);
    expect(saved.texts.IT!.title).toBe(`Manutenzione ${lang.cookie}`);
    // The spec's fields still carry Chinese and English.
    expect(saved).toMatchObject({ announcementTitleCh: title });

    // The preview shows the popup as users will see it, in the user's language first.
    await page.click('[data-testid=announcement-preview-open]');
    // (The test id sits on the modal's root wrapper, which has no box of its own.)
    const preview = page.locator('.ant-modal:has(.ant-segmented)', { hasText: title });
    await preview.waitFor();
    await preview.locator('.ant-segmented-item:has-text("Italiano")').click();
    await page.locator('.ant-modal:has(.ant-segmented)', { hasText: `Stasera ${lang.cookie}` }).waitFor();
    await page.locator('.ant-modal:has(.ant-segmented) .ant-modal-close').click();

    // A user signing in afresh sees the popup in their language, with no language mark.
    const { page: userPage, errors: userErrors } = await openSignedInPage(suite, { language: lang.cookie });
    const shown = userPage.locator('.ant-modal', { hasText: title });
    await shown.waitFor();
    await expect(shown.textContent()).resolves.toContain(content);
    expect(await shown.locator('[data-testid=language-mark]').count()).toBe(0);

    expect(errors).toEqual([]);
    expect(userErrors).toEqual([]);
    await page.context().close();
    await userPage.context().close();
  });

  it('saves an Italian-only announcement that a Russian user sees in Italian, marked as such', async () => {
    await suite.api('/a/api/sysSetting/announcementManagerSave', { colseTipOn: '0' });
    const { page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/sys/sysSetting/announcementManager',
      waitFor: '#announcement_texts_US_title',
    });
    await page.click('[data-testid=announcement-languages-add]');
    await page.click('.ant-dropdown-menu-item:has-text("Italiano")');
    await page.click('[data-testid=announcement-languages] .ant-tabs-tab[data-node-key=US]');
    await page.click('[data-testid=announcement-languages-remove-US]');
    await page.locator('#announcement_texts_US_title').waitFor({ state: 'detached' });
    await page.click('#announcement_colseTipOn');
    // A popup needs a title and a content in each of its languages: the missing content is named.
    await page.fill('#announcement_texts_IT_title', 'Solo italiano');
    await page.click('[data-testid=announcement-save]');
    await page.locator('.ant-form-item-has-error #announcement_texts_IT_content').waitFor();
    await page.fill('#announcement_texts_IT_content', 'Manutenzione stasera alle 22');
    await page.click('[data-testid=announcement-save]');
    await expectMessage(page, 'Announcement saved');
    const served = await suite.api<{ language: string; title: string; texts: object }>(
      '/a/api/sysSetting/announcement?getType=1&language=RU',
    );
    expect(served).toEqual(
      expect.objectContaining({ language: 'IT', title: 'Solo italiano', texts: { IT: expect.any(Object) } }),
    );

    const { page: userPage, errors: userErrors } = await openSignedInPage(suite, { language: 'RU' });
    const shown = userPage.locator('.ant-modal', { hasText: 'Solo italiano' });
    await shown.waitFor();
    await shown.locator('[data-testid=language-mark][data-language=IT]').waitFor();
    await expect(shown.textContent()).resolves.toContain('Manutenzione stasera alle 22');

    expect(errors).toEqual([]);
    expect(userErrors).toEqual([]);
    await page.context().close();
    await userPage.context().close();
  });
});
