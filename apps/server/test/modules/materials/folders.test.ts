import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFolders } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addMaterial } from './library-fixture.js';

const BASE = '/apm-web/a/api/material/folder';

describe('material folders: tree, save, move without cycles, delete when empty', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const viewRole = await addRole(t.db, 'viewA1', f.offices.a1.id, ['res:material:view']);
    await addUser(t.db, 'a1viewer', f.offices.a1.id, [viewRole]);
    viewer = await login(t.app, 'a1viewer', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const tree = async (cookie = a1) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/tree`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: number;
      parentId: number | null;
      name: string;
      materialCount: number;
      childCount: number;
    }[];
  };
  const save = async (payload: object, cookie = a1) => {
    const res = await post('save', payload, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const folder = async (id: number) =>
    (await t.db.select().from(materialFolders).where(eq(materialFolders.id, id)))[0];

  it('creates, renames and lists folders, parents first, with counts, per tenant', async () => {
    const media = await save({ name: 'Media' });
    const videos = await save({ name: 'Videos', parentId: media });
    const ads = await save({ name: 'Ads', parentId: videos });
    await save({ name: 'Archive' });
    await save({ name: 'B only' }, b);
    await addMaterial(t.app, t.db, { name: 'a.png', officeId: f.offices.a1.id, folderId: videos });
    await addMaterial(t.app, t.db, {
      name: 'b.png',
      officeId: f.offices.a1.id,
      folderId: videos,
      bytes: 'b',
    });
    expect(await tree()).toEqual([
      {
        id: expect.any(Number),
        parentId: null,
        name: 'Archive',
        officeId: f.offices.a1.id,
        materialCount: 0,
        childCount: 0,
      },
      {
        id: media,
        parentId: null,
        name: 'Media',
        officeId: f.offices.a1.id,
        materialCount: 0,
        childCount: 1,
      },
      {
        id: videos,
        parentId: media,
        name: 'Videos',
        officeId: f.offices.a1.id,
        materialCount: 2,
        childCount: 1,
      },
      { id: ads, parentId: videos, name: 'Ads', officeId: f.offices.a1.id, materialCount: 0, childCount: 0 },
    ]);
    expect((await tree(b)).map((x) => x.name)).toEqual(['B only']);
    expect(await save({ id: ads, name: 'Adverts' })).toBe(ads);
    expect((await folder(ads))!.name).toBe('Adverts');
  });

  it('refuses bad names, sibling duplicates and folders of other tenants', async () => {
    const before = await countRows(t.db, materialFolders);
    const [media] = (await tree()).filter((x) => x.name === 'Media');
    for (const name of ['', '  ', 'a\\b', 'x'.repeat(201)]) {
      const res = await post('save', { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('name');
    }
    const dup = await post('save', { name: 'media' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().jsonObject.fields).toHaveProperty('name');
    expect((await post('save', { name: 'Archive', parentId: media!.id })).statusCode).toBe(200);
    const bFolder = (await tree(b))[0]!;
    const foreignParent = await post('save', { name: 'Sneaky', parentId: bFolder.id });
    expect(foreignParent.statusCode).toBe(404);
    expect(foreignParent.json().jsonObject.fields).toHaveProperty('parentId');
    expect((await post('save', { id: bFolder.id, name: 'Renamed' })).statusCode).toBe(404);
    expect((await folder(bFolder.id))!.name).toBe('B only');
    expect((await post('save', { name: 'Viewer' }, viewer)).statusCode).toBe(403);
    expect(await countRows(t.db, materialFolders)).toBe(before + 1);
  });

  it('moves folders without cycles, within the scope', async () => {
    const byName = async (name: string) => (await tree()).find((x) => x.name === name)!;
    const media = await byName('Media');
    const videos = await byName('Videos');
    const adverts = await byName('Adverts');
    for (const target of [media.id, videos.id, adverts.id]) {
      const res = await post('move', { id: media.id, parentId: target });
      expect(res.statusCode, String(target)).toBe(400);
      expect(res.json().jsonObject.fields).toHaveProperty('parentId');
    }
    expect((await folder(media.id))!.parentId).toBeNull();
    const bFolder = (await tree(b))[0]!;
    expect((await post('move', { id: adverts.id, parentId: bFolder.id })).statusCode).toBe(404);
    expect((await post('move', { id: bFolder.id, parentId: media.id })).statusCode).toBe(404);
    expect((await folder(bFolder.id))!.parentId).toBeNull();
    // "Archive" exists under Media already: moving the top-level one there clashes.
    const topArchive = (await tree()).find((x) => x.name === 'Archive' && x.parentId === null)!;
    expect((await post('move', { id: topArchive.id, parentId: media.id })).statusCode).toBe(409);
    expect((await post('move', { id: adverts.id, parentId: null })).statusCode).toBe(200);
    expect((await folder(adverts.id))!.parentId).toBeNull();
    expect((await post('move', { id: adverts.id, parentId: videos.id })).statusCode).toBe(200);
    expect((await folder(adverts.id))!.parentId).toBe(videos.id);
  });

  it('deletes empty folders only', async () => {
    const all = await tree();
    const media = all.find((x) => x.name === 'Media')!;
    const videos = all.find((x) => x.name === 'Videos')!;
    const adverts = all.find((x) => x.name === 'Adverts')!;
    const before = await countRows(t.db, materialFolders);
    const withChild = await post('delete', { id: media.id });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().msg).toContain('folder');
    const withMaterials = await post('delete', { id: videos.id });
    expect(withMaterials.statusCode).toBe(409);
    expect(withMaterials.json().msg).toContain('2 material');
    const bFolder = (await tree(b))[0]!;
    expect((await post('delete', { id: bFolder.id })).statusCode).toBe(404);
    expect(await countRows(t.db, materialFolders)).toBe(before);
    expect((await post('delete', { id: adverts.id })).statusCode).toBe(200);
    expect(await folder(adverts.id)).toBeUndefined();
  });
});
