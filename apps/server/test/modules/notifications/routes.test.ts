import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/db/schema/index.js';
import type { NotificationService } from '../../../src/modules/notifications/service.js';
import { InitService, WELCOME_NOTICE } from '../../../src/modules/system/init-service.js';
import { createTestApp, createUser, findUser, initSystem, login, type TestApp } from '../../helpers/app.js';

const BASE = '/apm-web/a/api/messageNotification';

describe('notifications: /a/api/messageNotification/...', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let adminId: number;
  let paulaId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    paulaId = await createUser(t.db, {
      loginName: 'paula',
      password: 'Paula#2026pass',
      roleCodes: ['operator'],
    });
    adminId = (await findUser(t.db, 'admin'))!.id;
    admin = await login(t.app);
    operator = await login(t.app, 'paula', 'Paula#2026pass');
    // One statement each, so that every message has its own creation time.
    for (let n = 1; n <= 25; n++) {
      await t.app.services.notifications.notify([paulaId], {
        contentCn: `消息 ${n}`,
        contentEn: `Message ${n}`,
      });
    }
  });
  afterAll(() => t.close());

  const list = (query: string, cookie: string | null) =>
    t.app.inject({ method: 'GET', url: `${BASE}/list${query}`, headers: cookie ? { cookie } : {} });
  // The console POSTs the fields form-encoded; the spec's GET is covered in test/plugins/cross-site.test.ts.
  const mark = (query: string, cookie: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/updateReadState`,
      payload: query.replace(/^\?/, ''),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
    });
  const remove = (payload: unknown, cookie: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const rowsOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
  const allRows = () => t.db.select().from(notifications).orderBy(asc(notifications.id));

  it('sends the super administrator a welcome message in both languages at initialisation', async () => {
    const res = await list('', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, data: { count: 1, pageNo: 1, pageSize: 10, unread: 1 } });
    // No language cookie: the brand default (CN) is served.
    expect(body.data.list).toEqual([
      {
        id: expect.any(Number),
        createDate: expect.any(String),
        ...WELCOME_NOTICE,
        contents: { CN: WELCOME_NOTICE.contentCn, US: WELCOME_NOTICE.contentEn },
        content: WELCOME_NOTICE.contentCn,
        language: 'CN',
        readState: '0',
      },
    ]);
    expect(new Date(body.data.list[0].createDate).toISOString()).toBe(body.data.list[0].createDate);
    expect(body.messageList).toEqual(body.data.list);
    expect(WELCOME_NOTICE.contentCn).not.toBe(WELCOME_NOTICE.contentEn);
  });

  it('pages newest first on the server, with the total and unread counts', async () => {
    const first = (await list(`?userId=${paulaId}&pageNo=1&pageSize=10`, operator)).json();
    expect(first.data).toMatchObject({ count: 25, pageNo: 1, pageSize: 10, unread: 25 });
    expect(first.data.list.map((m: { contentEn: string }) => m.contentEn)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${25 - i}`),
    );
    expect(first.messageList).toEqual(first.data.list);
    const third = (await list('?pageNo=3&pageSize=10', operator)).json();
    expect(third.data.list.map((m: { contentEn: string }) => m.contentEn)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    const beyond = (await list('?pageNo=9&pageSize=10', operator)).json();
    expect(beyond.data).toMatchObject({ list: [], count: 25, unread: 25 });
    expect(beyond.messageList).toEqual([]);
  });

  it('marks messages read and unread, counting only those that changed', async () => {
    const page = (await list('?pageSize=3', operator)).json().data.list as { id: number }[];
    const ids = page.map((m) => m.id).join(',');
    const res = await mark(`?id=${ids}&readState=1`, operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { updated: 3 } });
    expect((await mark(`?id=${ids}&readState=1`, operator)).json().data.updated).toBe(0);
    const after = (await list('?pageSize=3', operator)).json().data;
    expect(after.unread).toBe(22);
    expect(after.list.map((m: { readState: string }) => m.readState)).toEqual(['1', '1', '1']);
    expect((await mark(`?id=${page[0]!.id}&readState=0`, operator)).json().data.updated).toBe(1);
    expect((await list('', operator)).json().data.unread).toBe(23);
  });

  it("refuses to list another user's messages (403) and accepts the caller's own id", async () => {
    const res = await list(`?userId=${adminId}`, operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, data: null });
    expect(res.json().msg).toMatch(/^Request denied/);
    expect(res.body).not.toContain(WELCOME_NOTICE.contentEn);
    expect((await list(`?userId=${adminId}`, admin)).statusCode).toBe(200);
  });

  it("ignores other users' ids when marking: their rows stay unchanged", async () => {
    const adminBefore = await rowsOf(adminId);
    const own = (await rowsOf(paulaId)).find((r) => r.readState === '0')!;
    const res = await mark(`?id=${adminBefore[0]!.id},${own.id}&readState=1`, operator);
    expect(res.json().data.updated).toBe(1);
    expect(await rowsOf(adminId)).toEqual(adminBefore);
    const paulaRows = await rowsOf(paulaId);
    expect(paulaRows.find((r) => r.id === own.id)!.readState).toBe('1');
    expect(
      (await mark(`?id=${paulaRows.map((r) => r.id).join(',')}&readState=1`, admin)).json().data,
    ).toEqual({
      updated: 0,
    });
    expect(await rowsOf(paulaId)).toEqual(paulaRows);
  });

  it.each([
    ['letters', '?id=abc&readState=1', 'id'],
    ['an empty id', '?id=&readState=1', 'id'],
    ['an empty element', '?id=1,,2&readState=1', 'id'],
    ['zero', '?id=0&readState=1', 'id'],
    ['a negative id', '?id=-1&readState=1', 'id'],
    ['a fraction', '?id=1.5&readState=1', 'id'],
    ['an id beyond the integer range', '?id=99999999999&readState=1', 'id'],
    ['SQL', `?id=${encodeURIComponent('1) OR (1=1')}&readState=1`, 'id'],
    ['a missing id', '?readState=1', 'id'],
    ['readState 2', '?id=1&readState=2', 'readState'],
    ['readState "read"', '?id=1&readState=read', 'readState'],
    ['a missing readState', '?id=1', 'readState'],
  ])('answers 400 naming the field for %s, changing nothing', async (_label, query, field) => {
    const before = await allRows();
    const res = await mark(query, operator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null, jsonObject: { reason: 'validation' } });
    expect(res.json().jsonObject.fields).toHaveProperty(field);
    expect(res.json().msg).toContain(field);
    expect(await allRows()).toEqual(before);
  });

  it('answers 400 for more than 500 ids', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const res = await mark(`?id=${ids}&readState=1`, operator);
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject.fields).toHaveProperty('id');
  });

  it('answers 400 for bad paging or userId', async () => {
    for (const query of ['?pageNo=0', '?pageSize=501', '?pageNo=x', '?userId=abc', '?userId=0']) {
      const res = await list(query, operator);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });

  it('refuses deletion without sys:messageNotification:delete (403 Request denied), changing nothing', async () => {
    const before = await allRows();
    const own = before.find((r) => r.userId === paulaId)!;
    const res = await remove({ id: String(own.id) }, operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'Request denied', data: null });
    expect(await allRows()).toEqual(before);
  });

  it("ignores other users' ids when deleting; deletes own messages (form or JSON)", async () => {
    const paulaBefore = await rowsOf(paulaId);
    const foreign = paulaBefore.slice(0, 2).map((r) => r.id);
    const res = await remove({ id: foreign.join(',') }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { deleted: 0 } });
    expect(await rowsOf(paulaId)).toEqual(paulaBefore);

    const [welcome] = await rowsOf(adminId);
    const form = await t.app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${welcome!.id},${foreign[0]}`,
    });
    expect(form.json()).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect(await rowsOf(adminId)).toEqual([]);
    expect(await rowsOf(paulaId)).toEqual(paulaBefore);
    expect((await list('', admin)).json().data).toMatchObject({ list: [], count: 0, unread: 0 });
  });

  it('answers 400 naming id for a bad delete body, changing nothing', async () => {
    const before = await allRows();
    for (const payload of [{ id: 'x' }, { id: '' }, {}, { id: '1;DROP TABLE notifications' }]) {
      const res = await remove(payload, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('id');
    }
    expect(await allRows()).toEqual(before);
  });

  it('answers 401 logout without a session on every call', async () => {
    const before = await allRows();
    for (const res of [
      await list('', null),
      await mark('?id=1&readState=1', null),
      await remove({ id: '1' }, null),
      await list('', 'Authorization=Bearer%20garbage'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('logout');
    }
    expect(await allRows()).toEqual(before);
  });

  it('notify sends once per distinct user and nothing for no users', async () => {
    const { notifications: service } = t.app.services;
    expect(await service.notify([], { contentCn: 'x', contentEn: 'x' })).toBe(0);
    expect(await service.notify([adminId, adminId], { contentCn: '你好', contentEn: 'Hello' })).toBe(1);
    const data = (await list('', admin)).json().data;
    expect(data).toMatchObject({ count: 1, unread: 1, list: [{ contentCn: '你好', contentEn: 'Hello' }] });
  });
});

describe('notifications: the welcome message at initialisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('initialises the system even when the welcome message cannot be sent', async () => {
    const failing = {
      notify: () => Promise.reject(new Error('database hiccup')),
    } as unknown as NotificationService;
    const init = new InitService(t.db, t.app.services.settings, failing);
    const result = await init.initialise({ officeName: 'HQ', username: 'root', password: 'Root#2026pass' });
    expect(result.welcomeError).toBeInstanceOf(Error);
    expect(await init.isInitialised()).toBe(true);
    expect(await findUser(t.db, 'root')).toBeDefined();
    expect(await t.db.select().from(notifications)).toEqual([]);
  });

  it('documents the routes and the top-level messageList in the OpenAPI document', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/apm-web/docs/json',
      headers: { cookie: await login(t.app, 'root', 'Root#2026pass') },
    });
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([`${BASE}/list`, `${BASE}/updateReadState`, `${BASE}/delete`]),
    );
    expect(JSON.stringify(paths[`${BASE}/list`]!.get!.responses)).toContain('messageList');
  });
});
