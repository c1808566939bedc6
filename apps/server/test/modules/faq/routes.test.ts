import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

const BASE = '/apm-web/a/api/faq';
const FAQ_ALL = ['sys:faq:view', 'sys:faq:add', 'sys:faq:edit', 'sys:faq:delete'];

describe('common problems: /a/api/faq/...', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customerAdmin: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    admin = await login(t.app);
    const viewRole = await addRole(t.db, 'faqViewer', null, ['sys:faq:view']);
    await addUser(t.db, 'faqviewer', f.offices.platform.id, [viewRole]);
    viewer = await login(t.app, 'faqviewer', PASSWORD);
    const tenantFaq = await addRole(t.db, 'tenantFaq', f.offices.b.id, FAQ_ALL);
    await addUser(t.db, 'bfaq', f.offices.b.id, [tenantFaq]);
    customerAdmin = await login(t.app, 'bfaq', PASSWORD);
    operator = await login(t.app, 'a1op', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const faq = (extra: object = {}) => ({
    language: 'US',
    question: 'How do I add a terminal?',
    answer: 'Open Terminal management and press Create.',
    ...extra,
  });

  it('creates, lists, filters, searches, edits, publishes and deletes entries', async () => {
    const first = await post('save', faq({ sort: 2 }));
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id as number;
    await post('save', faq({ question: 'How do I reset my password?', answer: 'Ask an admin.', sort: 1 }));
    await post('save', faq({ language: 'CN', question: '如何添加终端？', answer: '打开终端管理。' }));
    await post('save', faq({ question: 'Draft', answer: 'Not yet', published: false }));

    const all = (await get('list')).json().data;
    expect(all.count).toBe(4);
    expect((await get('list?language=CN')).json().data.count).toBe(1);
    expect((await get('list?language=US&published=0')).json().data.count).toBe(1);
    expect((await get('list?keyword=terminal')).json().data.count).toBe(1);
    expect((await get(`list?keyword=${encodeURIComponent('终端')}`)).json().data.count).toBe(1);
    expect((await get('list?pageSize=2&pageNo=2')).json().data.list).toHaveLength(2);

    // Users read the published entries of their language, in sort order.
    const published = (await get('published?language=US', operator)).json().data;
    expect(published.map((e: { question: string }) => e.question)).toEqual([
      'How do I reset my password?',
      'How do I add a terminal?',
    ]);
    expect((await get('published?language=US&keyword=password', operator)).json().data).toHaveLength(1);
    const cn = await t.app.inject({
      method: 'GET',
      url: `${BASE}/published`,
      headers: { cookie: `${operator}; language=CN` },
    });
    expect(cn.json().data).toEqual([expect.objectContaining({ question: '如何添加终端？' })]);
    expect((await get('published?language=KR', operator)).json().data).toEqual([]);

    const edited = await post('save', faq({ id, answer: 'Terminal management → Create.', sort: 2 }));
    expect(edited.statusCode).toBe(200);
    expect((await get('list?keyword=→')).json().data.list[0]).toMatchObject({ id, sort: 2 });

    expect((await post('publish', { id, published: false })).statusCode).toBe(200);
    expect((await get('published?language=US', operator)).json().data).toHaveLength(1);
    expect((await post('publish', { id, published: true })).statusCode).toBe(200);
    expect((await get('published?language=US', operator)).json().data).toHaveLength(2);

    expect((await post('delete', { id: `${id}` })).json().data).toEqual({ deleted: 1 });
    expect((await get('list')).json().data.count).toBe(3);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const n = await countRows(t.db, faqs);
    const cases: [object, string][] = [
      [faq({ question: '  ' }), 'question'],
      [faq({ question: 'q'.repeat(501) }), 'question'],
      [faq({ answer: '' }), 'answer'],
      [faq({ answer: 'a'.repeat(10_001) }), 'answer'],
    ];
    for (const [body, field] of cases) {
      const res = await post('save', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty(field);
    }
    expect((await post('save', faq({ language: 'XX' }))).statusCode).toBe(400);
    expect((await post('save', { language: 'US' })).statusCode).toBe(400);
    expect((await post('publish', { id: 'x', published: true })).statusCode).toBe(400);
    expect((await post('publish', { id: 999_999, published: true })).statusCode).toBe(404);
    expect((await post('save', faq({ id: 999_999 }))).statusCode).toBe(404);
    expect((await post('delete', { id: '1,,2' })).statusCode).toBe(400);
    expect((await get('list?language=zz')).statusCode).toBe(400);
    expect(await countRows(t.db, faqs)).toBe(n);
  });

  it('refuses management without permission (403) and deletes all or nothing', async () => {
    const { id } = (await get('list?pageSize=1')).json().data.list[0] as { id: number };
    const n = await countRows(t.db, faqs);
    expect((await get('list', operator)).statusCode).toBe(403);
    expect((await get('list', viewer)).statusCode).toBe(200);
    for (const res of [
      await post('save', faq(), viewer),
      await post('save', faq({ id }), viewer),
      await post('publish', { id, published: false }, viewer),
      await post('delete', { id: `${id}` }, viewer),
      await post('save', faq(), operator),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    const mixed = await post('delete', { id: `${id},999999` });
    expect(mixed.statusCode).toBe(404);
    expect(await countRows(t.db, faqs)).toBe(n);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/published` })).statusCode).toBe(401);
  });

  it('refuses a customer administrator holding sys:faq:* (platform-wide data), changing nothing', async () => {
    const { id, published } = (await get('list?pageSize=1')).json().data.list[0] as {
      id: number;
      published: boolean;
    };
    const n = await countRows(t.db, faqs);
    for (const res of [
      await post('save', faq(), customerAdmin),
      await post('save', faq({ id, question: 'Hijacked' }), customerAdmin),
      await post('publish', { id, published: !published }, customerAdmin),
      await post('delete', { id: `${id}` }, customerAdmin),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().jsonObject.reason).toBe('platformOnly');
    }
    expect(await countRows(t.db, faqs)).toBe(n);
    expect((await get('list?pageSize=1')).json().data.list[0]).toMatchObject({ id, published });
  });
});
