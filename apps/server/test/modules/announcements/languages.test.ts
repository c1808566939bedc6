import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../src/db/schema/index.js';
import { createTestApp, createUser, initSystem, login, type TestApp } from '../../helpers/app.js';

const GET_URL = '/apm-web/a/api/sysSetting/announcement?getType=1';
const SAVE_URL = '/apm-web/a/api/sysSetting/announcementManagerSave';
const ON = { colseTipOn: '1', announcemenStartTime: '', announcemenEndTime: '' };

describe('announcements in any of the 7 languages', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    await createUser(t.db, { loginName: 'paula', password: 'Paula#2026pass', roleCodes: ['operator'] });
    admin = await login(t.app);
    reader = await login(t.app, 'paula', 'Paula#2026pass');
  });
  afterAll(() => t.close());

  const save = (payload: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: SAVE_URL, payload, headers: { cookie: admin, ...headers } });
  const read = async (language?: string, query = '') => {
    const cookie = language ? `${reader}; language=${language}` : reader;
    const res = await t.app.inject({ method: 'GET', url: `${GET_URL}${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stored = () => t.db.select().from(announcements);

  it('saves Italian only; a Russian reader gets the Italian text, marked as Italian', async () => {
    const texts = { IT: { title: '  Manutenzione  ', content: 'Stasera dalle 22.' } };
    const res = await save({ ...ON, texts });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read('RU')).toEqual({
      ...ON,
      texts: { IT: { title: 'Manutenzione', content: 'Stasera dalle 22.' } },
      title: 'Manutenzione',
      content: 'Stasera dalle 22.',
      language: 'IT',
      announcementTitleCh: '',
      announcementTitleEn: '',
      announcementContentCh: '',
      announcementContentEn: '',
    });
  });

  it("falls back from the reader's language to the brand default, US, CN, then the first", async () => {
    const texts = {
      KR: { title: '점검', content: '오늘 밤' },
      FR: { title: 'Maintenance', content: 'Ce soir' },
      US: { title: 'Maintenance', content: 'Tonight' },
      CN: { title: '维护', content: '今晚' },
    };
    expect((await save({ ...ON, texts })).statusCode).toBe(200);
    expect(await read('FR')).toMatchObject({ content: 'Ce soir', language: 'FR' });
    expect(await read('RU')).toMatchObject({ content: '今晚', language: 'CN' });
    expect(await read('RU', '&language=KR')).toMatchObject({ content: '오늘 밤', language: 'KR' });
    // Stored and answered in console order, whatever order they came in.
    expect(Object.keys((await read()).texts)).toEqual(['CN', 'US', 'FR', 'KR']);
    const brand = await t.app.services.settings.get('brandDefault');
    await t.app.services.settings.set('brandDefault', { ...brand, defaultLanguage: 'IT' });
    expect(await read('RU')).toMatchObject({ content: 'Tonight', language: 'US' });
    await t.app.services.settings.set('brandDefault', brand);
    const { US: _us, ...noEnglish } = texts;
    expect((await save({ ...ON, texts: { KR: noEnglish.KR, FR: noEnglish.FR } })).statusCode).toBe(200);
    expect(await read('RU')).toMatchObject({ content: 'Ce soir', language: 'FR' });
  });

  it("still takes the spec's Chinese and English fields (as CN and US), also beside texts", async () => {
    const res = await save({
      ...ON,
      announcementTitleCh: '维护',
      announcementContentCh: '今晚',
      announcementTitleEn: 'Maintenance',
      announcementContentEn: 'Tonight',
      texts: { RU: { title: 'Техобслуживание', content: 'Сегодня' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().data.texts)).toEqual(['CN', 'US', 'RU']);
    expect(await read('US')).toMatchObject({ announcementTitleEn: 'Maintenance', title: 'Maintenance' });
    const texts = encodeURIComponent(JSON.stringify({ HK: { title: '維護', content: '今晚' } }));
    const form = await save(
      `colseTipOn=1&texts=${texts}&announcementTitleEn=Hi&announcementContentEn=Hello`,
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(await read('HK')).toMatchObject({ title: '維護', language: 'HK', texts: { US: { title: 'Hi' } } });
  });

  it('saves a popup that is off without any text (clearing it)', async () => {
    const res = await save({ colseTipOn: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read('RU')).toMatchObject({ texts: {}, title: '', content: '', language: null });
  });

  it.each([
    ['a popup without any language', 'texts', { ...ON }],
    ['a popup with an empty map', 'texts', { ...ON, texts: {} }],
    ['an unknown language code', 'texts.XX', { ...ON, texts: { XX: { title: 'x', content: 'y' } } }],
    ['an unknown code on a popup that is off', 'texts.EN', { texts: { EN: { title: 'x', content: 'y' } } }],
    ['a popup language without content', 'texts.IT.content', { ...ON, texts: { IT: { title: 'Ciao' } } }],
    ['a popup language without title', 'texts.KR.title', { ...ON, texts: { KR: { content: '점검' } } }],
    ['a blank language', 'texts.FR', { texts: { FR: { title: ' ', content: '' } } }],
    [
      'a title over 200 characters',
      'texts.IT.title',
      { texts: { IT: { title: 't'.repeat(201), content: 'c' } } },
    ],
    [
      'content over 5000 characters',
      'texts.RU.content',
      { texts: { RU: { title: 't', content: 'c'.repeat(5001) } } },
    ],
    ['a title that is not text', 'texts.IT.title', { texts: { IT: { title: 1, content: 'c' } } }],
    ['an unknown field', 'texts.IT', { texts: { IT: { title: 't', content: 'c', body: 'b' } } }],
    ['a language that is text', 'texts.IT', { texts: { IT: 'Ciao' } }],
    ['JSON that does not parse', 'texts', { texts: '{' }],
    [
      'a spec field that contradicts texts',
      'announcementTitleCh',
      {
        texts: { CN: { title: '甲', content: '内容' } },
        announcementTitleCh: '乙',
        announcementContentCh: '内容',
      },
    ],
  ])('refuses %s with 400 naming %s, changing nothing', async (_label, field, body) => {
    await save({ ...ON, texts: { IT: { title: 'Ciao', content: 'Tutti' } } });
    const before = await stored();
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, jsonObject: { reason: 'validation' } });
    expect(res.json().jsonObject.fields).toHaveProperty([field]);
    expect(await stored()).toEqual(before);
  });
});
