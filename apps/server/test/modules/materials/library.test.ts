import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, offices } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addMaterial } from './library-fixture.js';

const BASE = '/apm-web/a/api/material';

describe('material library: list, details, rename, move, share, tenancy', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let a1: string;
  let b: string;
  let bare: string;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const bareRole = await addRole(t.db, 'bareA1', f.offices.a1.id, ['sys:view']);
    await addUser(t.db, 'a1bare', f.offices.a1.id, [bareRole]);
    bare = await login(t.app, 'a1bare', PASSWORD);
    const [adminRow] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const add = async (key: string, m: Parameters<typeof addMaterial>[2]) => {
      id[key] = (await addMaterial(t.app, t.db, m)).id;
    };
    const a1Id = f.offices.a1.id;
    await add('beach', {
      name: 'Beach.png',
      officeId: a1Id,
      createdBy: f.ids.a1admin,
      bytes: 'x'.repeat(300),
      createdAt: new Date('2026-01-05T10:00:00Z'),
      derived: { thumb: Buffer.from('thumb') },
    });
    await add('clip', {
      name: 'Clip.mp4',
      officeId: a1Id,
      createdBy: f.ids.a1op,
      kind: 'video',
      mime: 'video/mp4',
      ext: '.mp4',
      bytes: 'v'.repeat(5000),
      processState: 'failed',
      createdAt: new Date('2026-02-10T10:00:00Z'),
      meta: { videoCodec: 'hevc', audioCodec: 'aac' },
    });
    await add('report', {
      name: 'report_100%.pdf',
      officeId: a1Id,
      createdBy: f.ids.a1admin,
      kind: 'document',
      mime: 'application/pdf',
      ext: '.pdf',
      bytes: 'p'.repeat(1000),
      reviewState: 'pending',
      createdAt: new Date('2026-03-01T23:30:00Z'),
      derived: { pages: [Buffer.from('page1'), Buffer.from('page2')] },
    });
    await add('shop', {
      name: 'shop banner.png',
      officeId: f.offices.a1Shop.id,
      createdBy: f.ids.a1shop,
      bytes: 's'.repeat(10),
      createdAt: new Date('2026-03-05T10:00:00Z'),
    });
    await add('bSecret', { name: 'B secret.png', officeId: f.offices.b.id, createdBy: f.ids.bAdmin });
    await add('common', { name: 'Common logo.png', officeId: adminRow!.id, shared: true });
    await add('draft', { name: 'Platform draft.png', officeId: adminRow!.id });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const names = async (query: string, cookie = a1) => {
    const res = await get(`list?pageSize=100&${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list.map((m: { name: string }) => m.name);
  };
  const row = async (key: string) =>
    (await t.db.select().from(materials).where(eq(materials.id, id[key]!)))[0]!;

  it('lists what the caller may see: own range plus shared platform materials, newest first', async () => {
    expect(await names('')).toEqual([
      'Common logo.png',
      'shop banner.png',
      'report_100%.pdf',
      'Clip.mp4',
      'Beach.png',
    ]);
    expect(await names('', b)).toEqual(['Common logo.png', 'B secret.png']);
    expect((await names('', admin)).sort()).toEqual([
      'B secret.png',
      'Beach.png',
      'Clip.mp4',
      'Common logo.png',
      'Platform draft.png',
      'report_100%.pdf',
      'shop banner.png',
    ]);
    const beach = (await get('list?keyword=beach')).json().data.list[0];
    expect(beach).toMatchObject({
      id: id.beach,
      kind: 'image',
      size: 300,
      mime: 'image/png',
      officeName: 'Customer A1',
      creatorName: 'Alice Admin',
      width: 640,
      processState: 'done',
      reviewState: 'approved',
      thumbUrl: `/apm-web/a/api/file/getFileHandlex?id=${id.beach}&variant=thumb`,
      fileUrl: `/apm-web/a/api/file/getFile?id=${id.beach}`,
      createdAt: '2026-01-05T10:00:00.000Z',
    });
    expect((await get('list?keyword=clip')).json().data.list[0].thumbUrl).toBeNull();
  });

  it('filters by kind, states, uploader, dates and name (LIKE wildcards taken literally)', async () => {
    expect(await names('kind=video')).toEqual(['Clip.mp4']);
    expect(await names('reviewState=pending')).toEqual(['report_100%.pdf']);
    expect(await names('processState=failed')).toEqual(['Clip.mp4']);
    expect(await names(`createdBy=${f.ids.a1admin}`)).toEqual(['report_100%.pdf', 'Beach.png']);
    expect(await names('dateFrom=2026-02-01&dateTo=2026-03-01')).toEqual(['report_100%.pdf', 'Clip.mp4']);
    expect(await names('dateFrom=2026-02-01&dateTo=2026-03-01T12:00:00Z')).toEqual(['Clip.mp4']);
    expect(await names('keyword=REPORT')).toEqual(['report_100%.pdf']);
    expect(await names('keyword=%25')).toEqual(['report_100%.pdf']);
    expect(await names('keyword=_')).toEqual(['report_100%.pdf']);
    expect(await names('keyword=b_ach')).toEqual([]);
    for (const [query, field] of [
      ['dateFrom=yesterday', 'dateFrom'],
      ['dateFrom=2026-03-02&dateTo=2026-03-01', 'dateTo'],
    ]) {
      const res = await get(`list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().jsonObject.fields, query).toHaveProperty(field!);
    }
    for (const query of ['kind=movie', 'sortField=md5', 'pageSize=1000', 'folderId=-1', 'reviewState=x']) {
      expect((await get(`list?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('sorts and pages on the server', async () => {
    expect(await names('sortField=name&sortOrder=asc')).toEqual([
      'Beach.png',
      'Clip.mp4',
      'Common logo.png',
      'report_100%.pdf',
      'shop banner.png',
    ]);
    expect((await names('sortField=size&sortOrder=desc')).slice(0, 3)).toEqual([
      'Clip.mp4',
      'report_100%.pdf',
      'Beach.png',
    ]);
    const page = (await get('list?sortField=name&sortOrder=asc&pageSize=2&pageNo=2')).json().data;
    expect(page).toMatchObject({ count: 5, pageNo: 2, pageSize: 2 });
    expect(page.list.map((m: { name: string }) => m.name)).toEqual(['Common logo.png', 'report_100%.pdf']);
  });

  it('answers details within the scope only, shared ones to every tenant', async () => {
    const res = await get(`detail?id=${id.report}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'report_100%.pdf',
      folderPath: [],
      pages: 2,
      pageUrls: [
        `/apm-web/a/api/file/getFileHandlex?id=${id.report}&variant=page&page=1`,
        `/apm-web/a/api/file/getFileHandlex?id=${id.report}&variant=page&page=2`,
      ],
      posterUrl: null,
      convertedUrl: null,
      usedBy: [],
      reviewedAt: null,
      reviewerName: null,
    });
    expect((await get(`detail?id=${id.clip}`)).json().data).toMatchObject({
      videoCodec: 'hevc',
      audioCodec: 'aac',
      processError: 'needs ffmpeg: install it on the server',
    });
    expect((await get(`detail?id=${id.bSecret}`)).statusCode).toBe(404);
    expect((await get(`detail?id=${id.draft}`)).statusCode).toBe(404);
    expect((await get(`detail?id=${id.common}`, b)).statusCode).toBe(200);
    expect((await get(`detail?id=${id.beach}`, b)).statusCode).toBe(404);
    expect((await get(`detail?id=${id.beach}`, bare)).statusCode).toBe(403);
  });

  it('renames within the scope only; shared platform materials are read-only to tenants', async () => {
    expect((await post('rename', { id: id.bSecret, name: 'Mine now' })).statusCode).toBe(404);
    expect((await post('rename', { id: id.common, name: 'Mine now' })).statusCode).toBe(404);
    expect((await row('bSecret')).name).toBe('B secret.png');
    expect((await row('common')).name).toBe('Common logo.png');
    for (const name of ['', '   ', 'a/b', 'x'.repeat(201)]) {
      const res = await post('rename', { id: id.beach, name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('name');
    }
    expect((await post('rename', { id: id.beach, name: '  Beach day.png ' })).statusCode).toBe(200);
    expect((await row('beach')).name).toBe('Beach day.png');
    expect((await post('rename', { id: id.beach, name: 'Nope' }, bare)).statusCode).toBe(403);
  });

  it('moves materials into folders of the scope, all or nothing', async () => {
    const folder = (await post('folder/save', { name: 'Summer' })).json().data.id as number;
    const bFolder = (await post('folder/save', { name: 'B stuff' }, b)).json().data.id as number;
    const refused = await post('move', { ids: [id.beach, id.bSecret], folderId: folder });
    expect(refused.statusCode).toBe(404);
    expect((await row('beach')).folderId).toBeNull();
    expect((await row('bSecret')).folderId).toBeNull();
    const foreign = await post('move', { ids: [id.beach], folderId: bFolder });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().jsonObject.fields).toHaveProperty('folderId');
    expect((await post('move', { ids: `${id.beach},${id.clip}`, folderId: folder })).statusCode).toBe(200);
    expect(await names(`folderId=${folder}`)).toEqual(['Clip.mp4', 'Beach day.png']);
    expect(await names('folderId=0')).toEqual(['Common logo.png', 'shop banner.png', 'report_100%.pdf']);
    expect((await get(`detail?id=${id.clip}`)).json().data.folderPath).toEqual([
      { id: folder, name: 'Summer' },
    ]);
    expect((await post('move', { ids: [id.clip], folderId: null })).statusCode).toBe(200);
    expect((await row('clip')).folderId).toBeNull();
    expect((await post('move', { ids: 'a,b', folderId: null })).statusCode).toBe(400);
  });

  it('shares platform materials only, and only platform users may', async () => {
    expect((await post('share', { ids: [id.beach], shared: true })).statusCode).toBe(403);
    expect((await row('beach')).shared).toBe(false);
    expect((await post('share', { ids: [id.beach], shared: true }, admin)).statusCode).toBe(403);
    expect((await row('beach')).shared).toBe(false);
    expect((await post('share', { ids: [id.draft], shared: true }, admin)).statusCode).toBe(200);
    expect(await names('', b)).toContain('Platform draft.png');
    expect((await get(`detail?id=${id.draft}`, b)).statusCode).toBe(200);
    expect((await post('share', { ids: [id.draft], shared: false }, admin)).statusCode).toBe(200);
    expect((await get(`detail?id=${id.draft}`, b)).statusCode).toBe(404);
  });

  it('keeps offices holding materials from being deleted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/office/deleteOffice',
      payload: { id: f.offices.a1Shop.id },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('1 materials');
  });

  it('answers the storage capacity of the caller', async () => {
    const res = await get('capacity');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveProperty('usedBytes');
    expect((await get('capacity', bare)).statusCode).toBe(403);
  });
});
