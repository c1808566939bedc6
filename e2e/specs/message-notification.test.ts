import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiCall, apiSignIn, encryptForServer } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import { startServerProcess, type ServerProcess } from '../support/server.js';
import { collectErrors, signIn } from '../support/session.js';

const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
const OPERATOR = { user: 'olga', password: 'Operat0r#2026' };

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  {
    cookie: 'US',
    title: 'Message notification',
    reached: 'It reached 1 user(s).',
    deleted: 'The notification was deleted',
    unread: 'Unread',
    yes: 'Yes',
  },
  {
    cookie: 'CN',
    title: '消息通知',
    reached: '共送达 1 位用户。',
    deleted: '通知已删除',
    unread: '未读',
    yes: '是',
  },
] as const;

describe('message notification page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    server = await startServerProcess({ APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password });
    cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    const me = await apiCall<{ office: { id: number } }>(server.url, cookie, '/a/api/user/getUserInfo');
    const roles = await apiCall<{ id: number; code: string }[]>(
      server.url,
      cookie,
      '/a/api/user/allRoleList',
    );
    await apiCall(server.url, cookie, '/a/api/user/save', {
      loginName: OPERATOR.user,
      name: 'Olga Operator',
      officeId: me.office.id,
      roleIds: [roles.find((r) => r.code === 'operator')!.id],
      password: await encryptForServer(server.url, OPERATOR.password),
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newPage = async (language: string) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([
      { name: 'language', value: language, domain: new URL(server.url).hostname, path: '/' },
    ]);
    const page = await context.newPage();
    return { context, page, errors: collectErrors(page) };
  };

  for (const lang of LANGUAGES) {
    it(`sends a notification that the user's bell shows, then deletes it (${lang.cookie})`, async () => {
      const contentCn = `维护通知 ${lang.cookie}`;
      const contentEn = `Maintenance notice ${lang.cookie}`;
      const admin = await newPage(lang.cookie);
      const page = admin.page;
      await signIn(page, server.url, ADMIN.user, ADMIN.password);
      await page.goto(`${server.url}/sysManage/messageNotification`);
      await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);

      // Send to one user found by search; the dialog answers how many were reached.
      await page.click('[data-testid=notification-new]');
      await page.fill('#notificationSend_contentCn', contentCn);
      await page.fill('#notificationSend_contentEn', contentEn);
      await page.click('#notificationSend_userIds');
      await page.keyboard.type('olga');
      await page.click('.ant-select-item-option:has-text("Olga Operator")');
      await page.click('#notification-send');
      await page.locator('[data-testid=send-result]', { hasText: lang.reached }).waitFor();
      await page.click('.ant-modal-confirm .ant-btn-primary');

      // The sendings table lists it; its details show the recipient, unread.
      const shown = lang.cookie === 'CN' ? contentCn : contentEn;
      const row = page.locator('.ant-table-row', { hasText: shown });
      await row.waitFor();
      await row.locator('[data-testid=notification-detail-open]').click();
      const detail = page.locator('[data-testid=notification-detail]');
      await detail.locator('.ant-table-row', { hasText: 'olga' }).locator(`text=${lang.unread}`).waitFor();
      await detail.locator('.ant-drawer-close').click();

      // The recipient's bell shows the message in their language.
      const olga = await newPage(lang.cookie);
      await signIn(olga.page, server.url, OPERATOR.user, OPERATOR.password);
      await olga.page.click('[data-testid=notice-bell]');
      await olga.page.locator('[data-testid=notice-list]', { hasText: shown }).waitFor();

      // Search, then delete the sending: its copies go with it.
      await page.fill('#notificationSearch_keyword', contentEn);
      await page.click('[data-testid=notification-search]');
      await row.waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await row.locator('[data-testid=notification-delete]').click();
      await page.click(`.ant-popconfirm-buttons .ant-btn-primary:has-text("${lang.yes}")`);
      await expectMessage(page, lang.deleted);
      await row.waitFor({ state: 'detached' });
      const left = await apiCall<{ count: number }>(
        server.url,
        cookie,
        '/a/api/messageNotification/sendList',
      );
      expect(left.count).toBe(0);

      expect(admin.errors, admin.errors.join('\n')).toEqual([]);
      expect(olga.errors, olga.errors.join('\n')).toEqual([]);
      await admin.context.close();
      await olga.context.close();
    });
  }
});
