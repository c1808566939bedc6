import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, offices } from '../../../src/db/schema/index.js';
import { contentDisposition } from '../../../src/modules/materials/file-serving.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addMaterial, writeStored } from './library-fixture.js';

const FILE = '/apm-web/a/api/file';

describe('material files: getFile and getFileHandlex with Range, ETag, caching and scope', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let bare: string;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const bareRole = await addRole(t.db, 'bareA1', f.offices.a1.id, ['sys:view']);
    await addUser(t.db, 'a1bare', f.offices.a1.id, [bareRole]);
    bare = await login(t.app, 'a1bare', PASSWORD);
    const [platform] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    id.video = (
      await addMaterial(t.app, t.db, {
        name: 'Été à Paris "final".mp4',
        officeId: f.offices.a1.id,
        kind: 'video',
        mime: 'video/mp4',
        ext: '.mp4',
        bytes,
        derived: { thumb: Buffer.from('RIFF-thumb'), poster: Buffer.from('poster-jpeg'), pages: [] },
      })
    ).id;
    id.doc = (
      await addMaterial(t.app, t.db, {
        name: 'Menu.pdf',
        officeId: f.offices.a1.id,
        kind: 'document',
        mime: 'application/pdf',
        ext: '.pdf',
        bytes: '%PDF-1.4 menu',
        derived: { pages: [Buffer.from('page-one'), Buffer.from('page-two')] },
      })
    ).id;
    id.svg = (
      await addMaterial(t.app, t.db, {
        name: 'logo.svg',
        officeId: f.offices.a1.id,
        mime: 'image/svg+xml',
        ext: '.svg',
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      })
    ).id;
    id.bSecret = (
      await addMaterial(t.app, t.db, { name: 'B.png', officeId: f.offices.b.id, bytes: 'b secret' })
    ).id;
    id.common = (
      await addMaterial(t.app, t.db, {
        name: 'Common.png',
        officeId: platform!.id,
        shared: true,
        bytes: 'common',
      })
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = a1, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${FILE}/${url}`, headers: { cookie, ...headers } });

  it('serves the original with type, length, validators, private caching and the name', async () => {
    const res = await get(`getFile?id=${id.video}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="_t_ _ Paris _final_.mp4"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris%20%22final%22.mp4`,
    );
    const download = await get(`getFile?id=${id.video}&download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(contentDisposition("it's (1).png", true)).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });

  it('answers ranges (206, 416) and conditional requests (304)', async () => {
    const part = await get(`getFile?id=${id.video}`, a1, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-9/1000');
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    const tail = await get(`getFile?id=${id.video}`, a1, { range: 'bytes=990-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const beyond = await get(`getFile?id=${id.video}`, a1, { range: 'bytes=5000-6000' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
    expect(beyond.json().code).toBe(416);
    const { etag, 'last-modified': lastModified } = (await get(`getFile?id=${id.video}`)).headers;
    const fresh = await get(`getFile?id=${id.video}`, a1, { 'if-none-match': String(etag) });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    expect(fresh.headers.etag).toBe(etag);
    const since = await get(`getFile?id=${id.video}`, a1, { 'if-modified-since': String(lastModified) });
    expect(since.statusCode).toBe(304);
    const stale = await get(`getFile?id=${id.video}`, a1, { 'if-none-match': 'W/"other"' });
    expect(stale.statusCode).toBe(200);
    const suffix = await get(`getFile?id=${id.video}`, a1, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 995-999/1000');
    const staleRange = await get(`getFile?id=${id.video}`, a1, { range: 'bytes=0-9', 'if-range': 'W/"old"' });
    expect(staleRange.statusCode).toBe(200);
    expect(staleRange.rawPayload.length).toBe(1000);
    const freshRange = await get(`getFile?id=${id.video}`, a1, {
      range: 'bytes=0-9',
      'if-range': String(etag),
    });
    expect(freshRange.statusCode).toBe(206);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${FILE}/getFile?id=${id.video}`,
      headers: { cookie: a1 },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
  });

  it('serves derived files: thumbnail (custom first), poster, pages; 404 for what is missing', async () => {
    const thumb = await get(`getFileHandlex?id=${id.video}&variant=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.body).toBe('RIFF-thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toContain(
      "filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris%20%22final%22.webp",
    );
    const custom = 'thumbs/custom-1.png';
    writeStored(t.app, custom, 'custom thumb');
    await t.db.update(materials).set({ thumbPath: custom }).where(eq(materials.id, id.video!));
    expect((await get(`getFileHandlex?id=${id.video}&variant=thumb`)).body).toBe('custom thumb');
    expect((await get(`getFileHandlex?id=${id.video}&variant=poster`)).body).toBe('poster-jpeg');
    expect((await get(`getFileHandlex?id=${id.video}&variant=converted`)).statusCode).toBe(404);
    expect((await get(`getFileHandlex?id=${id.doc}&variant=page&page=2`)).body).toBe('page-two');
    expect((await get(`getFileHandlex?id=${id.doc}&variant=page&page=3`)).statusCode).toBe(404);
    expect((await get(`getFileHandlex?id=${id.doc}&variant=page`)).statusCode).toBe(400);
    expect((await get(`getFileHandlex?id=${id.doc}&variant=thumb`)).statusCode).toBe(404);
    expect((await get(`getFileHandlex?id=${id.doc}&variant=original`)).statusCode).toBe(400);
    const ranged = await get(`getFileHandlex?id=${id.doc}&variant=page&page=1`, a1, { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('page');
  });

  it('serves active content sandboxed', async () => {
    const res = await get(`getFile?id=${id.svg}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 404 outside the scope, serves shared platform files, refuses paths leaving the root', async () => {
    const foreign = await get(`getFile?id=${id.bSecret}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('b secret');
    expect((await get(`getFileHandlex?id=${id.bSecret}&variant=thumb`)).statusCode).toBe(404);
    expect((await get(`getFile?id=${id.video}`, b)).statusCode).toBe(404);
    expect((await get(`getFile?id=${id.bSecret}`, b)).body).toBe('b secret');
    expect((await get(`getFile?id=${id.common}`, b)).body).toBe('common');
    expect((await get(`getFile?id=${id.common}`)).body).toBe('common');
    expect((await get(`getFile?id=${id.video}`, bare)).statusCode).toBe(403);
    expect((await get('getFile?id=999999')).statusCode).toBe(404);
    expect((await get('getFile?id=abc')).statusCode).toBe(400);
    await t.db.update(materials).set({ thumbPath: '../../etc/passwd' }).where(eq(materials.id, id.video!));
    expect((await get(`getFileHandlex?id=${id.video}&variant=thumb`)).statusCode).toBe(404);
    const noCookie = await t.app.inject({ method: 'GET', url: `${FILE}/getFile?id=${id.video}` });
    expect(noCookie.statusCode).toBe(401);
  });
});
