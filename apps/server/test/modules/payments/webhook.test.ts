import type { OrderDetail } from '@apm/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, payments } from '../../../src/db/schema/index.js';
import { registerPaymentProvider } from '../../../src/modules/payments/providers/index.js';
import type { ProviderEvent } from '../../../src/modules/payments/providers/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addService, commerceFixture, today, type CommerceFixture } from './fixture.js';

const SECRET = 'test-provider-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

/**
 * A card provider as a real one would be written against the adapter interface: its callbacks carry
 * an HMAC-SHA256 of the raw body in a header. (Registered by this test only: the product offers none.)
 */
registerPaymentProvider({
  id: 'testcard',
  confirmedByHand: false,
  instructions: () => ({ bank: null, redirectUrl: 'https://pay.example.test/' }),
  verifyWebhook({ headers, rawBody }) {
    const given = Buffer.from(String(headers['x-signature'] ?? ''), 'hex');
    const expected = Buffer.from(createHmac('sha256', SECRET).update(rawBody).digest('hex'), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return JSON.parse(rawBody.toString('utf8')) as ProviderEvent;
  },
});

describe('payment webhooks: signature checked by the provider adapter, report recorded once', () => {
  let t: TestApp;
  let f: CommerceFixture;
  let order: OrderDetail;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await commerceFixture(t);
    const serviceId = await addService(f, f.cookies.aFinance, { name: 'Storage 100 MiB' });
    order = (await f.api.post('purchase/placeOrder', f.cookies.a1, { serviceId, quantity: 1 })).body
      .data as OrderDetail;
  });
  afterAll(() => t.close());

  const post = (payload: string, signature = sign(payload)) =>
    t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/payment/webhook/testcard',
      payload,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
  const event = (extra: object = {}) =>
    JSON.stringify({
      kind: 'payment',
      paymentReference: order.paymentReference.toLowerCase(),
      amountMinor: order.totalMinor,
      currency: order.currency,
      providerRef: 'ch_1',
      valueDate: today(),
      ...extra,
    });

  it('refuses a report whose signature does not verify, recording nothing', async () => {
    const body = event();
    const res = await post(body, sign(`${body} `));
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  });

  it('refuses a wrong amount or an unknown reference, naming the field', async () => {
    const amount = await post(event({ amountMinor: order.totalMinor + 1 }));
    expect(amount.statusCode).toBe(400);
    expect(amount.json().jsonObject.fields).toHaveProperty('amountMinor');
    const unknown = await post(event({ paymentReference: 'APM-0000-0000-0' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('records a verified payment like a confirmation — paid, invoiced, fulfilled — once however often it is repeated', async () => {
    const [before] = await t.db.select().from(offices).where(eq(offices.id, f.offices.a1.id));
    const first = await post(event());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ orderId: order.id, state: 'fulfilled', duplicate: false });
    const again = await post(event());
    expect(again.json().data).toMatchObject({ duplicate: true, state: 'fulfilled' });
    const [after] = await t.db.select().from(offices).where(eq(offices.id, f.offices.a1.id));
    expect(after!.storageQuotaMb).toBe(before!.storageQuotaMb! + 100);
    const ledger = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(ledger).toMatchObject([
      { kind: 'payment', provider: 'testcard', providerRef: 'ch_1', recordedBy: null },
    ]);
    const detail = (await f.api.get(`payment/orderDetail?id=${order.id}`, f.cookies.a1)).body
      .data as OrderDetail;
    expect(detail.invoiceNumber).not.toBeNull();
    expect(detail.events.map((e) => [e.toState, e.actorName])).toEqual([
      ['created', 'Alice Admin'],
      ['paid', null],
      ['fulfilled', null],
    ]);
  });

  it('records a reported refund and takes the capacity back', async () => {
    const res = await post(event({ kind: 'refund', providerRef: 're_1' }));
    expect(res.json().data).toMatchObject({ state: 'refunded', duplicate: false });
    const [office] = await t.db.select().from(offices).where(eq(offices.id, f.offices.a1.id));
    expect(office!.storageQuotaMb).toBe(1000);
  });
});
