import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, programThumbnails } from '../../../src/db/schema/index.js';
import { decodeThumbnail } from '../../../src/modules/programs/thumbnail-service.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { programDoc } from './fixture.js';

const BASE = '/apm-web/a/api/program';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(90, 1),
]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('program thumbnails: store, serve, list, copy, delete, scope and tenancy', () => {
  let t: TestApp;
  let a1: string;
  let b: string;
  let selfUser: string;
  let adder: string;
  let viewer: string;
  let programId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const office = f.offices.a1.id;
    const maker = await addRole(t.db, 'thumbMaker', office, ['program:make:view', 'program:make:edit']);
    await addUser(t.db, 'a1self', office, [maker], { dataRange: 'self' });
    selfUser = await login(t.app, 'a1self', PASSWORD);
    const add = await addRole(t.db, 'thumbAdder', office, ['program:make:view', 'program:make:add']);
    await addUser(t.db, 'a1adder', office, [add]);
    adder = await login(t.app, 'a1adder', PASSWORD);
    const view = await addRole(t.db, 'thumbViewer', office, ['program:make:view']);
    await addUser(t.db, 'a1thumbview', office, [view]);
    viewer = await login(t.app, 'a1thumbview', PASSWORD);
    programId = (await post('save', { document: programDoc('Thumbs') })).json().data.id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie, ...headers } });
  const listed = async (id: number, cookie = a1) =>
    (await get('list?pageSize=100', cookie)).json().data.list.find((p: { id: number }) => p.id === id) as {
      thumbnailRevision: number | null;
    };

  it('lists a program without a thumbnail as such, and GET answers 404', async () => {
    expect((await listed(programId)).thumbnailRevision).toBeNull();
    expect((await get(`thumbnail?id=${programId}`)).statusCode).toBe(404);
  });

  it('stores a JPEG and serves its bytes with type, caching headers and an ETag; 304 when unchanged', async () => {
    const res = await post('thumbnail', { id: programId, image: dataUrl('image/jpeg', JPEG) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ revision: 1 });
    const img = await get(`thumbnail?id=${programId}&v=1`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(img.headers.etag).toMatch(/^"1-/);
    expect(img.rawPayload.equals(JPEG)).toBe(true);
    const again = await get(`thumbnail?id=${programId}`, a1, { 'if-none-match': img.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect((await listed(programId)).thumbnailRevision).toBe(1);
    // Readers of programs see it too; the write was audited (without the image's bytes in full).
    expect((await get(`thumbnail?id=${programId}`, viewer)).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, `${BASE}/thumbnail`));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit[0]!.params).length).toBeLessThan(2000);
  });

  it('replaces it with a PNG; a later save leaves it behind the program revision', async () => {
    expect((await post('thumbnail', { id: programId, image: dataUrl('image/png', PNG) })).statusCode).toBe(
      200,
    );
    const img = await get(`thumbnail?id=${programId}`);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const saved = (await post('save', { id: programId, document: programDoc('Thumbs') })).json().data;
    expect(saved.revision).toBe(2);
    expect(await listed(programId)).toMatchObject({ revision: 2, thumbnailRevision: 1 });
    // An image drawn from an older revision is refused when it says so.
    const stale = await post('thumbnail', { id: programId, image: dataUrl('image/png', PNG), revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().jsonObject).toMatchObject({
      reason: 'programConflict',
      field: 'revision',
      revision: 2,
    });
    const fresh = await post('thumbnail', { id: programId, image: dataUrl('image/png', PNG), revision: 2 });
    expect(fresh.json().data).toEqual({ revision: 2 });
  });

  it('refuses what is not a JPEG or PNG data URL of at most 200 KB with 400 naming image', async () => {
    const bad = [
      'not a data url',
      dataUrl('image/gif', Buffer.from('GIF89a')),
      'data:image/jpeg,rawtext',
      'data:image/jpeg;base64,@@@@',
      'data:image/jpeg;base64,/9j/4A', // not a multiple of 4
      'data:image/jpeg;base64,',
      dataUrl('image/jpeg', PNG), // PNG bytes said to be JPEG
      dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      dataUrl('image/jpeg', Buffer.concat([JPEG, Buffer.alloc(200 * 1024)])),
    ];
    for (const image of bad) {
      const res = await post('thumbnail', { id: programId, image });
      expect(res.statusCode, image.slice(0, 40)).toBe(400);
      expect(res.json().jsonObject.fields, image.slice(0, 40)).toHaveProperty('image');
    }
    expect((await post('thumbnail', { id: programId })).json().jsonObject.fields).toHaveProperty('image');
    // The stored one is unchanged.
    expect((await get(`thumbnail?id=${programId}`)).rawPayload.equals(PNG)).toBe(true);
  });

  it('decodes exactly 200 KB and no more', () => {
    const max = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(200 * 1024 - 4)]);
    expect(decodeThumbnail(dataUrl('image/jpeg', max)).bytes.length).toBe(200 * 1024);
    expect(() => decodeThumbnail(dataUrl('image/jpeg', Buffer.concat([max, Buffer.alloc(1)])))).toThrow(
      /at most 204800/,
    );
  });

  it('answers 404 outside the caller’s data range and to other tenants, and 403 without edit rights', async () => {
    const image = dataUrl('image/jpeg', JPEG);
    for (const cookie of [selfUser, b]) {
      const res = await post('thumbnail', { id: programId, image }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().jsonObject.fields).toHaveProperty('id');
      expect((await get(`thumbnail?id=${programId}`, cookie)).statusCode).toBe(404);
    }
    expect((await post('thumbnail', { id: 999_999, image })).statusCode).toBe(404);
    expect((await post('thumbnail', { id: programId, image }, viewer)).statusCode).toBe(403);
    // program:make:add alone: only for programs the caller created.
    expect((await post('thumbnail', { id: programId, image }, adder)).statusCode).toBe(403);
    const own = (await post('save', { document: programDoc('Added') }, adder)).json().data.id;
    expect((await post('thumbnail', { id: own, image }, adder)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/thumbnail?id=${programId}` })).statusCode).toBe(
      401,
    );
  });

  it('copies the thumbnail with the program, at the copy’s revision', async () => {
    const copy = (await post('copy', { id: programId })).json().data;
    expect(await listed(copy.id)).toMatchObject({ revision: 1, thumbnailRevision: 1 });
    expect((await get(`thumbnail?id=${copy.id}`)).rawPayload.equals(PNG)).toBe(true);
    const plain = (await post('save', { document: programDoc('No image') })).json().data.id;
    const plainCopy = (await post('copy', { id: plain })).json().data.id;
    expect((await listed(plainCopy)).thumbnailRevision).toBeNull();
  });

  it('removes the thumbnail with its program', async () => {
    expect((await post('delete', { ids: [programId] })).statusCode).toBe(200);
    expect((await get(`thumbnail?id=${programId}`)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(programThumbnails)
      .where(eq(programThumbnails.programId, programId));
    expect(rows).toEqual([]);
  });
});
