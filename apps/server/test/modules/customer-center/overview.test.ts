import type { CustomerOverview, OrderDetail } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal } from '../programs/fixture.js';
import { addService, commerceFixture, today, type CommerceFixture } from '../payments/fixture.js';

describe('customer center: the caller’s own institution, capacity and recent orders', () => {
  let t: TestApp;
  let f: CommerceFixture;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await commerceFixture(t);
  });
  afterAll(() => t.close());

  const overview = async (cookie: string) => {
    const res = await f.api.get('customerCenter/overview', cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as CustomerOverview;
  };

  it('shows profile, quotas with usage and the seller', async () => {
    await addTerminal(t.db, { name: 'Lobby', officeId: f.offices.a1Shop.id });
    const o = await overview(f.cookies.a1);
    expect(o.office).toMatchObject({
      id: f.offices.a1.id,
      name: 'Customer A1',
      kind: 'customer',
      sellerName: 'Agent A',
    });
    expect(o.storageMb).toEqual({ used: 0, quota: 1000 });
    expect(o.terminals).toEqual({ used: 1, quota: 10 });
    expect(o.serviceEndsOn).toBeNull();
    expect(o.recentOrders).toEqual([]);
    expect(o.links).toMatchObject({ purchase: true, payment: true });
    expect((await overview(f.cookies.b)).office.sellerName).toBeNull();
  });

  it('follows a purchase: the order appears, then the quota rises once it is paid', async () => {
    const serviceId = await addService(f, f.cookies.aFinance, { name: 'Storage 100 MiB' });
    const order = (await f.api.post('purchase/placeOrder', f.cookies.a1, { serviceId, quantity: 3 })).body
      .data as OrderDetail;
    expect((await overview(f.cookies.a1)).recentOrders).toMatchObject([{ id: order.id, state: 'created' }]);
    await f.api.post('payment/confirmPayment', f.cookies.aFinance, {
      id: order.id,
      amountMinor: order.totalMinor,
      valueDate: today(),
    });
    const after = await overview(f.cookies.a1);
    expect(after.storageMb.quota).toBe(1300);
    expect(after.recentOrders[0]).toMatchObject({ id: order.id, state: 'fulfilled' });
    expect((await overview(f.cookies.b)).recentOrders).toEqual([]);
  });

  it('is refused without customer:center:view', async () => {
    expect((await f.api.get('customerCenter/overview', f.cookies.a1Nobody)).status).toBe(403);
  });
});
