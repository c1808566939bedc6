import type { OrderDetail } from '@apm/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addService, commerceFixture, today, type CommerceFixture } from './fixture.js';

const dir = mkdtempSync(path.join(tmpdir(), 'apm-invoice-'));

/** The PDF's text as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('invoice PDF: seller, buyer, line, tax, totals and payment reference, in the reader’s language', () => {
  let t: TestApp;
  let f: CommerceFixture;
  let order: OrderDetail;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await commerceFixture(t);
    await f.api.post('purchase/saveSellerAccount', f.cookies.aFinance, {
      bank: { accountName: 'Agent A Ltd', bankName: 'First Bank', accountNumber: '123' },
      taxNumber: 'DE123456789',
      address: '1 Agent Street',
    });
    const serviceId = await addService(f, f.cookies.aFinance, {
      name: 'Storage 100 MiB',
      unitPriceMinor: 123_456,
    });
    order = (await f.api.post('purchase/placeOrder', f.cookies.a1, { serviceId, quantity: 2 })).body
      .data as OrderDetail;
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return t.close();
  });

  const download = (cookie: string, language?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/payment/invoicePdf?orderId=${order.id}${language ? `&language=${language}` : ''}`,
      headers: { cookie },
    });

  it('is issued only once the payment is confirmed', async () => {
    const early = await download(f.cookies.a1);
    expect(early.statusCode).toBe(404);
    expect(early.json().msg).toContain('issued once the payment is confirmed');
    const res = await f.api.post('payment/confirmPayment', f.cookies.aFinance, {
      id: order.id,
      amountMinor: order.totalMinor,
      valueDate: today(),
    });
    expect(res.status).toBe(200);
  });

  it('prints the parties, the line, tax and totals in English', async () => {
    const res = await download(f.cookies.a1, 'US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="INV-\d+-000001\.pdf"/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`INV-${f.offices.agentA.id}-000001`);
    expect(text).toContain(order.paymentReference);
    expect(text).toContain('Agent A');
    expect(text).toContain('1 Agent Street');
    expect(text).toContain('DE123456789');
    expect(text).toContain('Customer A1');
    expect(text).toContain('Storage 100 MiB');
    // 2 × €1,234.56 = €2,469.12 net, 13 % tax €320.99 (320.9856), total €2,790.11.
    expect(text).toMatch(/Net\s+€2,469\.12/);
    expect(text).toMatch(/Tax \(13 %\)\s+€320\.99/);
    expect(text).toMatch(/Total\s+€2,790\.11/);
    expect(text).toContain('Page 1 of 1');
  });

  it('speaks the reader’s language: Chinese, Korean and Russian labels and money', async () => {
    expect(pdfText((await download(f.cookies.a1, 'CN')).rawPayload)).toMatch(/合计\s+€2,790\.11/);
    expect(pdfText((await download(f.cookies.a1, 'KR')).rawPayload)).toContain('청구서');
    const ru = pdfText((await download(f.cookies.a1, 'RU')).rawPayload);
    expect(ru).toContain('Итого');
    expect(ru).toMatch(/2\s790,11\s€/);
  });

  it('is the customer’s and the seller’s, nobody else’s', async () => {
    expect((await download(f.cookies.aFinance)).statusCode).toBe(200);
    expect((await download(f.cookies.pFinance)).statusCode).toBe(200);
    expect((await download(f.cookies.b)).statusCode).toBe(404);
    expect((await download(f.cookies.a1Nobody)).statusCode).toBe(403);
  });
});
