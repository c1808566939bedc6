import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, users } from '../../src/db/schema/index.js';
import { dataScope, isInTenant } from '../../src/lib/data-scope.js';
import type { AuthContext } from '../../src/modules/auth/session-service.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../helpers/app.js';

/** Adds an office under a parent and fills in its materialised path. */
async function addOffice(
  t: TestApp,
  parentPath: string,
  name: string,
  kind: 'agent' | 'customer' | 'office',
) {
  const parentId = Number(parentPath.split('/').filter(Boolean).at(-1));
  const [row] = await t.db.insert(offices).values({ name, kind, parentId }).returning({ id: offices.id });
  const path = `${parentPath}${row!.id}/`;
  await t.db.update(offices).set({ path }).where(eq(offices.id, row!.id));
  return { id: row!.id, path };
}

describe('dataScope: tenancy and data ranges', () => {
  let t: TestApp;
  const tree: Record<string, { id: number; path: string }> = {};
  const names = async (auth: AuthContext) =>
    (
      await t.db
        .select({ name: users.loginName })
        .from(users)
        .where(and(dataScope(auth, users.officeId, users.id)))
    )
      .map((r) => r.name)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const [root] = await t.db.select().from(offices);
    tree.root = { id: root!.id, path: root!.path };
    tree.agent = await addOffice(t, tree.root.path, 'Agent', 'agent');
    tree.custA = await addOffice(t, tree.agent.path, 'Customer A', 'customer');
    tree.shopA = await addOffice(t, tree.custA.path, 'Shop A', 'office');
    tree.custB = await addOffice(t, tree.root.path, 'Customer B', 'customer');
    for (const [loginName, key] of [
      ['agentUser', 'agent'],
      ['custAUser', 'custA'],
      ['shopAUser', 'shopA'],
      ['custBUser', 'custB'],
    ] as const) {
      const id = await createUser(t.db, { loginName, password: 'Passw0rd#1', roleCodes: ['operator'] });
      await t.db.update(users).set({ officeId: tree[key]!.id }).where(eq(users.id, id));
    }
  });
  afterAll(() => t.close());

  /** The AuthContext the server builds for a user, with a chosen data range. */
  async function authOf(loginName: string, dataRange: AuthContext['dataRange']): Promise<AuthContext> {
    await t.db.update(users).set({ dataRange }).where(eq(users.loginName, loginName));
    const cookie = await login(t.app, loginName, 'Passw0rd#1');
    const token = decodeURIComponent(cookie.split('=')[1]!).replace('Bearer ', '');
    return (await t.app.services.sessions.resolve(token))!;
  }

  it("finds each user's tenant root: the nearest customer or agent above them", async () => {
    expect((await authOf('shopAUser', 'self')).tenantPath).toBe(tree.custA!.path);
    expect((await authOf('agentUser', 'self')).tenantPath).toBe(tree.agent!.path);
    expect((await authOf('custBUser', 'self')).tenantPath).toBe(tree.custB!.path);
  });

  it('"all" stays inside the tenant: customer A never sees customer B, the agent sees its customers', async () => {
    expect(await names(await authOf('custAUser', 'all'))).toEqual(['custAUser', 'shopAUser']);
    expect(await names(await authOf('custBUser', 'all'))).toEqual(['custBUser']);
    expect(await names(await authOf('agentUser', 'all'))).toEqual(['agentUser', 'custAUser', 'shopAUser']);
  });

  it('narrows by office and below, own office, and self', async () => {
    expect(await names(await authOf('custAUser', 'officeAndBelow'))).toEqual(['custAUser', 'shopAUser']);
    expect(await names(await authOf('custAUser', 'office'))).toEqual(['custAUser']);
    expect(await names(await authOf('shopAUser', 'self'))).toEqual(['shopAUser']);
  });

  it('checks single records against the tenant', async () => {
    const auth = await authOf('custAUser', 'all');
    expect(isInTenant(auth, tree.shopA!.path)).toBe(true);
    expect(isInTenant(auth, tree.custB!.path)).toBe(false);
    expect(isInTenant(auth, tree.agent!.path)).toBe(false);
  });
});
