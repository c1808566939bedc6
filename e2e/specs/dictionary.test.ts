import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

const CODES = ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'] as const;

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'Dictionary management' },
  { cookie: 'CN', title: '字典管理', saved: '字典项已保存', deleted: '已删除', yes: '是' },
] as const;

interface DictRow {
  id: number;
  type: string;
  value: string;
  labels: Record<string, string>;
}

describe('dictionary management page', () => {
  const suite = adminSuite();

  const entriesOf = async (type: string) =>
    (await suite.api<{ list: DictRow[] }>(`/a/api/dict/list?type=${type}`)).list;

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, { language: english.cookie, path: '/sys/dict', texts: [english.title] }));

  it(`creates, edits, searches and deletes an entry (${lang.cookie})`, async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sys/dict',
    });
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);

    // Create an entry with a label in each of the seven languages.
    const type = `e2e${lang.cookie}`;
    await page.click('[data-testid=dict-create]');
    await page.fill('#dict_type', type);
    await page.fill('#dict_value', 'first');
    for (const code of CODES) await page.fill(`#dict_labels_${code}`, `First ${code} ${lang.cookie}`);
    await page.click('#dict-save');
    await expectMessage(page, lang.saved);
    const [created] = await entriesOf(type);
    expect(created).toMatchObject({ value: 'first', labels: { US: `First US ${lang.cookie}` } });

    // The type list shows the new type; choosing it filters the table.
    await page.click(`[data-testid=dict-types] .ant-menu-item:has-text("${type}")`);
    const row = page.locator('.ant-table-row', { hasText: 'first' });
    await row.waitFor();
    // The label column shows the label of the console language.
    await row.locator(`text=First ${lang.cookie} ${lang.cookie}`).waitFor();

    // Edit the English label (Enter submits).
    await row.locator('[data-testid=dict-edit]').click();
    await page.fill('#dict_labels_US', `Edited ${lang.cookie}`);
    await page.press('#dict_labels_US', 'Enter');
    await expectMessage(page, lang.saved);
    expect((await entriesOf(type))[0]!.labels.US).toBe(`Edited ${lang.cookie}`);

    // Search by a label finds it; a search for nothing empties the table.
    await page.fill('#dictSearch_keyword', `Edited ${lang.cookie}`);
    await page.click('[data-testid=dict-search]');
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.fill('#dictSearch_keyword', 'no-such-entry');
    await page.press('#dictSearch_keyword', 'Enter');
    await row.waitFor({ state: 'detached' });
    await page.fill('#dictSearch_keyword', '');
    await page.press('#dictSearch_keyword', 'Enter');
    await row.waitFor();

    // Delete with confirmation.
    await row.locator('[data-testid=dict-delete]').click();
    await page.click(`.ant-popconfirm-buttons .ant-btn-primary:has-text("${lang.yes}")`);
    await expectMessage(page, lang.deleted);
    await row.waitFor({ state: 'detached' });
    expect(await entriesOf(type)).toEqual([]);

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
