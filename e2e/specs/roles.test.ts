import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { ADMIN, adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', rolePage: 'Role management' },
  {
    cookie: 'CN',
    userPage: '用户管理',
    rolePage: '角色管理',
    saved: '角色已保存',
    deleted: '角色已删除',
    yes: '是',
    added: '已添加 1 个用户',
    removed: '已移除 1 个用户',
  },
] as const;

interface RoleRow {
  id: number;
  name: string;
  code: string;
}

describe('role management page', () => {
  const suite = adminSuite();

  const findRole = async (name: string) =>
    (await suite.api<{ list: RoleRow[] }>(`/a/api/role/list?name=${encodeURIComponent(name)}`)).list.find(
      (r) => r.name === name,
    );

  /** Ticks a page of the permission tree (all its operations) by its name. */
  const tickPage = async (page: Page, name: string) => {
    const node = page
      .locator('[data-testid=permission-tree] .ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) });
    await node.locator('.ant-tree-checkbox').click();
  };

  const searchByName = async (page: Page, name: string) => {
    await page.fill('#roleSearch_name', name);
    await page.click('[data-testid=role-search]');
  };

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, { language: english.cookie, path: '/sys/role', texts: [english.rolePage] }));

  it('creates, edits, searches and deletes a role', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sys/role',
    });
    await page.waitForSelector('.ant-table-row');
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.rolePage}")`);

    // Create with the permissions of two pages.
    const name = `E2E role ${lang.cookie}`;
    await page.click('[data-testid=role-create]');
    await page.waitForSelector('[data-testid=permission-tree] .ant-tree-title');
    await page.fill('#role_name', name);
    await page.fill('#role_remarks', 'Made by the e2e test');
    await tickPage(page, lang.userPage);
    await tickPage(page, lang.rolePage);
    await page.click('#role-save');
    await expectMessage(page, lang.saved);
    const created = await findRole(name);
    expect(created).toBeDefined();
    const detail = await suite.api<{ grants: string[] }>(`/a/api/role/detail?id=${created!.id}`);
    expect(detail.grants).toEqual([
      'sys:role:add',
      'sys:role:delete',
      'sys:role:edit',
      'sys:role:view',
      'sys:user:add',
      'sys:user:delete',
      'sys:user:edit',
      'sys:user:view',
    ]);

    // Search finds it; edit its name and drop the role-management permissions (Enter submits).
    await searchByName(page, name);
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    // The search answers only that row (the table keeps the old page until it arrives).
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    await row.locator('[data-testid=role-edit]').click();
    await page.waitForSelector('[data-testid=permission-tree] .ant-tree-title');
    await tickPage(page, lang.rolePage);
    await page.fill('#role_name', `${name} edited`);
    await page.press('#role_name', 'Enter');
    await expectMessage(page, lang.saved);
    const edited = await findRole(`${name} edited`);
    expect(edited?.id).toBe(created!.id);
    const after = await suite.api<{ grants: string[] }>(`/a/api/role/detail?id=${edited!.id}`);
    expect(after.grants).toEqual(['sys:user:add', 'sys:user:delete', 'sys:user:edit', 'sys:user:view']);

    // Search by the new name; add a member in the members dialog and remove them again.
    await searchByName(page, `${name} edited`);
    const editedRow = page.locator('.ant-table-row', { hasText: `${name} edited` });
    await editedRow.waitFor();
    await editedRow.locator('[data-testid=role-members]').click();
    const dialog = page.locator('.ant-modal', { has: page.locator('[data-testid=member-picker]') });
    await dialog.locator('[data-testid=member-picker]').click();
    await page.keyboard.type(ADMIN.user);
    await page.click(`.ant-select-item-option:has-text("(${ADMIN.user})")`);
    await dialog.locator('[data-testid=member-add]').click();
    await expectMessage(page, lang.added);
    const member = dialog.locator('.ant-table-row', { hasText: ADMIN.user });
    await member.waitFor();
    const members = await suite.api<{ count: number }>(`/a/api/role/members?id=${created!.id}`);
    expect(members.count).toBe(1);
    await member.locator('button').click();
    await page.click(`.ant-popconfirm-buttons .ant-btn-primary:visible:has-text("${lang.yes}")`);
    await expectMessage(page, lang.removed);
    await member.waitFor({ state: 'detached' });
    await dialog.locator('.ant-modal-footer button').click();
    await dialog.waitFor({ state: 'hidden' });

    // Delete with confirmation.
    await editedRow.locator('[data-testid=role-delete]').click();
    await page.click(`.ant-popconfirm-buttons .ant-btn-primary:visible:has-text("${lang.yes}")`);
    await expectMessage(page, lang.deleted);
    await editedRow.waitFor({ state: 'detached' });
    expect(await findRole(`${name} edited`)).toBeUndefined();

    // System roles cannot be deleted: their delete button is disabled.
    await searchByName(page, 'Operator');
    // The row whose code is exactly 'operator': other specs' roles on the shared server have it in their names.
    const operator = page
      .locator('.ant-table-row')
      .filter({ has: page.locator('td', { hasText: /^operator$/ }) });
    await operator.waitFor();
    await expect(operator.locator('[data-testid=role-delete]').isDisabled()).resolves.toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
