import type { Balance, OrderDetail, OrderSummary } from '@apm/contract';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, invoices, offices, payments } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal } from '../programs/fixture.js';
import { addService, commerceFixture, fieldsOf, today, type CommerceFixture } from './fixture.js';

describe('payment centre: orders, bank-transfer confirmation, fulfilment, refunds, scope', () => {
  let t: TestApp;
  let f: CommerceFixture;
  const svc = {} as Record<'storage' | 'terminals' | 'period' | 'widgets' | 'platformStorage', number>;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await commerceFixture(t);
    svc.storage = await addService(f, f.cookies.aFinance, { name: 'Storage 100 MiB' });
    svc.terminals = await addService(f, f.cookies.aFinance, {
      kind: 'terminalLicence',
      name: '5 terminals',
      units: 5,
      unitPriceMinor: 10_000,
    });
    svc.period = await addService(f, f.cookies.aFinance, {
      kind: 'servicePeriod',
      name: '3 months',
      units: 3,
      unitPriceMinor: 30_000,
      taxRateBp: null,
    });
    svc.widgets = await addService(f, f.cookies.aFinance, {
      kind: 'widgetPack',
      name: 'Widgets',
      units: 4,
      unitPriceMinor: 500,
    });
    svc.platformStorage = await addService(f, f.cookies.pFinance, {
      name: 'Platform storage',
      currency: 'CNY',
    });
    await f.api.post('purchase/saveSellerAccount', f.cookies.aFinance, {
      bank: { accountName: 'Agent A Ltd', bankName: 'First Bank', accountNumber: 'DE89370400440532013000' },
      address: '1 Agent Street',
    });
  });
  afterAll(() => t.close());

  const place = async (serviceId: number, quantity = 1, cookie = f.cookies.a1) => {
    const res = await f.api.post('purchase/placeOrder', cookie, { serviceId, quantity });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as OrderDetail;
  };
  const confirm = (order: OrderDetail, cookie = f.cookies.aFinance, extra: object = {}) =>
    f.api.post('payment/confirmPayment', cookie, {
      id: order.id,
      amountMinor: order.totalMinor,
      valueDate: today(),
      ...extra,
    });
  const detail = async (id: number, cookie = f.cookies.aFinance) =>
    (await f.api.get(`payment/orderDetail?id=${id}`, cookie)).body.data as OrderDetail;
  const quota = async (id = f.offices.a1.id) => {
    const [row] = await t.db.select().from(offices).where(eq(offices.id, id));
    return { storage: row!.storageQuotaMb, terminals: row!.terminalQuota };
  };

  it('places an order with exact integer amounts, a checkable reference and the seller’s bank details', async () => {
    const order = await place(svc.storage, 2);
    expect(order).toMatchObject({
      state: 'created',
      customerName: 'Customer A1',
      sellerName: 'Agent A',
      units: 100,
      quantity: 2,
      netMinor: 3998,
      taxMinor: 520, // 13 % of 39.98 = 5.1974 → 5.20
      totalMinor: 4518,
      currency: 'EUR',
      invoiceNumber: null,
      bank: { accountName: 'Agent A Ltd', accountNumber: 'DE89370400440532013000' },
      actions: { cancel: true, confirm: false, fulfil: false, refund: false },
    });
    expect(order.paymentReference).toMatch(/^APM-\w{4}-\w{4}-\w$/);
    expect(order.events).toMatchObject([{ fromState: null, toState: 'created', actorName: 'Alice Admin' }]);
    expect((await detail(order.id)).actions).toEqual({
      cancel: true,
      confirm: true,
      fulfil: false,
      refund: false,
    });
  });

  it('refuses orders of another seller’s service, inactive ones and bad quantities', async () => {
    const foreign = await f.api.post('purchase/placeOrder', f.cookies.a1, {
      serviceId: svc.platformStorage,
      quantity: 1,
    });
    expect(foreign.status).toBe(404);
    expect(fieldsOf(foreign.body)).toEqual(['serviceId']);
    expect(
      (await f.api.post('purchase/placeOrder', f.cookies.a1, { serviceId: svc.storage, quantity: 0 })).status,
    ).toBe(400);
    expect(
      (await f.api.post('purchase/placeOrder', f.cookies.a1, { serviceId: svc.storage, quantity: 1.5 }))
        .status,
    ).toBe(400);
    expect(
      (await f.api.post('purchase/placeOrder', f.cookies.a1Nobody, { serviceId: svc.storage, quantity: 1 }))
        .status,
    ).toBe(403);
  });

  it('confirms a transfer once: paid, invoiced and fulfilled with the quota raised; a repeat is refused', async () => {
    const order = await place(svc.storage, 2);
    const before = await quota();
    expect((await confirm(order, f.cookies.a1)).status).toBe(403);
    const notSeller = await confirm(order, f.cookies.pFinance);
    expect(notSeller.status).toBe(403);
    expect(notSeller.body.msg).toContain('Only the seller');
    const wrongAmount = await confirm(order, f.cookies.aFinance, { amountMinor: order.totalMinor - 1 });
    expect(wrongAmount.status).toBe(400);
    expect(fieldsOf(wrongAmount.body)).toEqual(['amountMinor']);
    const future = await confirm(order, f.cookies.aFinance, { valueDate: '2999-01-01' });
    expect(fieldsOf(future.body)).toEqual(['valueDate']);
    expect((await confirm(order, f.cookies.aFinance, { valueDate: '2026-02-30' })).status).toBe(400);

    const ok = await confirm(order);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const done = ok.body.data as OrderDetail;
    expect(done.state).toBe('fulfilled');
    expect(done.invoiceNumber).toMatch(new RegExp(`^INV-${f.offices.agentA.id}-\\d{6}$`));
    expect(done.events.map((e) => e.toState)).toEqual(['created', 'paid', 'fulfilled']);
    expect(done.ledger).toMatchObject([
      { kind: 'payment', amountMinor: 4518, recordedByName: 'Arno Finance' },
    ]);
    expect(await quota()).toEqual({ storage: before.storage! + 200, terminals: before.terminals });

    const again = await confirm(order);
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('is paid and fulfilled: you cannot confirm the payment of it');
    expect(await quota()).toEqual({ storage: before.storage! + 200, terminals: before.terminals });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    await t.app.services.audit.flush();
    const audited = await t.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.action, '%/payment/confirmPayment'));
    expect(audited.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 403, 403, 409]);
  });

  it('never pays or fulfils twice when confirmations arrive together', async () => {
    const order = await place(svc.storage, 1);
    const before = await quota();
    const results = await Promise.all(Array.from({ length: 6 }, () => confirm(order)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await quota()).storage).toBe(before.storage! + 100);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it('leaves an order paid, quota untouched, when the seller has not the capacity; fulfils once it has', async () => {
    const big = await place(svc.storage, 95); // 9 500 MiB more: past agent A's 10 000
    const before = await quota();
    const res = await confirm(big);
    expect(res.status).toBe(200);
    const paid = res.body.data as OrderDetail;
    expect(paid.state).toBe('paid');
    expect(paid.invoiceNumber).not.toBeNull();
    expect(paid.fulfilmentError).toContain('Agent A has');
    expect(paid.actions.fulfil).toBe(true);
    expect(await quota()).toEqual(before);
    const retry = await f.api.post('payment/fulfilOrder', f.cookies.aFinance, { id: big.id });
    expect(retry.status).toBe(409);
    expect(retry.body.msg).toContain('left to hand out');
    await t.db.update(offices).set({ storageQuotaMb: 50_000 }).where(eq(offices.id, f.offices.agentA.id));
    const fulfilled = await f.api.post('payment/fulfilOrder', f.cookies.aFinance, { id: big.id });
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    expect((fulfilled.body.data as OrderDetail).state).toBe('fulfilled');
    expect((await quota()).storage).toBe(before.storage! + 9500);
    expect((await f.api.post('payment/fulfilOrder', f.cookies.aFinance, { id: big.id })).status).toBe(409);
  });

  it('numbers a seller’s invoices without gaps, whatever was refused or rolled back in between', async () => {
    const rows = await t.db
      .select({ seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.sellerOfficeId, f.offices.agentA.id))
      .orderBy(asc(invoices.seq));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length).toBe(3);
    expect(rows[2]!.number).toBe(`INV-${f.offices.agentA.id}-000003`);
  });

  it('cancels an order waiting for payment; nothing moves a cancelled order', async () => {
    const order = await place(svc.widgets, 1);
    expect((await f.api.post('payment/cancelOrder', f.cookies.b, { id: order.id })).status).toBe(404);
    const res = await f.api.post('payment/cancelOrder', f.cookies.a1, {
      id: order.id,
      note: 'Ordered by mistake',
    });
    expect((res.body.data as OrderDetail).state).toBe('cancelled');
    const again = await f.api.post('payment/cancelOrder', f.cookies.a1, { id: order.id });
    expect(again.status).toBe(409);
    const pay = await confirm(order);
    expect(pay.status).toBe(409);
    expect(pay.body.msg).toContain('was cancelled: you cannot confirm the payment of it');
    const refund = await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: order.id,
      valueDate: today(),
      note: 'x',
    });
    expect(refund.status).toBe(409);
  });

  it('refunds a fulfilled order and takes the capacity back — unless the customer uses it', async () => {
    const storageOrder = await place(svc.storage, 1);
    await confirm(storageOrder);
    const before = await quota();
    const created = await place(svc.storage, 1);
    const early = await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: created.id,
      valueDate: today(),
      note: 'x',
    });
    expect(early.status).toBe(409);
    const noNote = await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: storageOrder.id,
      valueDate: today(),
      note: ' ',
    });
    expect(fieldsOf(noNote.body)).toEqual(['note']);
    const refunded = await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: storageOrder.id,
      valueDate: today(),
      note: 'Goodwill',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect((refunded.body.data as OrderDetail).ledger.map((l) => l.kind)).toEqual(['payment', 'refund']);
    expect((await quota()).storage).toBe(before.storage! - 100);

    const licences = await place(svc.terminals, 1);
    await confirm(licences);
    expect((await quota()).terminals).toBe(15);
    for (let i = 0; i < 12; i++) await addTerminal(t.db, { name: `Screen ${i}`, officeId: f.offices.a1.id });
    const inUse = await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: licences.id,
      valueDate: today(),
      note: 'x',
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toContain('uses 12 terminals');
    expect((await quota()).terminals).toBe(15);
    expect((await detail(licences.id)).state).toBe('fulfilled');
  });

  it('extends the service period by its months and shortens it again on refund', async () => {
    const order = await place(svc.period, 2);
    await confirm(order);
    const overview = (await f.api.get('customerCenter/overview', f.cookies.a1)).body.data as {
      serviceEndsOn: string;
    };
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + 6);
    expect(overview.serviceEndsOn.slice(0, 7)).toBe(expected.toISOString().slice(0, 7));
    await f.api.post('payment/refundOrder', f.cookies.aFinance, {
      id: order.id,
      valueDate: today(),
      note: 'x',
    });
    const after = (await f.api.get('customerCenter/overview', f.cookies.a1)).body.data as {
      serviceEndsOn: string;
    };
    expect(after.serviceEndsOn).toBe(today());
  });

  it('shows each party only its orders: the customer its own, the agent its customers’, the platform all', async () => {
    const bOrder = await place(svc.platformStorage, 1, f.cookies.b);
    const refs = async (cookie: string) =>
      (
        (await f.api.get('payment/orders?pageSize=100', cookie)).body.data as { list: OrderSummary[] }
      ).list.map((o) => o.customerName);
    expect(new Set(await refs(f.cookies.a1))).toEqual(new Set(['Customer A1']));
    expect(new Set(await refs(f.cookies.aFinance))).toEqual(new Set(['Customer A1']));
    expect(new Set(await refs(f.cookies.pFinance))).toEqual(new Set(['Customer A1', 'Customer B']));
    expect(new Set(await refs(f.cookies.b))).toEqual(new Set(['Customer B']));
    expect((await f.api.get(`payment/orderDetail?id=${bOrder.id}`, f.cookies.aFinance)).status).toBe(404);
    expect((await f.api.get(`payment/orderDetail?id=${bOrder.id}`, f.cookies.a1)).status).toBe(404);
    const filtered = await f.api.get(`payment/orders?state=cancelled&keyword=widg`, f.cookies.a1);
    expect((filtered.body.data as { count: number }).count).toBe(1);
    // The platform sees the agent's sale but does not confirm it.
    expect((await confirm(bOrder, f.cookies.aFinance)).status).toBe(404);
    expect((await confirm(bOrder, f.cookies.pFinance)).status).toBe(200);
  });

  it('adds up what a customer paid, had refunded and owes from the ledger', async () => {
    const res = await f.api.get('payment/balance', f.cookies.a1);
    const eur = (res.body.data as Balance).currencies.find((c) => c.currency === 'EUR')!;
    // 95 × 19.99 = 1 899.05 net, 13 % tax on the whole net = 246.8765 → 246.88.
    expect(eur.paidMinor).toBe(4518 + 2259 + (189_905 + 24_688) + 2259 + 11_300 + 60_000);
    expect(eur.refundedMinor).toBe(2259 + 60_000);
    expect(eur.owedMinor).toBe(4518 + 2259); // the first order and the one placed before the early refund
    const ledger = await f.api.get('payment/ledger?kind=refund', f.cookies.a1);
    expect((ledger.body.data as { count: number }).count).toBe(2);
    const other = await f.api.get(`payment/balance?customerOfficeId=${f.offices.a1.id}`, f.cookies.b);
    expect((other.body.data as Balance).currencies).toEqual([]);
  });

  it('keeps a customer that ordered, and a seller with a catalogue, from being deleted (409 naming why)', async () => {
    const del = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/apm-web/a/api/office/deleteOffice',
        payload: { id },
        headers: { cookie: f.cookies.admin },
      });
    const customer = await del(f.offices.a1.id);
    expect(customer.statusCode).toBe(409);
    expect(customer.json().msg).toMatch(/orders/);
    const seller = await del(f.offices.agentA.id);
    expect(seller.statusCode).toBe(409);
    expect(seller.json().msg).toMatch(/services in its catalogue|orders/);
  });

  it('answers 404 for webhooks of providers that take none, and 400 for a malformed provider name', async () => {
    const post = (provider: string) =>
      t.app.inject({
        method: 'POST',
        url: `/apm-web/a/api/payment/webhook/${provider}`,
        payload: '{"x":1}',
        headers: { 'content-type': 'application/json' },
      });
    const bank = await post('bankTransfer');
    expect(bank.statusCode).toBe(404);
    expect(bank.json().msg).toContain('takes webhooks');
    expect((await post('stripe')).statusCode).toBe(404);
    expect((await post('bad%20name')).statusCode).toBe(400);
  });
});
