import { eq } from 'drizzle-orm';
import { offices } from '../../../src/db/schema/index.js';
import { login, type TestApp } from '../../helpers/app.js';
import { caller } from '../terminals/fixture.js';
import { addRole, addUser, buildTenants, PASSWORD } from '../users/fixture.js';

const FINANCE = [
  'service:purchase:view',
  'service:purchase:edit',
  'service:payment:view',
  'service:payment:review',
];

/**
 * Tenants with capacity (agent A 10 000 MiB / 100 terminals → customer A1 1 000 MiB / 10; customer B
 * under the platform 500 MiB / 5), a finance user at the platform and at agent A, the customers'
 * administrators (operator grants: buy and follow orders) and a user of A1 without them.
 */
export async function commerceFixture(t: TestApp) {
  const f = await buildTenants(t.db);
  const { platform, agentA, a1, b } = f.offices;
  await t.db
    .update(offices)
    .set({ storageQuotaMb: 10_000, terminalQuota: 100 })
    .where(eq(offices.id, agentA.id));
  await t.db.update(offices).set({ storageQuotaMb: 1_000, terminalQuota: 10 }).where(eq(offices.id, a1.id));
  await t.db.update(offices).set({ storageQuotaMb: 500, terminalQuota: 5 }).where(eq(offices.id, b.id));
  const platformFinance = await addRole(t.db, 'financeP', platform.id, FINANCE);
  const agentFinance = await addRole(t.db, 'financeA', agentA.id, FINANCE);
  const a1Buyer = await addRole(t.db, 'buyerA1', a1.id, ['service:purchase:edit', 'service:purchase:view']);
  await addUser(t.db, 'pfinance', platform.id, [platformFinance], { name: 'Paula Finance' });
  await addUser(t.db, 'afinance', agentA.id, [agentFinance], { name: 'Arno Finance' });
  await addUser(t.db, 'a1editor', a1.id, [a1Buyer]);
  await addUser(t.db, 'a1nobody', a1.id, [f.roles.powerA1]);
  return {
    ...f,
    api: caller(t.app),
    cookies: {
      admin: await login(t.app),
      pFinance: await login(t.app, 'pfinance', PASSWORD),
      aFinance: await login(t.app, 'afinance', PASSWORD),
      a1: await login(t.app, 'a1admin', PASSWORD),
      a1Editor: await login(t.app, 'a1editor', PASSWORD),
      a1Nobody: await login(t.app, 'a1nobody', PASSWORD),
      b: await login(t.app, 'badmin', PASSWORD),
    },
  };
}

export type CommerceFixture = Awaited<ReturnType<typeof commerceFixture>>;

/** A service of the caller's catalogue; answers its id. */
export async function addService(f: CommerceFixture, cookie: string, body: object): Promise<number> {
  const res = await f.api.post('purchase/saveService', cookie, {
    kind: 'storage',
    name: 'Storage 100 MiB',
    units: 100,
    unitPriceMinor: 1999,
    currency: 'EUR',
    taxRateBp: 1300,
    ...body,
  });
  if (res.status !== 200) throw new Error(`saveService refused: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

/** Fields a 4xx names. */
export const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

/** Today as `YYYY-MM-DD` (UTC). */
export const today = () => new Date().toISOString().slice(0, 10);
