import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  {
    cookie: 'US',
    title: 'Common problem management',
    saved: 'The common problem was saved',
    help: 'Help / common problems',
    question: 'How do I add a terminal?',
    answer: 'Open terminal management and press Create.',
  },
  {
    cookie: 'CN',
    title: '常见问题管理',
    saved: '常见问题已保存',
    help: '帮助 / 常见问题',
    question: '如何添加终端？',
    answer: '打开终端管理并点击新增。',
  },
] as const;

describe('common problem management page and help drawer', () => {
  const suite = adminSuite({
    // A withdrawn entry of each language: it must never show in the help drawer.
    seed: async (s) => {
      for (const language of ['US', 'CN']) {
        await s.api('/a/api/faq/save', {
          language,
          question: `Hidden draft ${language}`,
          answer: 'Not published',
          published: false,
        });
      }
    },
  });

  for (const lang of LANGUAGES) {
    it(`creates an entry that the help drawer then shows (${lang.cookie})`, async () => {
      const { context, page, errors } = await openSignedInPage(suite, {
        language: lang.cookie,
        path: '/sys/faq',
      });
      await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);

      // Create: the language defaults to the console's.
      await page.click('[data-testid=faq-create]');
      await page.fill('#faq_question', lang.question);
      await page.fill('#faq_answer', lang.answer);
      await page.click('#faq-save');
      await expectMessage(page, lang.saved);
      const { list } = await suite.api<{ list: { question: string; published: boolean }[] }>(
        `/a/api/faq/list?language=${lang.cookie}&published=1`,
      );
      expect(list.map((e) => e.question)).toEqual([lang.question]);

      // Search the table by part of the question.
      await page.fill('#faqSearch_keyword', lang.question.slice(0, 4));
      await page.click('[data-testid=faq-search]');
      await page.locator('.ant-table-row', { hasText: lang.question }).waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);

      // The avatar menu opens the help drawer, listing the published entries of this language.
      await page.click('[data-testid=avatar-menu]');
      await page.click(`.ant-dropdown-menu-item:has-text("${lang.help}")`);
      const drawer = page.locator('[data-testid=faq-drawer]');
      await drawer.locator('.ant-drawer-title', { hasText: lang.help }).waitFor();
      const item = drawer.locator('.ant-collapse-item', { hasText: lang.question });
      await item.waitFor();
      await expect.poll(() => drawer.locator('.ant-collapse-item').count()).toBe(1);
      await item.locator('.ant-collapse-header').click();
      await item.locator(`text=${lang.answer}`).waitFor();
      // Searching for something else leaves nothing.
      await drawer.locator('[data-testid=faq-drawer-search] input').fill('zzz-nothing');
      await item.waitFor({ state: 'detached' });

      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    });
  }
});
