import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, findUser, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addRole } from './fixture.js';

const BASE = '/apm-web/a/api/user';
const SARA = { loginName: 'sara', password: 'Sara#2026pass' };
const EDDIE = { loginName: 'eddie', password: 'Eddie#2026pass' };

describe('data range of super administrators', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    admin = await login(t.app);
    adminId = (await findUser(t.db, 'admin'))!.id;
  });
  afterAll(() => t.close());

  const setRange = (userId: number, dataRange: string, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/updateDefDataRange`,
      payload: { userId, dataRange },
      headers: { cookie },
    });
  const rangeOf = async (id: number) =>
    (await t.db.select({ r: users.dataRange }).from(users).where(eq(users.id, id)))[0]!.r;
  it('keeps the last enabled super administrator at all (409 naming dataRange), by either call', async () => {
    const res = await setRange(adminId, 'office');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().jsonObject).toMatchObject({
      reason: 'lastSuperAdminRange',
      fields: { dataRange: expect.any(String) },
    });
    expect(await rangeOf(adminId)).toBe('all');
    const saved = await saveSelf('self');
    expect(saved.statusCode, saved.body).toBe(409);
    expect(saved.json().jsonObject.reason).toBe('lastSuperAdminRange');
    expect(await rangeOf(adminId)).toBe('all');
  });

  it('lets a super administrator who narrowed their range restore all for themselves', async () => {
    const saraId = await createUser(t.db, { ...SARA, roleCodes: ['superAdmin'] });
    expect((await setRange(saraId, 'all')).statusCode).toBe(200);
    expect((await setRange(adminId, 'office')).statusCode).toBe(200);
    expect(await rangeOf(adminId)).toBe('office');
    // Narrowed, the administrator hands out nothing wider than their range to others...
    const other = await setRange(saraId, 'officeAndBelow');
    expect(other.statusCode).toBe(403);
    expect(other.json().jsonObject.reason).toBe('rangeTooWide');
    expect(await rangeOf(saraId)).toBe('all');
    // ...but restores their own.
    const res = await setRange(adminId, 'all');
    expect(res.statusCode, res.body).toBe(200);
    expect(await rangeOf(adminId)).toBe('all');
    // The same through user/save, as the console's user dialog does.
    expect((await setRange(adminId, 'self')).statusCode).toBe(200);
    const saved = await saveSelf('all');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rangeOf(adminId)).toBe('all');
  });

  it('still refuses a wider range to an administrator who is no super administrator', async () => {
    await addRole(t.db, 'userEditor', null, ['sys:user:view', 'sys:user:edit']);
    const eddieId = await createUser(t.db, { ...EDDIE, roleCodes: ['userEditor'] });
    const eddie = await login(t.app, EDDIE.loginName, EDDIE.password);
    expect((await setRange(eddieId, 'office', eddie)).statusCode).toBe(200);
    const res = await setRange(eddieId, 'all', eddie);
    expect(res.statusCode).toBe(403);
    expect(res.json().jsonObject.reason).toBe('rangeTooWide');
    expect(await rangeOf(eddieId)).toBe('office');
  });

  /** The role ids admin holds, comma-joined as the console sends them. */
  async function adminRoles(): Promise<string> {
    const res = await t.app.inject({
      url: `${BASE}/roleListByUserId?userId=${adminId}`,
      headers: { cookie: admin },
    });
    return (res.json().data as { id: number }[]).map((r) => r.id).join(',');
  }

  /** Admin edits themselves through user/save with a new data range. */
  async function saveSelf(dataRange: string) {
    const [row] = await t.db.select().from(users).where(eq(users.id, adminId));
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/save`,
      headers: { cookie: admin },
      payload: {
        id: adminId,
        loginName: row!.loginName,
        name: row!.name,
        officeId: row!.officeId,
        roleIds: await adminRoles(),
        dataRange,
      },
    });
  }
});
