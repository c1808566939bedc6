import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs, roles } from '../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../helpers/app.js';

/** The input rules every route inherits (plugins/input.ts and the strict validator), on real routes. */
describe('request input', () => {
  let t: TestApp;
  let cookie: string;
  let faqId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    cookie = await login(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/faq/save',
      headers: { cookie },
      payload: { language: 'US', question: 'Original?', answer: 'Yes.' },
    });
    faqId = res.json().data.id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/apm-web${url}`,
      headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      payload: payload as string,
    });

  it('refuses ids that are not canonical decimal integers, naming the field, and changes nothing', async () => {
    for (const id of [
      ` ${faqId} `,
      `0x${faqId.toString(16)}`,
      `${faqId}e0`,
      `${faqId}.0`,
      true,
      `+${faqId}`,
    ]) {
      const edit = await post('/a/api/faq/save', { id, language: 'US', question: 'Changed?', answer: 'No.' });
      expect(edit.statusCode, JSON.stringify(id)).toBe(400);
      expect(edit.json().jsonObject.fields).toHaveProperty('id');
      const remove = await post('/a/api/faq/delete', { id: typeof id === 'string' ? id : String(id) });
      expect(remove.statusCode, JSON.stringify(id)).toBe(400);
    }
    const form = await post(
      '/a/api/faq/save',
      `id=%20${faqId}%20&language=US&question=Changed&answer=No`,
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(400);
    const [row] = await t.db.select().from(faqs).where(eq(faqs.id, faqId));
    expect(row?.question).toBe('Original?');
  });

  it('still reads canonical ids from query strings, form bodies and JSON strings', async () => {
    const form = await post(
      '/a/api/faq/publish',
      `id=${faqId}&published=true`,
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(200);
    const json = await post('/a/api/faq/publish', { id: String(faqId), published: false });
    expect(json.statusCode).toBe(200);
  });

  it('refuses integers beyond their range instead of passing them to SQL', async () => {
    for (const query of [
      'id=Infinity',
      'id=1e308',
      'id=2147483648',
      `id=${'9'.repeat(400)}`,
      'id=1&pageNo=1e308',
    ]) {
      const res = await t.app.inject({ url: `/apm-web/a/api/role/members?${query}`, headers: { cookie } });
      expect(res.statusCode, query).toBe(400);
    }
    const huge = await post('/a/api/faq/publish', `{"id":1e308,"published":true}`, 'application/json');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().jsonObject.fields).toHaveProperty('id');
  });

  it('refuses a NUL or a lone surrogate in any field, even one the route ignores, and stores nothing', async () => {
    const before = await t.db.select().from(roles);
    const nul = await post('/a/api/role/save', 'name=a%00b&code=x', 'application/x-www-form-urlencoded');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().jsonObject.fields).toEqual({ name: expect.stringContaining('NUL') });
    const surrogate = await post(
      '/a/api/user/saveUserInfo',
      '{"name":"ok","ignored":"\\ud800"}',
      'application/json',
    );
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().jsonObject.fields).toHaveProperty('ignored');
    expect(await t.db.select().from(roles)).toEqual(before);
  });

  it('refuses JSON nested deeper than 64 levels at the parser', async () => {
    const deep = `{"name":"ok","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await post('/a/api/user/saveUserInfo', deep, 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/nested deeper than 64/);
  });

  it('validates an export before it streams: a NUL in a filter is a 400, not a cut connection', async () => {
    const res = await post('/a/sys/log/logExport', { format: 'csv', path: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers a malformed multipart upload with a 400', async () => {
    const truncated = '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    for (const url of ['/a/api/file/uploader', '/a/api/user/uploadAvatar']) {
      const res = await post(url, truncated, 'multipart/form-data; boundary=X');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toMatch(/multipart/i);
    }
  });
});
