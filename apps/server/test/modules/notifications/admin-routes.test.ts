import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationBatches, notifications, users } from '../../../src/db/schema/index.js';
import { INSERT_CHUNK } from '../../../src/modules/notifications/admin-service.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { PASSWORD, addOffice, addRole, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/messageNotification';
const SENDER = [
  'sys:messageNotification:view',
  'sys:messageNotification:add',
  'sys:messageNotification:delete',
];

describe('message notification management: send, list, detail, delete', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let a1sender: string;
  let a1senderId: number;
  let operator: string;
  let shop: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    const senderA1 = await addRole(t.db, 'senderA1', f.offices.a1.id, SENDER);
    a1senderId = await addUser(t.db, 'a1sender', f.offices.a1.id, [senderA1]);
    await addUser(t.db, 'a1narrow', f.offices.a1.id, [senderA1], { dataRange: 'office' });
    a1sender = await login(t.app, 'a1sender', PASSWORD);
    operator = await login(t.app, 'a1op', PASSWORD);
    shop = await login(t.app, 'a1shop', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const send = (targets: object, cookie = admin, content = 'Maintenance tonight') =>
    post('send', { contentCn: `今晚维护 ${content}`, contentEn: content, ...targets }, cookie);
  const copiesOf = async (batchId: number) =>
    (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.batchId, batchId))
    )
      .map((r) => r.userId)
      .sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const counts = async () => [
    await countRows(t.db, notifications),
    await countRows(t.db, notificationBatches),
  ];

  it('sends to the union of users, role holders and office subtrees; the bell shows it', async () => {
    const res = await send({
      userIds: [f.ids.bOp],
      roleIds: `${f.roles.adminB}`,
      officeIds: [f.offices.a1.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, recipientCount } = res.json().data;
    const expected = sorted([
      f.ids.bOp,
      f.ids.bAdmin,
      f.ids.a1admin,
      f.ids.a1op,
      f.ids.a1shop,
      a1senderId,
      (await t.db.select().from(users).where(eq(users.loginName, 'a1narrow')))[0]!.id,
    ]);
    expect(recipientCount).toBe(expected.length);
    expect(await copiesOf(id)).toEqual(expected);

    const bell = (
      await t.app.inject({ method: 'GET', url: `${BASE}/list`, headers: { cookie: shop } })
    ).json();
    expect(bell.messageList[0]).toMatchObject({ contentEn: 'Maintenance tonight', readState: '0' });
    const copyId = bell.messageList[0].id as number;
    const read = await t.app.inject({
      method: 'POST',
      url: `${BASE}/updateReadState`,
      payload: { id: `${copyId}`, readState: '1' },
      headers: { cookie: shop },
    });
    expect(read.json().data).toEqual({ updated: 1 });

    const listed = (await get('sendList')).json().data;
    expect(listed.list[0]).toMatchObject({
      id,
      contentEn: 'Maintenance tonight',
      recipientCount: expected.length,
      readCount: 1,
      senderName: 'admin',
      targets: { userIds: [f.ids.bOp], roleIds: [f.roles.adminB], officeIds: [f.offices.a1.id] },
    });
    const detail = (await get(`sendDetail?id=${id}&pageSize=100`)).json().data;
    expect(detail.count).toBe(expected.length);
    expect(detail.list.find((r: { loginName: string }) => r.loginName === 'a1shop')).toMatchObject({
      readState: '1',
      officeName: 'A1 shop',
    });
    expect((await get(`sendDetail?id=${id}&readState=1`)).json().data.count).toBe(1);
    expect((await get(`sendDetail?id=${id}&keyword=betty`)).json().data.list[0].loginName).toBe('bop');
    expect((await get(`sendDetail?id=${id}&pageSize=2&pageNo=2`)).json().data.list).toHaveLength(2);
  });

  it("limits a customer's sending to its tenant: other tenants' targets answer 400, nothing stored", async () => {
    const before = await counts();
    const refused: [object, string][] = [
      [{ userIds: [f.ids.bOp] }, 'userIds'],
      [{ userIds: [f.ids.a1op, f.ids.bAdmin] }, 'userIds'],
      [{ roleIds: [f.roles.adminB] }, 'roleIds'],
      [{ officeIds: [f.offices.b.id] }, 'officeIds'],
      [{ officeIds: [f.offices.agentA.id] }, 'officeIds'],
      [{ officeIds: [f.offices.platform.id] }, 'officeIds'],
      [{ userIds: [f.ids.a1op], officeIds: [f.offices.b.id] }, 'officeIds'],
    ];
    for (const [targets, field] of refused) {
      const res = await send(targets, a1sender);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().jsonObject).toMatchObject({ reason: 'targetOutOfRange' });
      expect(res.json().jsonObject.fields).toHaveProperty(field);
    }
    expect(await counts()).toEqual(before);

    // A platform-wide role reaches only its holders inside the sender's tenant.
    const res = await send({ roleIds: [f.roles.operator] }, a1sender, 'Operators of A1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await copiesOf(res.json().data.id)).toEqual(sorted([f.ids.a1op, f.ids.a1shop]));
  });

  it("limits a narrower data range: 'office' reaches only the sender's own office", async () => {
    const narrow = await login(t.app, 'a1narrow', PASSWORD);
    const res = await send({ officeIds: [f.offices.a1.id] }, narrow, 'Office only');
    expect(res.statusCode, res.body).toBe(200);
    const reached = await copiesOf(res.json().data.id);
    expect(reached).toContain(f.ids.a1op);
    expect(reached).not.toContain(f.ids.a1shop);
    const sub = await send({ officeIds: [f.offices.a1Shop.id] }, narrow);
    expect(sub.statusCode).toBe(400);
    expect((await send({ userIds: [f.ids.a1shop] }, narrow)).statusCode).toBe(400);
  });

  it("lists, details and deletes only sendings within the caller's range", async () => {
    const adminBatch = (await get('sendList?keyword=tonight')).json().data.list[0].id as number;
    const mine = (await get('sendList', a1sender)).json().data;
    expect(mine.list.map((b: { contentEn: string }) => b.contentEn).sort()).toEqual([
      'Office only',
      'Operators of A1',
    ]);
    expect((await get('sendList?keyword=Operators', a1sender)).json().data.count).toBe(1);
    expect(
      (await get(`sendList?keyword=${encodeURIComponent('今晚维护 Office')}`, a1sender)).json().data.count,
    ).toBe(1);
    expect((await get(`sendDetail?id=${adminBatch}`, a1sender)).statusCode).toBe(404);
    const before = await counts();
    const foreign = await post('sendDelete', { id: `${adminBatch}` }, a1sender);
    expect(foreign.statusCode).toBe(404);
    const mixed = await post('sendDelete', { id: `${mine.list[0].id},${adminBatch}` }, a1sender);
    expect(mixed.statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const own = mine.list[0] as { id: number; recipientCount: number };
    const removed = await post('sendDelete', { id: `${own.id}` }, a1sender);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect(await copiesOf(own.id)).toEqual([]);
    expect(await counts()).toEqual([before[0]! - own.recipientCount, before[1]! - 1]);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = await counts();
    const target = { userIds: [f.ids.a1op] };
    const cases: [object, string][] = [
      [{ contentCn: '', contentEn: '   ', ...target }, 'contents'],
      [{ ...target }, 'contents'],
      [{ contentCn: 'x'.repeat(2001), contentEn: 'x', ...target }, 'contentCn'],
      [{ contentCn: 'x', contentEn: 'x' }, 'targets'],
      [{ contentCn: 'x', contentEn: 'x', userIds: [], roleIds: '', officeIds: [] }, 'targets'],
      [{ contentCn: 'x', contentEn: 'x', userIds: 'abc' }, 'userIds'],
      [{ contentCn: 'x', contentEn: 'x', roleIds: [0] }, 'roleIds'],
      [{ contentCn: 'x', contentEn: 'x', officeIds: { a: 1 } }, 'officeIds'],
      [{ contentCn: 'x', contentEn: 'x', userIds: Array.from({ length: 501 }, (_, i) => i + 1) }, 'userIds'],
      [{ contentCn: 'x', contentEn: 'x', userIds: [999_999] }, 'userIds'],
    ];
    for (const [body, field] of cases) {
      const res = await post('send', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().jsonObject.fields, field).toHaveProperty(field);
    }
    // An empty office reaches nobody: refused rather than stored as an empty sending.
    const empty = await addOffice(t.db, 'Empty', 'office', f.offices.a1);
    const nobody = await send({ officeIds: [empty.id] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().jsonObject.reason).toBe('noRecipients');
    expect((await get('sendDetail?id=abc')).statusCode).toBe(400);
    expect((await get('sendDetail?id=999999')).statusCode).toBe(404);
    expect((await post('sendDelete', { id: '' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses without permission (403), changing nothing', async () => {
    const before = await counts();
    const { id } = (await get('sendList')).json().data.list[0] as { id: number };
    // Operators may read (view) but neither send nor delete.
    expect((await get('sendList', operator)).statusCode).toBe(200);
    expect((await send({ userIds: [f.ids.a1op] }, operator)).statusCode).toBe(403);
    expect((await post('sendDelete', { id: `${id}` }, operator)).statusCode).toBe(403);
    const noRole = await addUser(t.db, 'a1plain', f.offices.a1.id, []);
    const plain = await login(t.app, 'a1plain', PASSWORD);
    expect(noRole).toBeGreaterThan(0);
    expect((await get('sendList', plain)).statusCode).toBe(403);
    expect((await get(`sendDetail?id=${id}`, plain)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('stores a large sending in chunks within one transaction', async () => {
    const big = await addOffice(t.db, 'Big branch', 'office', f.offices.platform);
    const total = INSERT_CHUNK * 2 + 37;
    for (let at = 0; at < total; at += 1000) {
      const n = Math.min(1000, total - at);
      await t.db.insert(users).values(
        Array.from({ length: n }, (_, i) => ({
          officeId: big.id,
          loginName: `bulk${at + i}`,
          name: `Bulk ${at + i}`,
          passwordHash: 'x',
        })),
      );
    }
    const res = await send({ officeIds: [big.id] }, admin, 'Bulk');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recipientCount).toBe(total);
    const [row] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.batchId, res.json().data.id), isNotNull(notifications.batchId)));
    expect(row!.n).toBe(total);
  });
});
