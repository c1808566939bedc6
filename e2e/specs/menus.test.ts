import { afterAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

const CODES = ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'] as const;

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'Menu management' },
  { cookie: 'CN', title: '菜单管理', saved: '菜单已保存', deleted: '菜单已删除' },
] as const;

interface Route {
  key: string;
  path?: string;
  name: Record<string, string>;
}

describe('menu management page', () => {
  // The menu is every user's, but the worker's specs run one after the other: on the shared server, an entry
  // is deleted by its own test (and by the clean-up below should that test fail), so none stays for the next.
  const suite = adminSuite();
  afterAll(async () => {
    const top = await suite.api<{ id: number; key: string }[]>('/a/sys/menu/lists');
    for (const left of top.filter((entry) => entry.key.startsWith('e2eReports'))) {
      await suite.api('/a/sys/menu/delete', { id: left.id });
    }
  });

  const routeOf = async (key: string) => (await suite.api<Route[]>('/routes')).find((r) => r.key === key);

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      path: '/sysManage/menuManage',
      texts: [english.title],
    }));

  it('adds an entry that shows in the side menu, renames it and deletes it', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sysManage/menuManage',
    });
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    await page.waitForSelector('.ant-table-row');

    // Add a top-level entry with a name in each of the seven languages.
    const key = `e2eReports${lang.cookie}`;
    const label = `Reports ${lang.cookie}`;
    await page.click('[data-testid=menu-add-top]');
    await page.fill('#menu-form_key', key);
    await page.fill('#menu-form_path', `e2e/reports-${lang.cookie.toLowerCase()}`);
    for (const code of CODES) await page.fill(`#menu-form_names_${code}`, `${label} ${code}`);
    await page.click('.ant-modal-footer .ant-btn-primary');
    await expectMessage(page, lang.saved);
    expect(await routeOf(key)).toMatchObject({
      path: `e2e/reports-${lang.cookie.toLowerCase()}`,
      name: { US: `${label} US`, KR: `${label} KR` },
    });

    // The console's own side menu shows it in the console language without a reload.
    const sideMenu = page.locator('[data-testid=side-menu]');
    await sideMenu.locator(`text=${label} ${lang.cookie}`).waitFor();

    // Rename it.
    const row = page.locator('.ant-table-row', { hasText: key });
    await row.locator('[data-testid=menu-edit]').click();
    await page.fill(`#menu-form_names_${lang.cookie}`, `Renamed ${lang.cookie}`);
    await page.press(`#menu-form_names_${lang.cookie}`, 'Enter');
    await page.waitForSelector('.ant-modal', { state: 'hidden' });
    await sideMenu.locator(`text=Renamed ${lang.cookie}`).waitFor();
    expect((await routeOf(key))?.name[lang.cookie]).toBe(`Renamed ${lang.cookie}`);

    // A name left empty is refused in the form, naming the field.
    await row.locator('[data-testid=menu-edit]').click();
    await page.fill('#menu-form_names_FR', '');
    await page.click('.ant-modal-footer .ant-btn-primary');
    await page.waitForSelector('#menu-form_names_FR_help');
    await page.click('.ant-modal-footer .ant-btn:not(.ant-btn-primary)');

    // Delete it, confirming first.
    await row.locator('[data-testid=menu-delete]').click();
    await page.click('.ant-popconfirm .ant-btn-primary');
    await expectMessage(page, lang.deleted);
    await sideMenu.locator(`text=Renamed ${lang.cookie}`).waitFor({ state: 'detached' });
    expect(await routeOf(key)).toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  });
});
