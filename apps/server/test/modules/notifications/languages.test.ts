import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationBatches, notifications } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';

const BASE = '/apm-web/a/api/messageNotification';

describe('message notifications in any of the 7 languages', () => {
  let t: TestApp;
  let admin: string;
  let paula: string;
  let paulaId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    paulaId = await createUser(t.db, {
      loginName: 'paula',
      password: 'Paula#2026pass',
      roleCodes: ['operator'],
    });
    admin = await login(t.app);
    paula = await login(t.app, 'paula', 'Paula#2026pass');
  });
  afterAll(() => t.close());

  const send = (body: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/send`,
      payload: body,
      headers: { cookie: admin, ...headers },
    });
  /** Paula's newest message, read with a language cookie (or none). */
  const newest = async (language?: string, query = '') => {
    const cookie = language ? `${paula}; language=${language}` : paula;
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/list?pageSize=1${query}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list[0];
  };
  const counts = async () => [
    await countRows(t.db, notifications),
    await countRows(t.db, notificationBatches),
  ];

  it('sends Italian only; a Russian reader gets the Italian text, marked as Italian', async () => {
    const res = await send({ contents: { IT: '  Manutenzione stasera  ' }, userIds: [paulaId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await newest('RU')).toMatchObject({
      contents: { IT: 'Manutenzione stasera' },
      content: 'Manutenzione stasera',
      language: 'IT',
      contentCn: '',
      contentEn: '',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/sendList?keyword=stasera`,
      headers: { cookie: `${admin}; language=RU` },
    });
    expect(listed.json().data).toMatchObject({
      count: 1,
      list: [{ content: 'Manutenzione stasera', language: 'IT', contents: { IT: 'Manutenzione stasera' } }],
    });
  });

  it("falls back from the reader's language to the brand default, US, CN, then the first language", async () => {
    const contents = { CN: '维护', US: 'Maintenance', FR: 'Maintenance ce soir', KR: '점검' };
    expect((await send({ contents, userIds: [paulaId] })).statusCode).toBe(200);
    expect(await newest('FR')).toMatchObject({ content: 'Maintenance ce soir', language: 'FR' });
    // Not in Russian: the brand default (CN out of the box), also without a cookie.
    expect(await newest('RU')).toMatchObject({ content: '维护', language: 'CN' });
    expect(await newest()).toMatchObject({ content: '维护', language: 'CN' });
    const brand = await t.app.services.settings.get('brandDefault');
    await t.app.services.settings.set('brandDefault', { ...brand, defaultLanguage: 'KR' });
    expect(await newest()).toMatchObject({ content: '점검', language: 'KR' });
    expect(await newest('RU')).toMatchObject({ language: 'KR' });
    // An explicit language parameter wins over the cookie; an unknown one is refused.
    expect(await newest('RU', '&language=FR')).toMatchObject({ language: 'FR' });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${BASE}/list?language=XX`,
      headers: { cookie: paula },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().jsonObject.fields).toHaveProperty('language');
    await t.app.services.settings.set('brandDefault', brand);

    // Neither the reader's language nor the brand's: US, then CN, then the first in console order.
    const others = { US: 'Maintenance', FR: 'Maintenance ce soir', KR: '점검' };
    expect((await send({ contents: others, userIds: [paulaId] })).statusCode).toBe(200);
    expect(await newest('RU')).toMatchObject({ content: 'Maintenance', language: 'US' });

    expect((await send({ contents: { KR: '점검', HK: '維護' }, userIds: [paulaId] })).statusCode).toBe(200);
    expect(await newest('RU')).toMatchObject({ content: '維護', language: 'HK' });
    expect((await send({ contents: { KR: '점검', CN: '维护' }, userIds: [paulaId] })).statusCode).toBe(200);
    expect(await newest('IT')).toMatchObject({ content: '维护', language: 'CN' });
  });

  it("still takes the spec's contentCn/contentEn (as CN and US), JSON or form-encoded", async () => {
    const json = await send({ contentCn: '旧客户端', contentEn: 'Old client', userIds: [paulaId] });
    expect(json.statusCode, json.body).toBe(200);
    expect(await newest('US')).toMatchObject({
      contents: { CN: '旧客户端', US: 'Old client' },
      contentCn: '旧客户端',
      contentEn: 'Old client',
      content: 'Old client',
    });
    const form = await send(`contentEn=Form+only&userIds=${paulaId}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await newest('CN')).toMatchObject({
      contents: { US: 'Form only' },
      content: 'Form only',
      language: 'US',
    });
    const contents = encodeURIComponent(JSON.stringify({ RU: 'Техобслуживание', CN: '维护' }));
    const formMap = await send(
      `contents=${contents}&contentCn=${encodeURIComponent('维护')}&userIds=${paulaId}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(formMap.statusCode, formMap.body).toBe(200);
    expect(await newest('RU')).toMatchObject({
      contents: { CN: '维护', RU: 'Техобслуживание' },
      language: 'RU',
    });
  });

  it.each([
    ['no language at all', 'contents', {}],
    ['an empty map', 'contents', { contents: {} }],
    ['an empty JSON map', 'contents', { contents: '{}' }],
    ['only blank spec fields', 'contents', { contentCn: ' ', contentEn: '' }],
    ['an unknown language code', 'contents.XX', { contents: { IT: 'Ciao', XX: 'x' } }],
    ['a lower-case code', 'contents.it', { contents: { it: 'Ciao' } }],
    ['a blank language', 'contents.IT', { contents: { IT: '   ' } }],
    ['a language over 2000 characters', 'contents.RU', { contents: { RU: 'я'.repeat(2001) } }],
    ['a language that is not text', 'contents.FR', { contents: { FR: 5 } }],
    ['a list', 'contents', { contents: ['IT'] }],
    ['JSON that does not parse', 'contents', { contents: '{IT:' }],
    ['a spec field that contradicts the map', 'contentCn', { contents: { CN: '甲' }, contentCn: '乙' }],
  ])('refuses %s with 400 naming %s, storing nothing', async (_label, field, body) => {
    const before = await counts();
    const res = await send({ ...body, userIds: [paulaId] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, jsonObject: { reason: 'validation' } });
    expect(res.json().jsonObject.fields).toHaveProperty([field]);
    expect(await counts()).toEqual(before);
  });

  it('accepts all seven languages at the limit, and the same text given both ways', async () => {
    const contents = Object.fromEntries(
      ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'].map((l) => [l, l.repeat(1000)]),
    );
    expect((await send({ contents, userIds: [paulaId] })).statusCode).toBe(200);
    expect(Object.keys((await newest('KR')).contents)).toEqual(['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR']);
    const same = await send({ contents: { CN: '同' }, contentCn: '同', userIds: [paulaId] });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('gives system notices sent with the spec fields in their languages', async () => {
    await t.app.services.notifications.notify([paulaId], { contents: { IT: 'Benvenuta' } });
    expect(await newest('US')).toMatchObject({ content: 'Benvenuta', language: 'IT', contentEn: '' });
  });
});
