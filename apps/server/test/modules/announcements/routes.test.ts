import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, findUser, initSystem, login, type TestApp } from '../../helpers/app.js';

const GET_URL = '/apm-web/a/api/sysSetting/announcement';
const SAVE_URL = '/apm-web/a/api/sysSetting/announcementManagerSave';

const FULL = {
  announcementTitleCh: '系统维护',
  announcementTitleEn: 'Maintenance',
  announcementContentCh: '今晚 22:00 至 23:00 系统维护。',
  announcementContentEn: 'The system is down for maintenance from 22:00 to 23:00 tonight.',
  announcemenStartTime: '2026-05-01T08:00:00.000Z',
  announcemenEndTime: '2026-05-02T08:00:00.000Z',
  colseTipOn: '1',
};

describe('announcement: /a/api/sysSetting/announcement and announcementManagerSave', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'paula', password: 'Paula#2026pass', roleCodes: ['operator'] });
    admin = await login(t.app);
    operator = await login(t.app, 'paula', 'Paula#2026pass');
  });
  afterAll(() => t.close());

  const get = (query = '?getType=1', cookie: string | null = admin) =>
    t.app.inject({ method: 'GET', url: `${GET_URL}${query}`, headers: cookie ? { cookie } : {} });
  const save = (payload: object, cookie: string | null = admin) =>
    t.app.inject({ method: 'POST', url: SAVE_URL, payload, headers: cookie ? { cookie } : {} });
  const stored = () => t.db.select().from(announcements);

  it('answers null before any announcement is saved', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });

  it('saves (JSON) and reads back the same announcement, for any signed-in user', async () => {
    const res = await save(FULL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: FULL });
    const texts = {
      CN: { title: FULL.announcementTitleCh, content: FULL.announcementContentCh },
      US: { title: FULL.announcementTitleEn, content: FULL.announcementContentEn },
    };
    // Without a language cookie, the brand default (CN) is served.
    const served = {
      ...FULL,
      texts,
      title: FULL.announcementTitleCh,
      content: FULL.announcementContentCh,
      language: 'CN',
    };
    expect((await get()).json().data).toEqual(served);
    expect((await get('?getType=1', operator)).json().data).toEqual(served);
    const [row] = await stored();
    expect(row!.updatedBy).toBe((await findUser(t.db, 'admin'))!.id);
  });

  it('saves a form body, reads local times and offsets, and saves empty times as none', async () => {
    const form = new URLSearchParams({
      announcementTitleCh: '  新标题  ',
      announcementTitleEn: 'New title',
      announcementContentCh: '内容',
      announcementContentEn: 'Content',
      announcemenStartTime: '2026-06-01 09:30:00',
      announcemenEndTime: '2026-06-01T12:00:00+02:00',
      colseTipOn: '0',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: SAVE_URL,
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      announcementTitleCh: '新标题',
      announcementTitleEn: 'New title',
      announcementContentCh: '内容',
      announcementContentEn: 'Content',
      announcemenStartTime: new Date(2026, 5, 1, 9, 30, 0).toISOString(),
      announcemenEndTime: '2026-06-01T10:00:00.000Z',
      colseTipOn: '0',
    });
    const cleared = await save({ ...FULL, announcemenStartTime: '', announcemenEndTime: '' });
    expect(cleared.json().data).toMatchObject({ announcemenStartTime: '', announcemenEndTime: '' });
    expect((await get()).json().data).toMatchObject({ announcemenStartTime: '', announcemenEndTime: '' });
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ['a Chinese title over 200 characters', { announcementTitleCh: 't'.repeat(201) }, 'announcementTitleCh'],
    ['an English title over 200 characters', { announcementTitleEn: 't'.repeat(201) }, 'announcementTitleEn'],
    [
      'Chinese content over 5000 characters',
      { announcementContentCh: 'c'.repeat(5001) },
      'announcementContentCh',
    ],
    [
      'English content over 5000 characters',
      { announcementContentEn: 'c'.repeat(5001) },
      'announcementContentEn',
    ],
    ['a start time in words', { announcemenStartTime: 'tomorrow' }, 'announcemenStartTime'],
    ['a date that does not exist', { announcemenStartTime: '2026-02-30 10:00:00' }, 'announcemenStartTime'],
    ['an hour that does not exist', { announcemenEndTime: '2026-06-01 25:00:00' }, 'announcemenEndTime'],
    ['a bad offset', { announcemenEndTime: '2026-06-01T10:00:00+15:00' }, 'announcemenEndTime'],
    [
      'an end before the start',
      { announcemenStartTime: '2026-05-02 08:00:00', announcemenEndTime: '2026-05-01 08:00:00' },
      'announcemenEndTime',
    ],
    [
      'an end equal to the start',
      { announcemenStartTime: FULL.announcemenStartTime, announcemenEndTime: FULL.announcemenStartTime },
      'announcemenEndTime',
    ],
    ['colseTipOn 2', { colseTipOn: '2' }, 'colseTipOn'],
    ['colseTipOn yes', { colseTipOn: 'yes' }, 'colseTipOn'],
    [
      'a popup switched on without any title',
      { announcementTitleCh: ' ', announcementTitleEn: '' },
      'announcementTitleCh',
    ],
    [
      'a popup switched on without any content',
      { announcementContentCh: '', announcementContentEn: '  ' },
      'announcementContentCh',
    ],
  ])('answers 400 naming the field for %s, changing nothing', async (_label, change, field) => {
    const before = await stored();
    const res = await save({ ...FULL, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null, jsonObject: { reason: 'validation' } });
    expect(res.json().jsonObject.fields).toHaveProperty(field);
    expect(res.json().msg).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it('accepts titles and contents at their limits', async () => {
    const atLimits = {
      ...FULL,
      announcementTitleCh: '标'.repeat(200),
      announcementContentEn: 'c'.repeat(5000),
    };
    const res = await save(atLimits);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(atLimits);
    await save(FULL);
  });

  it.each([
    ['getType 2', '?getType=2'],
    ['getType x', '?getType=x'],
    ['no getType', ''],
  ])('answers 400 naming getType for %s', async (_label, query) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().jsonObject.fields).toHaveProperty('getType');
  });

  it('refuses saving without sys:announcement:edit (403 Request denied), changing nothing', async () => {
    const before = await stored();
    const res = await save({ ...FULL, announcementTitleEn: 'Hijacked' }, operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'Request denied', data: null });
    expect(await stored()).toEqual(before);
  });

  it('answers 401 logout without a session, changing nothing', async () => {
    const before = await stored();
    for (const res of [await get('?getType=1', null), await save(FULL, null)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('logout');
    }
    expect(await stored()).toEqual(before);
  });
});
