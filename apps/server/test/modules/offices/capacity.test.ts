import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addOffice } from '../users/fixture.js';

const BASE = '/apm-web/a/api/office';

describe('capacity re-check on moves and agent quota changes (whole subtrees)', () => {
  let t: TestApp;
  let admin: string;
  let platform: { id: number; path: string };
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    admin = await login(t.app);
    const [root] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    platform = { id: root!.id, path: root!.path };
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie: admin } });
  const row = async (id: number) => (await t.db.select().from(offices).where(eq(offices.id, id)))[0]!;
  const snapshot = async () => (await t.db.select().from(offices).orderBy(offices.id)).map((o) => ({ ...o }));
  const setQuota = (id: number, storageQuotaMb: number | null, terminalQuota: number | null) =>
    t.db.update(offices).set({ storageQuotaMb, terminalQuota }).where(eq(offices.id, id));
  /** An agent/customer with a capacity under `parent`. */
  const tenant = async (
    name: string,
    kind: 'agent' | 'customer',
    parent: { id: number; path: string },
    quota: [number | null, number | null],
  ) => {
    const o = await addOffice(t.db, name, kind, parent);
    await setQuota(o.id, ...quota);
    return o;
  };

  it('refuses moving a plain office whose nested customers exceed the new agent’s remaining quota', async () => {
    const agent = await tenant('Agent X', 'agent', platform, [100, 10]);
    await tenant('Customer X1', 'customer', agent, [60, 5]);
    const region = await addOffice(t.db, 'Region', 'office', platform);
    const sub = await addOffice(t.db, 'Sub region', 'office', region);
    // A grandchild of the moved office: it lands directly below the agent in the capacity sense.
    const deep = await tenant('Deep customer', 'customer', sub, [50, 2]);
    const before = await snapshot();

    const storage = await post('moveinstitude', { id: region.id, parentId: agent.id });
    expect(storage.statusCode).toBe(409);
    expect(storage.json().jsonObject).toMatchObject({
      reason: 'capacityExceeded',
      officeId: agent.id,
      field: 'storageQuotaMb',
      limit: 100,
      needed: 110,
    });
    expect(storage.json().msg).toMatch(/Region cannot be moved under Agent X: .*110 MiB.*quota of 100 MiB/);
    expect(await snapshot()).toEqual(before);

    await setQuota(deep.id, 30, 6);
    const terminals = await post('moveinstitude', { id: region.id, parentId: agent.id });
    expect(terminals.statusCode).toBe(409);
    expect(terminals.json().jsonObject).toMatchObject({ field: 'terminalQuota', limit: 10, needed: 11 });
    expect((await row(deep.id)).path).toBe(deep.path);

    // A customer without a quota of its own cannot land below an agent that has one.
    await setQuota(deep.id, null, 5);
    const unlimited = await post('moveinstitude', { id: region.id, parentId: agent.id });
    expect(unlimited.statusCode).toBe(409);
    expect(unlimited.json().jsonObject).toMatchObject({ field: 'storageQuotaMb', needed: null });
    expect(unlimited.json().msg).toContain('Deep customer has no storageQuotaMb of its own');

    await setQuota(deep.id, 30, 5);
    const moved = await post('moveinstitude', { id: region.id, parentId: agent.id });
    expect(moved.statusCode).toBe(200);
    expect((await row(deep.id)).path).toBe(`${agent.path}${region.id}/${sub.id}/${deep.id}/`);
    // Moving inside the same agent re-counts nothing twice.
    const again = await post('moveinstitude', { id: sub.id, parentId: agent.id });
    expect(again.statusCode).toBe(200);
  });

  it('counts a moved agent by its own quota, not its customers, and never nests tenants in a customer', async () => {
    const owner = await tenant('Agent Y', 'agent', platform, [50, 5]);
    const sub = await tenant('Sub agent', 'agent', platform, [40, 4]);
    // Its customers fit its own quota; only the sub-agent's 40/4 counts against Agent Y.
    await tenant('Sub customer 1', 'customer', sub, [20, 2]);
    await tenant('Sub customer 2', 'customer', sub, [20, 2]);
    await tenant('Y customer', 'customer', owner, [20, 1]);
    const over = await post('moveinstitude', { id: sub.id, parentId: owner.id });
    expect(over.statusCode).toBe(409);
    expect(over.json().jsonObject).toMatchObject({ officeId: owner.id, limit: 50, needed: 60 });
    await setQuota(owner.id, 60, 5);
    expect((await post('moveinstitude', { id: sub.id, parentId: owner.id })).statusCode).toBe(200);

    const customer = await tenant('Host customer', 'customer', platform, [10, 1]);
    const hostShop = await addOffice(t.db, 'Host shop', 'office', customer);
    const holder = await addOffice(t.db, 'Holder', 'office', platform);
    await tenant('Held customer', 'customer', holder, [1, 1]);
    const nested = await post('moveinstitude', { id: holder.id, parentId: hostShop.id });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().jsonObject).toMatchObject({
      reason: 'badParentKind',
      fields: { parentId: expect.any(String) },
    });
    // A plain office without agents or customers inside moves into a customer as before.
    const plain = await addOffice(t.db, 'Plain', 'office', platform);
    expect((await post('moveinstitude', { id: plain.id, parentId: hostShop.id })).statusCode).toBe(200);
  });

  it('refuses lowering an agent’s quota below what its customers (also nested in sub-offices) hold', async () => {
    const agent = await tenant('Agent Z', 'agent', platform, [100, 10]);
    await tenant('Z customer', 'customer', agent, [40, 4]);
    const shop = await addOffice(t.db, 'Z region', 'office', agent);
    await tenant('Z nested customer', 'customer', shop, [30, 3]);
    const before = await snapshot();

    const lowered = await post('openAgentOffice', { id: agent.id, storageQuotaMb: 60, terminalQuota: 10 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().jsonObject).toMatchObject({
      reason: 'capacityExceeded',
      officeId: agent.id,
      field: 'storageQuotaMb',
      limit: 60,
      needed: 70,
    });
    expect(lowered.json().msg).toContain('Agent Z cannot get this capacity');
    const fewer = await post('openAgentOffice', { id: agent.id, storageQuotaMb: 70, terminalQuota: 6 });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json().jsonObject).toMatchObject({ field: 'terminalQuota', limit: 6, needed: 7 });
    expect(await snapshot()).toEqual(before);

    const exact = await post('openAgentOffice', { id: agent.id, storageQuotaMb: 70, terminalQuota: 7 });
    expect(exact.statusCode).toBe(200);
    expect(await row(agent.id)).toMatchObject({ storageQuotaMb: 70, terminalQuota: 7 });
    // No quota of its own: nothing to fit.
    const open = await post('openAgentOffice', { id: agent.id, storageQuotaMb: null, terminalQuota: null });
    expect(open.statusCode).toBe(200);
  });

  it('refuses turning an office into an agent whose quota cannot hold the customers inside it', async () => {
    const hub = await addOffice(t.db, 'Hub', 'office', platform);
    const hubSub = await addOffice(t.db, 'Hub sub', 'office', hub);
    const inner = await tenant('Hub customer', 'customer', hubSub, [40, 4]);
    const small = await post('openAgentOffice', { id: hub.id, storageQuotaMb: 30, terminalQuota: 10 });
    expect(small.statusCode).toBe(409);
    expect(small.json().jsonObject).toMatchObject({ officeId: hub.id, limit: 30, needed: 40 });
    expect((await row(hub.id)).kind).toBe('office');

    await setQuota(inner.id, null, 4);
    const unlimited = await post('openAgentOffice', { id: hub.id, storageQuotaMb: 50, terminalQuota: 10 });
    expect(unlimited.statusCode).toBe(409);
    expect(unlimited.json().msg).toContain('Hub customer has no storageQuotaMb of its own');

    await setQuota(inner.id, 40, 4);
    const fits = await post('openAgentOffice', { id: hub.id, storageQuotaMb: 50, terminalQuota: 10 });
    expect(fits.statusCode).toBe(200);
    expect(await row(hub.id)).toMatchObject({ kind: 'agent', storageQuotaMb: 50, terminalQuota: 10 });
  });
});
