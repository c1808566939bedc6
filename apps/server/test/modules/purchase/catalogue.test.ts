import type { ServiceProduct } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addService, commerceFixture, fieldsOf, type CommerceFixture } from '../payments/fixture.js';

describe('purchase catalogue: sellers manage theirs, buyers see their seller’s, bad input named', () => {
  let t: TestApp;
  let f: CommerceFixture;
  const ids = {} as Record<'platformStorage' | 'platformTerminals' | 'agentStorage' | 'agentOld', number>;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await commerceFixture(t);
    ids.platformStorage = await addService(f, f.cookies.pFinance, {
      name: 'Platform storage',
      currency: 'CNY',
    });
    ids.platformTerminals = await addService(f, f.cookies.pFinance, {
      kind: 'terminalLicence',
      name: 'Five terminals',
      units: 5,
      unitPriceMinor: 50_000,
      currency: 'CNY',
      taxRateBp: null,
    });
    ids.agentStorage = await addService(f, f.cookies.aFinance, { name: 'Agent storage' });
    ids.agentOld = await addService(f, f.cookies.aFinance, {
      name: 'Old agent offer',
      kind: 'widgetPack',
      units: 3,
    });
  });
  afterAll(() => t.close());

  const list = async (cookie: string, query = '') => {
    const res = await f.api.get(`purchase/services?pageSize=50${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: ServiceProduct[]; count: number };
  };

  it('shows each customer the active catalogue of its seller: the agent above it, else the platform', async () => {
    await f.api.post('purchase/setServiceActive', f.cookies.aFinance, { id: ids.agentOld, active: false });
    const a1 = await list(f.cookies.a1);
    expect(a1.list.map((s) => s.name)).toEqual(['Agent storage']);
    expect(a1.list[0]).toMatchObject({
      sellerName: 'Agent A',
      unitPriceMinor: 1999,
      currency: 'EUR',
      taxRateBp: 1300,
    });
    const b = await list(f.cookies.b);
    expect(b.list.map((s) => s.name).sort()).toEqual(['Five terminals', 'Platform storage']);
    // The agent manages its own, inactive ones included; the platform's are not in it.
    const agent = await list(f.cookies.aFinance, '&scope=manage');
    expect(agent.list.map((s) => s.name).sort()).toEqual(['Agent storage', 'Old agent offer']);
    expect(agent.list.find((s) => s.name === 'Old agent offer')?.active).toBe(false);
    // The platform buys from no one.
    expect(await list(f.cookies.pFinance, '&scope=buy')).toMatchObject({ list: [], count: 0 });
  });

  it('searches, filters by kind, sorts and pages on the server', async () => {
    expect((await list(f.cookies.b, '&keyword=TERMIN')).list.map((s) => s.name)).toEqual(['Five terminals']);
    expect((await list(f.cookies.b, '&kind=storage')).list.map((s) => s.name)).toEqual(['Platform storage']);
    const sorted = await list(f.cookies.b, '&sort=unitPriceMinor&order=desc');
    expect(sorted.list.map((s) => s.unitPriceMinor)).toEqual([50_000, 1999]);
    const page = await f.api.get('purchase/services?pageSize=1&pageNo=2&sort=name', f.cookies.b);
    expect(page.body.data).toMatchObject({ count: 2, pageNo: 2, list: [{ name: 'Platform storage' }] });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const bad = async (body: object, field: string) => {
      const res = await f.api.post('purchase/saveService', f.cookies.pFinance, {
        kind: 'storage',
        name: 'X',
        units: 1,
        unitPriceMinor: 100,
        currency: 'EUR',
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({ unitPriceMinor: 12.5 }, 'unitPriceMinor');
    await bad({ unitPriceMinor: -1 }, 'unitPriceMinor');
    await bad({ currency: 'XXX' }, 'currency');
    await bad({ taxRateBp: 10_001 }, 'taxRateBp');
    await bad({ kind: 'coffee' }, 'kind');
    await bad({ units: 0 }, 'units');
    const blank = await f.api.post('purchase/saveService', f.cookies.pFinance, {
      kind: 'storage',
      name: '   ',
      units: 1,
      unitPriceMinor: 100,
      currency: 'EUR',
    });
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank.body)).toEqual(['name']);
  });

  it('keeps catalogues apart: a customer sells nothing, an agent cannot touch the platform’s services', async () => {
    const noPermission = await f.api.post('purchase/saveService', f.cookies.a1, {
      kind: 'storage',
      name: 'X',
      units: 1,
      unitPriceMinor: 1,
      currency: 'EUR',
    });
    expect(noPermission.status).toBe(403);
    const customerSeller = await f.api.post('purchase/saveService', f.cookies.a1Editor, {
      kind: 'storage',
      name: 'X',
      units: 1,
      unitPriceMinor: 1,
      currency: 'EUR',
    });
    expect(customerSeller.status).toBe(403);
    expect(customerSeller.body.msg).toContain('only the platform and agents sell services');
    const foreign = await f.api.post('purchase/saveService', f.cookies.aFinance, {
      id: ids.platformStorage,
      kind: 'storage',
      name: 'Taken over',
      units: 1,
      unitPriceMinor: 1,
      currency: 'EUR',
    });
    expect(foreign.status).toBe(404);
    expect(fieldsOf(foreign.body)).toEqual(['id']);
    const del = await f.api.post('purchase/deleteService', f.cookies.aFinance, {
      ids: [ids.agentOld, ids.platformStorage],
    });
    expect(del.status).toBe(404);
    expect((await list(f.cookies.aFinance, '&scope=manage')).count).toBe(2);
    expect((await f.api.get('purchase/services', f.cookies.a1Nobody)).status).toBe(403);
  });

  it('updates and deletes a service of its own catalogue', async () => {
    const id = await addService(f, f.cookies.aFinance, { name: 'Short-lived' });
    const upd = await f.api.post('purchase/saveService', f.cookies.aFinance, {
      id,
      kind: 'servicePeriod',
      name: ' Twelve months ',
      units: 12,
      unitPriceMinor: 120_00,
      currency: 'EUR',
    });
    expect(upd.body.data).toMatchObject({
      name: 'Twelve months',
      kind: 'servicePeriod',
      units: 12,
      taxRateBp: null,
    });
    expect((await f.api.post('purchase/deleteService', f.cookies.aFinance, { ids: [id] })).status).toBe(200);
    expect((await list(f.cookies.aFinance, '&scope=manage')).list.some((s) => s.id === id)).toBe(false);
  });

  it('keeps the seller’s bank details; blank required fields are named', async () => {
    const empty = await f.api.get('purchase/sellerAccount', f.cookies.aFinance);
    expect(empty.body.data).toMatchObject({ officeName: 'Agent A', bank: null });
    const blank = await f.api.post('purchase/saveSellerAccount', f.cookies.aFinance, {
      bank: { accountName: ' ', bankName: 'Bank', accountNumber: '1' },
    });
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank.body)).toEqual(['bank.accountName']);
    const saved = await f.api.post('purchase/saveSellerAccount', f.cookies.aFinance, {
      bank: {
        accountName: 'Agent A Ltd',
        bankName: 'First Bank',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        bankCode: 'COBADEFFXXX',
      },
      taxNumber: 'DE123456789',
    });
    expect(saved.status).toBe(200);
    expect((await f.api.get('purchase/sellerAccount', f.cookies.aFinance)).body.data).toMatchObject({
      bank: { accountName: 'Agent A Ltd', bankCode: 'COBADEFFXXX', instructions: null },
      taxNumber: 'DE123456789',
    });
    expect((await f.api.get('purchase/sellerAccount', f.cookies.a1Editor)).status).toBe(403);
  });
});
