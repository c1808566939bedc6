import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiCall, apiSignIn, createOperator } from '../support/api.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);

/** A ticker without targets, saved through the API. */
const ticker = (name: string, text: string) => ({
  name,
  document: {
    kind: 'ticker',
    text,
    font: { family: 'sans-serif', size: 48, color: '#ffffff', bold: false, italic: false },
    background: '#000000cc',
    ticker: { position: 'bottom', speed: 120, direction: 'left' },
    priority: 5,
    validFrom: null,
    validUntil: null,
    weekdays: [],
    windows: [],
    repeat: null,
    durationSec: null,
  },
  targets: { terminalIds: [], groupIds: [], officeIds: [] },
});

interface Detail {
  reviewState: string;
  reviewNote: string | null;
}

/** A message maker: the built-in operator role (makes and sends messages, does not review). */
const MAKER = { user: `mo${stamp}`, password: 'Maker#2026pass', name: `Milo Maker ${stamp}` };

describe('message review page', () => {
  const suite = adminSuite({ seed: (s) => createOperator(s.server.url, s.cookie, MAKER) });

  it('asks before overwriting a newer revision, and before leaving with unsaved changes (US)', async () => {
    const saved = await suite.api<{ id: number; revision: number }>(
      '/a/api/publishMessage/ajaxSave',
      ticker(`Shared ${stamp}`, 'First words'),
    );
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: `/message/form?id=${saved.id}`,
      waitFor: '[data-testid=message-form]',
      viewport: WIDE_VIEWPORT,
    });
    await expect.poll(() => page.getByTestId('message-status').innerText()).toBe('Saved (revision 1)');
    // Someone else saves revision 2 meanwhile.
    await suite.api('/a/api/publishMessage/ajaxSave', {
      id: saved.id,
      baseRevision: saved.revision,
      ...ticker(`Shared ${stamp}`, 'Their words'),
    });
    await page.getByTestId('message-text').fill('My words');
    await page.getByTestId('message-save').click();
    await page.getByTestId('message-conflict').getByText('revision 2').waitFor();
    await page.getByTestId('message-conflict-overwrite').click();
    await expectMessage(page, 'Message saved');
    const mine = await suite.api<{ revision: number; document: { text: string } }>(
      `/a/api/publishMessage/getPublishMessage?id=${saved.id}`,
    );
    expect(mine).toMatchObject({ revision: 3, document: { text: 'My words' } });
    await expect.poll(() => page.getByTestId('message-status').innerText()).toBe('Saved (revision 3)');

    // Leaving with unsaved changes asks first.
    await page.getByTestId('message-name').fill(`Shared ${stamp} renamed`);
    await page.locator('[data-testid=side-menu] .ant-menu-item', { hasText: 'Message management' }).click();
    await page.getByTestId('message-leave').click();
    await page.waitForURL(/\/publishMessage\/list$/);
    // The refused save answers 409: the only error the browser may log.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
    await suite.api('/a/api/publishMessage/ajaxDelete', { ids: [saved.id] });
  });

  it('previews a waiting message as submitted, rejects one with a required note (its maker reads it in the bell and resubmits), approves another in bulk (US)', async () => {
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      // The maker submits one; the reviewer (the administrator) another.
      const makerCookie = await apiSignIn(suite.server.url, MAKER.user, MAKER.password);
      const wrong = await apiCall<{ id: number }>(
        suite.server.url,
        makerCookie,
        '/a/api/publishMessage/ajaxSave',
        ticker(`Typo ${stamp}`, 'Teh lobby closes early'),
      );
      const right = await suite.api<{ id: number }>(
        '/a/api/publishMessage/ajaxSave',
        ticker(`Closing ${stamp}`, 'The lobby closes early'),
      );
      const detail = (id: number) => suite.api<Detail>(`/a/api/publishMessage/getPublishMessage?id=${id}`);
      expect((await detail(wrong.id)).reviewState).toBe('pending');

      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        path: '/review/message',
        waitFor: '[data-testid=message-review-search]',
        viewport: WIDE_VIEWPORT,
      });
      await page.getByTestId('message-review-search').fill(stamp);
      const wrongRow = page.locator('.ant-table-row', { hasText: `Typo ${stamp}` });
      const rightRow = page.locator('.ant-table-row', { hasText: `Closing ${stamp}` });
      await wrongRow.waitFor();
      await rightRow.waitFor();
      const violations = await scanPage(page, '/review/message');

      // The preview draws the version submitted with the shared renderer.
      // From the keyboard: the name is a link that Enter opens.
      await wrongRow.getByTestId('message-review-open').focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=message-preview-modal] [data-message-kind=ticker]').waitFor();
      await page
        .getByTestId('message-preview-modal')
        .locator('[data-message-kind=ticker]', { hasText: 'Teh lobby closes early' })
        .waitFor();
      violations.push(...(await scanPage(page, '/review/message preview')));
      await page.keyboard.press('Escape');
      await page.getByTestId('message-preview-modal').waitFor({ state: 'detached' });

      // Rejecting needs a note.
      await wrongRow.getByTestId('message-review-reject').click();
      await page.click('#review-note-ok');
      await page.waitForSelector(
        '.ant-form-item-explain-error:has-text("Please give the reason for the rejection")',
      );
      violations.push(...(await scanPage(page, '/review/message reject dialog')));
      await page.fill('#review_note', 'Spelling: “Teh”');
      await page.click('#review-note-ok');
      await expectMessage(page, 'Messages rejected: 1');
      await wrongRow.waitFor({ state: 'detached' });
      expect(await detail(wrong.id)).toMatchObject({
        reviewState: 'rejected',
        reviewNote: 'Spelling: “Teh”',
      });

      // Bulk approve of the selection; the note is optional.
      await rightRow.locator('.ant-checkbox-input').check();
      await page.getByTestId('message-review-bulk-approve').click();
      await page.click('#review-note-ok');
      await expectMessage(page, 'Messages approved: 1');
      await rightRow.waitFor({ state: 'detached' });
      expect((await detail(right.id)).reviewState).toBe('approved');

      expect(violations, describeViolations(violations)).toEqual([]);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();

      // The maker reads the decision and its note in the bell, and sends the message back from the list.
      const maker = await openSignedInPage(suite, {
        language: 'US',
        account: MAKER,
        path: '/publishMessage/list',
        waitFor: '[data-testid=message-table]',
        viewport: WIDE_VIEWPORT,
      });
      await maker.page.getByTestId('notice-bell').click();
      await maker.page
        .getByTestId('notice-list')
        .getByText(`Your message “Typo ${stamp}” was rejected. Review note: Spelling: “Teh”`)
        .waitFor();
      await maker.page.keyboard.press('Escape');
      await maker.page.getByTestId('message-search-keyword').fill(`Typo ${stamp}`);
      await maker.page.getByTestId('message-search').click();
      const listed = maker.page.locator('.ant-table-row', { hasText: `Typo ${stamp}` });
      await listed.getByTestId('message-review-state').getByText('Rejected').waitFor();
      await listed.getByTestId('message-resubmit').click();
      await maker.page.getByTestId('message-resubmit-note').fill('Fixed the spelling');
      await maker.page.locator('.ant-modal-footer .ant-btn-primary').click();
      await expectMessage(maker.page, `“Typo ${stamp}” is waiting for review again`);
      expect((await detail(wrong.id)).reviewState).toBe('pending');
      expect(maker.errors, maker.errors.join('\n')).toEqual([]);
      await maker.context.close();
      await suite.api('/a/api/publishMessage/ajaxDelete', { ids: [wrong.id, right.id] });
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });
});
