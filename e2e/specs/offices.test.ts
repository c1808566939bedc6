import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialog, expectMessage } from '../support/antd.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', tree: 'Institutions' },
  {
    cookie: 'CN',
    tree: '机构',
    created: '机构已创建',
    saved: '机构已保存',
    moved: '机构已移动',
    deleted: '机构已删除',
    refused: '仍有',
  },
] as const;

interface Node {
  id: number;
  parentId: number | null;
  name: string;
}

describe('institution management page', () => {
  let root: Node;
  const suite = adminSuite({
    seed: async (s) => {
      root = (await s.api<Node[]>('/a/api/office/treeDataNew'))[0]!;
    },
  });

  const find = async (name: string) =>
    (await suite.api<Node[]>(`/a/api/office/searchOffice?name=${encodeURIComponent(name)}`)).find(
      (n) => n.name === name,
    );

  const selectInTree = async (page: Page, name: string) => {
    await page
      .locator('[data-testid=office-node]', { hasText: new RegExp(`^${name}`) })
      .first()
      .click();
    await page.waitForFunction(
      (n) => (document.querySelector('[data-testid=office-name]') as HTMLInputElement | null)?.value === n,
      name,
    );
  };

  /** Searches by name and opens the hit whose name is exactly `name`. */
  const openByName = async (page: Page, name: string) => {
    await page.fill('[data-testid=office-search] input', name);
    await page
      .locator('[data-testid=office-search-hit]')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();
    await page.waitForFunction(
      (n) => (document.querySelector('[data-testid=office-name]') as HTMLInputElement | null)?.value === n,
      name,
    );
  };

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, { language: english.cookie, path: '/sys/office', texts: [english.tree] }));

  it('creates, edits, searches, moves and deletes an institution', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sys/office',
    });
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.tree}")`);
    await selectInTree(page, root.name);

    // Create a child of the root (Enter submits).
    const name = `E2E branch ${lang.cookie}`;
    await page.click('[data-testid=office-create-child]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=office-name]') as HTMLInputElement | null)?.value === '',
    );
    await page.fill('[data-testid=office-name]', name);
    await page.fill('#officeForm_contact', 'Eve');
    await page.press('[data-testid=office-name]', 'Enter');
    await expectMessage(page, lang.created);
    const created = await find(name);
    expect(created?.parentId).toBe(root.id);

    // Edit its name.
    await page.fill('[data-testid=office-name]', `${name} edited`);
    await page.click('[data-testid=office-save]');
    await expectMessage(page, lang.saved);
    expect((await find(`${name} edited`))?.id).toBe(created!.id);

    // A target to move it under, made through the API; search finds it.
    const target = `E2E target ${lang.cookie}`;
    await suite.api('/a/api/office/save', { parentId: root.id, name: target });
    await openByName(page, target);
    await openByName(page, `${name} edited`);

    // Move it under the target with the institution picker.
    await page.click('[data-testid=office-move]');
    const picker = page.locator('.ant-modal .ant-select');
    await picker.click();
    await page.keyboard.type(target);
    const option = page.locator('.ant-select-tree-node-content-wrapper', { hasText: target });
    await option.waitFor();
    await option.click();
    await confirmDialog(page, '[data-testid=office-move-ok]');
    await expectMessage(page, lang.moved);
    const targetNode = await find(target);
    expect((await find(`${name} edited`))?.parentId).toBe(targetNode!.id);

    // Deleting the target is refused while the branch is under it; nothing is deleted.
    await openByName(page, target);
    await page.click('[data-testid=office-delete]');
    await confirmDialog(page, '[data-testid=office-delete-ok]');
    await page.waitForSelector(`.ant-modal-confirm-content:has-text("${lang.refused}")`);
    await confirmDialog(page, '.ant-modal-confirm-error .ant-modal-confirm-btns .ant-btn');
    expect(await find(target)).toBeDefined();

    // Delete the branch, then the target.
    for (const n of [`${name} edited`, target]) {
      await openByName(page, n);
      await page.click('[data-testid=office-delete]');
      await confirmDialog(page, '[data-testid=office-delete-ok]');
      await expectMessage(page, lang.deleted);
      expect(await find(n)).toBeUndefined();
    }

    // The refused deletion answers 409: the only error the browser may log.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });
});
