import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiSignIn, createUserWithRole } from '../support/api.js';
import {
  ADMIN,
  adminSuite,
  expectPageInLanguage,
  openSignedInPage,
  WIDE_VIEWPORT,
  type Account,
} from '../support/suite.js';

const VIEWER = { user: 'vicky', password: 'Viewer#2026pass' };

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'User management' },
  {
    cookie: 'CN',
    title: '用户管理',
    saved: '用户已保存',
    reset: '密码已重置，该用户需要重新登录',
    disabled: '用户已停用',
    deleted: '用户已删除',
    yes: '是',
  },
] as const;

interface UserRow {
  id: number;
  loginName: string;
  name: string;
  enabled: boolean;
  email: string | null;
  roles: { code: string }[];
}

describe('user management page', () => {
  let officeName: string;
  const suite = adminSuite({
    seed: async (s) => {
      const me = await s.api<{ office: { id: number; name: string } }>('/a/api/user/getUserInfo');
      officeName = me.office.name;
      // A user who may see the user list but not add users.
      await createUserWithRole(s.server.url, s.cookie, {
        roleName: 'User viewer',
        grants: 'home:view,sys:view,sys:user:view',
        loginName: VIEWER.user,
        name: 'Vicky Viewer',
        password: VIEWER.password,
        officeId: me.office.id,
      });
    },
  });

  const findUser = async (name: string) =>
    (await suite.api<{ list: UserRow[] }>(`/a/api/user/usereList?name=${encodeURIComponent(name)}`)).list[0];

  const openPage = (language: string, account: Account) =>
    openSignedInPage(suite, {
      language,
      viewport: WIDE_VIEWPORT,
      account,
      path: '/sys/user/',
      waitFor: '[data-testid=user-create]',
    });

  const searchByName = async (page: Page, name: string) => {
    await page.fill('#userFilter_name', name);
    await page.click('[data-testid=user-search]');
  };

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      viewport: WIDE_VIEWPORT,
      path: '/sys/user/',
      waitFor: '[data-testid=user-create]',
      texts: [english.title],
    }));

  it(`creates, edits, searches, disables, resets and deletes a user (${lang.cookie})`, async () => {
    const { context, page, errors } = await openPage(lang.cookie, ADMIN);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    await page.waitForSelector('.ant-table-row');
    const login = `e2e_${lang.cookie.toLowerCase()}`;
    const name = `E2E User ${lang.cookie}`;

    // Create: office from the tree, the operator role, an (encrypted) password.
    await page.click('[data-testid=user-create]');
    await page.fill('#user_loginName', login);
    await page.fill('#user_name', name);
    await page.fill('#user_email', `${login}@example.test`);
    await page.fill('#user_phone', '+86 138 0000 0000');
    await page.click('#user_officeId');
    await page.click(`.ant-select-tree-title:text-is("${officeName}")`);
    await page.click('#user_roleIds');
    // By its whole name: other specs' roles on the shared server have 'operator' in theirs.
    await page.click('.ant-select-item-option[title="Operator"]');
    // Close the role list by clicking outside it (Escape would close the dialog too).
    await page.click('.ant-modal-title');
    await page.fill('#user_password', 'E2e#User2026');
    await page.click('#user-save');
    await expectMessage(page, lang.saved);
    const created = await findUser(login);
    expect(created).toMatchObject({
      loginName: login,
      name,
      enabled: true,
      email: `${login}@example.test`,
    });
    expect(created!.roles.map((r) => r.code)).toEqual(['operator']);
    await apiSignIn(suite.server.url, login, 'E2e#User2026');

    // Search, then edit the name (Enter submits).
    await searchByName(page, login);
    const row = page.locator('.ant-table-row', { hasText: login });
    await row.waitFor();
    // The search answers only that row (the table keeps the old page until it arrives).
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    await row.locator('[data-testid=user-edit]').click();
    await page.fill('#user_name', `${name} edited`);
    await page.press('#user_name', 'Enter');
    await expectMessage(page, lang.saved);
    await page.locator('.ant-table-row', { hasText: `${name} edited` }).waitFor();
    expect((await findUser(login))!.name).toBe(`${name} edited`);

    // Reset the password; the new one signs in.
    await row.locator('[data-testid=user-reset]').click();
    await page.fill('#resetPassword_password', 'Reset#User2026');
    await page.fill('#resetPassword_confirm', 'Reset#User2026');
    await page.click('#reset-save');
    await expectMessage(page, lang.reset);
    await apiSignIn(suite.server.url, login, 'Reset#User2026');

    // Disable with the switch.
    await row.locator('[data-testid=user-enabled]').click();
    await expectMessage(page, lang.disabled);
    expect((await findUser(login))!.enabled).toBe(false);
    await expect(apiSignIn(suite.server.url, login, 'Reset#User2026')).rejects.toThrow();

    // Delete with confirmation.
    await row.locator('[data-testid=user-delete]').click();
    await page.click(`.ant-popconfirm-buttons .ant-btn-primary:visible:has-text("${lang.yes}")`);
    await expectMessage(page, lang.deleted);
    await row.waitFor({ state: 'detached' });
    expect(await findUser(login)).toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the add button disabled to a user without sys:user:add', async () => {
    const { context, page, errors } = await openPage('US', VIEWER);
    await page.waitForSelector('.ant-table-row');
    await expect(page.locator('[data-testid=user-create]').isDisabled()).resolves.toBe(true);
    await expect(page.locator('[data-testid=no-permission]').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
