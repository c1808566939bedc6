import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { createOperator } from '../support/api.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

const OPERATOR = { user: 'olga', password: 'Operat0r#2026', name: 'Olga Operator' };

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
  // Its own server: the recipient picker must find the operator among a few users, not every spec's.
  const suite = adminSuite({
    ownServer: true,
    seed: (s) => createOperator(s.server.url, s.cookie, OPERATOR),
  });

  for (const lang of LANGUAGES) {
    it(`sends a notification that the user's bell shows, then deletes it (${lang.cookie})`, async () => {
      const contentCn = `维护通知 ${lang.cookie}`;
      const contentEn = `Maintenance notice ${lang.cookie}`;
      const admin = await openSignedInPage(suite, {
        language: lang.cookie,
        path: '/sysManage/messageNotification',
      });
      const page = admin.page;
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
      const olga = await openSignedInPage(suite, { language: lang.cookie, account: OPERATOR });
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
      // Only this sending: the shared server holds other specs' too.
      const left = await suite.api<{ count: number }>(
        `/a/api/messageNotification/sendList?keyword=${encodeURIComponent(contentEn)}`,
      );
      expect(left.count).toBe(0);

      expect(admin.errors, admin.errors.join('\n')).toEqual([]);
      expect(olga.errors, olga.errors.join('\n')).toEqual([]);
      await admin.context.close();
      await olga.context.close();
    });
  }
});
