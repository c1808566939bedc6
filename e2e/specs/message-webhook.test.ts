import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmDialog } from '../support/antd.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

/** Posts a webhook call signed with `secret` (or a wrong one); answers the HTTP status. */
async function callHook(url: string, secret: string, body: object): Promise<number> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-apm-timestamp': timestamp,
      'x-apm-signature': signature,
    },
    body: raw,
  });
  return res.status;
}

describe('message webhook', () => {
  const suite = adminSuite();

  it('makes a secret shown once that signs calls, makes a new one that replaces it, and removes the webhook (US)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/publishMessage/list',
      waitFor: '[data-testid=message-webhook-open]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('message-webhook-open').click();
    const dialog = page.getByTestId('message-webhook');
    await dialog.waitFor();
    const url = await page.getByTestId('message-webhook-url').innerText();
    expect(url).toMatch(/\/apm-web\/f\/messageWebhook\/\d+$/);
    // An unknown message id: a call with the right signature gets past the signature (404), a wrong one does not (401).
    const probe = { messageId: 2_000_000_000, action: 'stop' };
    if ((await page.getByTestId('message-webhook-state').innerText()) === 'Set') {
      await page.getByTestId('message-webhook-remove').click();
      await confirmDialog(page, '.ant-modal-confirm .ant-btn-dangerous');
    }
    await expect
      .poll(() => page.getByTestId('message-webhook-state').innerText())
      .toBe('Not set: calls are refused');
    expect(await callHook(url, 'anything', probe)).toBe(401);

    await page.getByTestId('message-webhook-renew').click();
    const first = await page.getByTestId('message-webhook-secret').innerText();
    expect(first.length).toBeGreaterThanOrEqual(32);
    await expect.poll(() => page.getByTestId('message-webhook-state').innerText()).toBe('Set');
    expect(await callHook(url, first, probe)).toBe(404);
    expect(await callHook(url, `${first}x`, probe)).toBe(401);
    const violations = await scanPage(page, 'message webhook dialog');
    expect(violations, describeViolations(violations)).toEqual([]);

    // A new secret asks first, then replaces the old one at once.
    await page.getByTestId('message-webhook-renew').click();
    await confirmDialog(page, '.ant-modal-confirm .ant-btn-primary');
    await expect.poll(() => page.getByTestId('message-webhook-secret').innerText()).not.toBe(first);
    const second = await page.getByTestId('message-webhook-secret').innerText();
    expect(await callHook(url, first, probe)).toBe(401);
    expect(await callHook(url, second, probe)).toBe(404);

    await page.getByTestId('message-webhook-remove').click();
    await confirmDialog(page, '.ant-modal-confirm .ant-btn-dangerous');
    await expect
      .poll(() => page.getByTestId('message-webhook-state').innerText())
      .toBe('Not set: calls are refused');
    expect(await page.getByTestId('message-webhook-secret').count()).toBe(0);
    expect(await callHook(url, second, probe)).toBe(401);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
