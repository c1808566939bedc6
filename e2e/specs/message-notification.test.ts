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
    it(`sends a notification in two languages that the user's bell shows in theirs, then deletes it (${lang.cookie})`, async () => {
      const own = lang.cookie === 'CN' ? `维护通知 ${lang.cookie}` : `Maintenance notice ${lang.cookie}`;
      const italian = `Manutenzione ${lang.cookie}`;
      const admin = await openSignedInPage(suite, {
        language: lang.cookie,
        path: '/sysManage/messageNotification',
      });
      const page = admin.page;
      await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);

      // The dialog opens on the user's language; Italian is added as a second tab.
      await page.click('[data-testid=notification-new]');
      await page.fill(`#notificationSend_contents_${lang.cookie}`, own);
      await page.click('[data-testid=notification-languages-add]');
      await page.click('.ant-dropdown-menu-item:has-text("Italiano")');
      await page.fill('#notificationSend_contents_IT', italian);
      await page.click('#notificationSend_userIds');
      await page.keyboard.type('olga');
      await page.click('.ant-select-item-option:has-text("Olga Operator")');
      await page.click('#notification-send');
      await page.locator('[data-testid=send-result]', { hasText: lang.reached }).waitFor();
      await page.click('.ant-modal-confirm .ant-btn-primary');

      // The sendings table lists it in the user's language (no language mark); its details show both
      // languages and the recipient, unread.
      const row = page.locator('.ant-table-row', { hasText: own });
      await row.waitFor();
      expect(await row.locator('[data-testid=language-mark]').count()).toBe(0);
      await row.locator('[data-testid=notification-detail-open]').click();
      const detail = page.locator('[data-testid=notification-detail]');
      await detail.locator('.ant-descriptions-item-content', { hasText: italian }).waitFor();
      await detail.locator('.ant-table-row', { hasText: 'olga' }).locator(`text=${lang.unread}`).waitFor();
      await detail.locator('.ant-drawer-close').click();

      // The recipient's bell shows the message in their language.
      const olga = await openSignedInPage(suite, { language: lang.cookie, account: OPERATOR });
      await olga.page.click('[data-testid=notice-bell]');
      await olga.page.locator('[data-testid=notice-list]', { hasText: own }).waitFor();

      // Search, then delete the sending: its copies go with it.
      await page.fill('#notificationSearch_keyword', own);
      await page.click('[data-testid=notification-search]');
      await row.waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await row.locator('[data-testid=notification-delete]').click();
      await page.click(`.ant-popconfirm-buttons .ant-btn-primary:has-text("${lang.yes}")`);
      await expectMessage(page, lang.deleted);
      await row.waitFor({ state: 'detached' });
      const left = await suite.api<{ count: number }>(
        `/a/api/messageNotification/sendList?keyword=${encodeURIComponent(italian)}`,
      );
      expect(left.count).toBe(0);

      expect(admin.errors, admin.errors.join('\n')).toEqual([]);
      expect(olga.errors, olga.errors.join('\n')).toEqual([]);
      await admin.context.close();
      await olga.context.close();
    });
  }

  it('sends a message in Italian only, which a Russian reader sees in Italian, marked as such', async () => {
    const italian = 'Solo in italiano: manutenzione stasera';
    const admin = await openSignedInPage(suite, { language: 'RU', path: '/sysManage/messageNotification' });
    const page = admin.page;
    await page.click('[data-testid=notification-new]');
    // Italian added, Russian (the user's own tab) removed: the only language left cannot be removed.
    await page.click('[data-testid=notification-languages-add]');
    await page.click('.ant-dropdown-menu-item:has-text("Italiano")');
    await page.click('[data-testid=notification-languages] .ant-tabs-tab[data-node-key=RU]');
    await page.click('[data-testid=notification-languages-remove-RU]');
    await page.locator('#notificationSend_contents_RU').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid^=notification-languages-remove-]').count()).toBe(0);
    await page.click('#notificationSend_userIds');
    await page.keyboard.type('olga');
    await page.click('.ant-select-item-option:has-text("Olga Operator")');
    // An empty language is refused on its own field.
    await page.click('#notification-send');
    await page.locator('.ant-form-item-has-error #notificationSend_contents_IT').waitFor();
    await page.fill('#notificationSend_contents_IT', italian);
    await page.click('#notification-send');
    await page.locator('[data-testid=send-result]').waitFor();
    await page.click('.ant-modal-confirm .ant-btn-primary');
    const row = page.locator('.ant-table-row', { hasText: italian });
    await row.locator('[data-testid=language-mark][data-language=IT]').waitFor();

    const olga = await openSignedInPage(suite, { language: 'RU', account: OPERATOR });
    await olga.page.click('[data-testid=notice-bell]');
    const item = olga.page.locator('[data-testid=notice-list] [role=listitem]', { hasText: italian });
    await item.locator('[data-testid=language-mark][data-language=IT]').waitFor();
    const sent = await suite.api<{ list: { language: string; contents: object }[] }>(
      `/a/api/messageNotification/sendList?keyword=${encodeURIComponent(italian)}&language=RU`,
    );
    expect(sent.list[0]).toMatchObject({ language: 'IT', contents: { IT: italian } });

    expect(admin.errors, admin.errors.join('\n')).toEqual([]);
    expect(olga.errors, olga.errors.join('\n')).toEqual([]);
    await admin.context.close();
    await olga.context.close();
  });
});
