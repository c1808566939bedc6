import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiSignIn, createUserWithRole } from '../support/api.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { makePng } from '../support/materials.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT, type Account } from '../support/suite.js';

const stamp = Date.now().toString(36);
const CUSTOMER = `E2E buyer ${stamp}`;
const SERVICE = `Storage 5 MiB ${stamp}`;
const BUYER: Account = { user: `buyer${stamp}`, password: 'Buyer#2026pass' };
const BUYER_GRANTS = [
  'home:view',
  'customer:center:view',
  'service:purchase:view',
  'service:purchase:add',
  'service:payment:view',
  'service:payment:add',
  'res:view',
  'res:material:view',
  'res:material:add',
].join(',');

/** A real PNG of about 1.5 MiB: a small image with a private ancillary chunk viewers skip. */
function bigPng(): Buffer {
  const png = makePng(16, 16, [200, 40, 40]);
  const iend = png.subarray(png.length - 12);
  const body = Buffer.concat([Buffer.from('apMb'), Buffer.alloc(1536 * 1024, 7)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([png.subarray(0, png.length - 12), length, body, crc, iend]);
}

/** Uploads the file as the buyer; answers the HTTP status. */
async function upload(baseUrl: string, cookie: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bigPng())], { type: 'image/png' }), name);
  const res = await fetch(`${baseUrl}/apm-web/a/api/file/uploader`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  return res.status;
}

describe('purchase service, payment centre and customer center', () => {
  let customerId = 0;
  const violations: Violation[] = [];
  const suite = adminSuite({
    // Storage quotas are enforced only with the capacity switch on: a setting every user would see.
    ownServer: true,
    seed: async (s) => {
      await s.api('/a/api/sysSetting/save', { key: 'capacityFlag', value: true });
      const rootId = (await s.api<{ id: number }[]>('/a/api/office/treeDataNew'))[0]!.id;
      customerId = (
        await s.api<{ id: number }>('/a/api/customer/save', {
          parentId: rootId,
          name: CUSTOMER,
          storageQuotaMb: 1,
          terminalQuota: 2,
        })
      ).id;
      await createUserWithRole(s.server.url, s.cookie, {
        roleName: `Buyer ${stamp}`,
        grants: BUYER_GRANTS,
        loginName: BUYER.user,
        name: 'Bea Buyer',
        password: BUYER.password,
        officeId: customerId,
      });
    },
  });

  it('the platform sets its bank details and offers storage in its catalogue', async () => {
    const admin = await openSignedInPage(suite, {
      language: 'US',
      path: '/service/purchase',
      waitFor: '[data-testid=service-create]',
      viewport: WIDE_VIEWPORT,
    });
    const { page } = admin;
    await page.getByRole('tab', { name: 'Bank details' }).click();
    await page.click('#seller-account-save');
    await page.locator('.ant-form-item-explain-error', { hasText: 'Account name is required' }).waitFor();
    await page.fill('#sellerAccount_bank_accountName', 'APM Platform Ltd');
    await page.fill('#sellerAccount_bank_bankName', 'E2E Bank');
    await page.fill('#sellerAccount_bank_accountNumber', 'CN12 3456 7890');
    await page.click('#seller-account-save');
    await expectMessage(page, 'Bank details saved');

    await page.getByRole('tab', { name: 'My catalogue' }).click();
    await page.getByTestId('service-create').click();
    await page.fill('#service_name', SERVICE);
    await page.fill('#service_units', '5');
    // Yuan have two decimals: a third is refused on its field.
    await page.fill('#service_price', '9.999');
    await page.fill('#service_taxPercent', '6');
    await page.click('#service-save');
    await page.locator('.ant-form-item-explain-error', { hasText: 'Enter a price such as 12.50' }).waitFor();
    violations.push(...(await scanPage(page, '/service/purchase service form')));
    await page.fill('#service_price', '9.90');
    await page.click('#service-save');
    await expectMessage(page, 'Service saved');
    const row = page.locator('.ant-table-row', { hasText: SERVICE });
    await row.waitFor();
    expect(await row.innerText()).toContain('CN¥9.90');
    violations.push(...(await scanPage(page, '/service/purchase catalogue')));
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('a customer orders storage, the finance user confirms the transfer, the quota rises where it is used', async () => {
    const buyerCookie = await apiSignIn(suite.server.url, BUYER.user, BUYER.password);
    // 1.5 MiB does not fit the customer's 1 MiB.
    expect(await upload(suite.server.url, buyerCookie, `before-${stamp}.png`)).toBe(413);

    const buyer = await openSignedInPage(suite, {
      language: 'US',
      account: BUYER,
      path: '/service/purchase',
      waitFor: '[data-testid=service-order]',
      viewport: WIDE_VIEWPORT,
    });
    violations.push(...(await scanPage(buyer.page, '/service/purchase')));
    const row = buyer.page.locator('.ant-table-row', { hasText: SERVICE });
    expect(await row.innerText()).toContain('5 MiB more storage');
    expect(await row.innerText()).toContain('CN¥9.90');
    await row.getByTestId('service-order').click();
    await buyer.page.getByTestId('order-quantity').fill('1');
    violations.push(...(await scanPage(buyer.page, '/service/purchase order')));
    await buyer.page.click('#order-place');
    await expectMessage(buyer.page, 'Order placed');
    const reference = (await buyer.page.getByTestId('order-reference').innerText()).trim();
    expect(reference).toMatch(/^APM-\w{4}-\w{4}-\w$/);
    expect(await buyer.page.getByTestId('order-bank').innerText()).toContain('CN12 3456 7890');
    // 9.90 + 6 % tax (0.594 → 0.59).
    expect(await buyer.page.getByTestId('order-total').innerText()).toBe('CN¥10.49');
    violations.push(...(await scanPage(buyer.page, '/service/purchase placed order')));

    await buyer.page.goto(`${suite.server.url}/customer/center`);
    await buyer.page.getByTestId('cc-storage').waitFor();
    expect(await buyer.page.getByTestId('cc-storage').innerText()).toContain('/ 1 MiB');
    await buyer.page
      .locator('.ant-table-row', { hasText: reference })
      .getByText('Waiting for payment')
      .waitFor();

    const finance = await openSignedInPage(suite, {
      language: 'US',
      path: '/service/payment',
      waitFor: '[data-testid=order-search-keyword]',
      viewport: WIDE_VIEWPORT,
    });
    await finance.page.getByTestId('order-search-keyword').fill(reference.toLowerCase());
    await finance.page.keyboard.press('Enter');
    await expect.poll(() => finance.page.locator('.ant-table-row').count()).toBe(1);
    await finance.page.getByTestId('order-details').click();
    await finance.page.getByTestId('order-confirm').click();
    await finance.page.locator('#order-dialog-ok').waitFor();
    violations.push(...(await scanPage(finance.page, '/service/payment confirm')));
    await finance.page.click('#order-dialog-ok');
    await expectMessage(finance.page, 'Payment confirmed');
    await finance.page.locator('.ant-drawer [data-testid=order-state-fulfilled]').waitFor();
    await finance.page.getByTestId('order-invoice').waitFor();
    violations.push(...(await scanPage(finance.page, '/service/payment details')));
    await finance.page.keyboard.press('Escape');
    await finance.page.getByRole('tab', { name: 'Ledger' }).click();
    const entry = finance.page
      .locator('.ant-table-row', { hasText: 'Payment received' })
      .filter({ hasText: reference });
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(/Payment received\s+CN¥10\.49/);
    violations.push(...(await scanPage(finance.page, '/service/payment ledger')));

    await buyer.page.reload();
    await buyer.page.getByTestId('cc-storage').waitFor();
    await expect.poll(() => buyer.page.getByTestId('cc-storage').innerText()).toContain('/ 6 MiB');
    await buyer.page.locator('.ant-table-row', { hasText: reference }).getByText('Fulfilled').waitFor();
    // The material upload's quota check now lets the file in.
    expect(await upload(suite.server.url, buyerCookie, `after-${stamp}.png`)).toBe(200);
    expect(buyer.errors).toEqual([]);
    expect(finance.errors).toEqual([]);
    await buyer.context.close();
    await finance.context.close();
  });

  it('found no accessibility violations on the purchase, payment and customer center pages', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
