import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { programDoc, programDocV1 } from './fixture.js';

const BASE = '/apm-web/a/api/program';

describe('programs: save (validated, migrated, sized), list, detail, copy, delete, tenancy', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let viewer: string;
  let img1: number;
  let img2: number;
  let sharedImg: number;
  let bImg: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const role = await addRole(t.db, 'progView', f.offices.a1.id, ['program:make:view']);
    await addUser(t.db, 'a1viewer', f.offices.a1.id, [role]);
    viewer = await login(t.app, 'a1viewer', PASSWORD);
    const office = f.offices.a1.id;
    img1 = (await addMaterial(t.app, t.db, { name: 'one.png', officeId: office, bytes: 'x'.repeat(1000) }))
      .id;
    img2 = (await addMaterial(t.app, t.db, { name: 'two.png', officeId: office, bytes: 'y'.repeat(250) })).id;
    sharedImg = (
      await addMaterial(t.app, t.db, {
        name: 'logo.png',
        officeId: f.offices.platform.id,
        bytes: 'z'.repeat(40),
        shared: true,
      })
    ).id;
    bImg = (await addMaterial(t.app, t.db, { name: 'b.png', officeId: f.offices.b.id, bytes: 'b'.repeat(7) }))
      .id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });

  it('saves a document: size of the distinct materials, their ids, canvas, stored at format 2', async () => {
    // img1 twice (gallery and background): counted once.
    const doc = programDoc('Lobby', { imageIds: [img1, img2, sharedImg], backgroundId: img1 });
    const res = await post('save', { document: doc });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ revision: 1, size: 1290, reviewState: 'approved', migratedFrom: null });
    expect([...saved.materialIds].sort()).toEqual([img1, img2, sharedImg].sort());
    const [row] = await t.db.select().from(programs).where(eq(programs.id, saved.id));
    expect(row).toMatchObject({ name: 'Lobby', width: 1920, height: 1080, formatVersion: 2, size: 1290 });
    expect(row!.officeId).toBe(f.offices.a1.id);
    const detail = (await get(`detail?id=${saved.id}`)).json().data;
    expect(detail.document).toEqual(doc);
    expect(detail).toMatchObject({ officeName: 'Customer A1', creatorName: 'Alice Admin', terminalCount: 0 });
  });

  it('migrates a version 1 document forward and stores it migrated', async () => {
    const res = await post('save', { document: programDocV1('Old one', img2) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ migratedFrom: 1, size: 250, materialIds: [img2] });
    const [row] = await t.db.select().from(programs).where(eq(programs.id, res.json().data.id));
    const doc = row!.document as ReturnType<typeof programDoc>;
    expect(row).toMatchObject({ formatVersion: 2, width: 1280, height: 720 });
    expect(doc.formatVersion).toBe(2);
    expect(doc.scenes[0]).toMatchObject({ untilTouched: true, background: { color: '#112233' } });
    expect(doc.scenes[0]!.widgets[0]).toMatchObject({ x: 10, y: 20, w: 300, h: 200 });
  });

  it('accepts a form-encoded body with the document as JSON text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/save`,
      headers: { cookie: a1, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ document: JSON.stringify(programDoc('Form made')) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.size).toBe(0);
  });

  it('refuses a malformed document with 400 naming the bad field path, storing nothing', async () => {
    const before = await countRows(t.db, programs);
    const doc = programDoc('Broken', { imageIds: [img1] });
    (doc.scenes[0]!.widgets[1]!.props as { items: { durationMs: number }[] }).items[0]!.durationMs = 10;
    const res = await post('save', { document: doc });
    expect(res.statusCode).toBe(400);
    const path = 'document/scenes/0/widgets/1/props/items/0/durationMs';
    expect(res.json().msg).toContain(path);
    expect(res.json().jsonObject.fields).toHaveProperty(path);

    const dup = programDoc('Dup', { scenes: 2 });
    dup.scenes[1]!.id = dup.scenes[0]!.id;
    const dupRes = await post('save', { document: dup });
    expect(dupRes.statusCode).toBe(400);
    expect(dupRes.json().msg).toContain('document/scenes/1/id');

    const notJson = await t.app.inject({
      method: 'POST',
      url: `${BASE}/save`,
      headers: { cookie: a1, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'document=%7Bnot-json',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().msg).toContain('document');
    const future = await post('save', { document: { ...programDoc('Future'), formatVersion: 99 } });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toContain('document/formatVersion');
    expect(await countRows(t.db, programs)).toBe(before);
  });

  it('refuses materials outside the caller’s library, naming the path and the id', async () => {
    const before = await countRows(t.db, programs);
    const res = await post('save', { document: programDoc('Stolen', { imageIds: [img1, bImg] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('document/scenes/0/widgets/1/props/items/1/materialId');
    expect(res.json().msg).toContain(String(bImg));
    expect(res.json().jsonObject.materialIds).toEqual([bImg]);
    const missing = await post('save', { document: programDoc('Ghost', { backgroundId: 999_999 }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('document/scenes/0/background/materialId');
    expect(await countRows(t.db, programs)).toBe(before);
  });

  it('updates: revision grows, size follows; others’ programs cannot be changed or seen', async () => {
    const { id } = (await post('save', { document: programDoc('Menu', { imageIds: [img1] }) })).json().data;
    const upd = await post('save', { id, document: programDoc('Menu board', { imageIds: [img2] }) });
    expect(upd.json().data).toMatchObject({ id, revision: 2, size: 250, materialIds: [img2] });
    expect((await get(`detail?id=${id}`)).json().data.name).toBe('Menu board');

    const foreign = await post('save', { id, document: programDoc('Hijack') }, b);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`detail?id=${id}`, b)).statusCode).toBe(404);
    expect((await get(`detail?id=${id}`)).json().data).toMatchObject({ name: 'Menu board', revision: 2 });
  });

  it('lists with server-side search, sort and paging, scoped to the tenant', async () => {
    const bSaved = await post('save', { document: programDoc('B only') }, b);
    expect(bSaved.statusCode).toBe(200);
    const page = (await get('list?pageNo=1&pageSize=2&sortField=name&sortOrder=asc')).json().data;
    expect(page.count).toBe(4);
    expect(page.list.map((p: { name: string }) => p.name)).toEqual(['Form made', 'Lobby']);
    const page2 = (await get('list?pageNo=2&pageSize=2&sortField=name&sortOrder=asc')).json().data;
    expect(page2.list.map((p: { name: string }) => p.name)).toEqual(['Menu board', 'Old one']);
    const found = (await get('list?keyword=MENU')).json().data;
    expect(found.list.map((p: { name: string }) => p.name)).toEqual(['Menu board']);
    const bList = (await get('list', b)).json().data;
    expect(bList.list.map((p: { name: string }) => p.name)).toEqual(['B only']);
    expect((await get('list?sortField=colour')).statusCode).toBe(400);
  });

  it('saves into an office of the caller’s range and filters the list by office and below', async () => {
    const shop = f.offices.a1Shop.id;
    const res = await post('save', { document: programDoc('Shop window'), officeId: shop });
    expect(res.statusCode).toBe(200);
    const inShop = (await get(`list?officeId=${shop}`)).json().data;
    expect(inShop.list.map((p: { name: string; officeId: number }) => [p.name, p.officeId])).toEqual([
      ['Shop window', shop],
    ]);
    expect((await get(`list?officeId=${f.offices.a1.id}`)).json().data.count).toBe(5);
    const foreign = await post('save', { document: programDoc('Elsewhere'), officeId: f.offices.b.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().jsonObject.fields).toHaveProperty('officeId');
    expect((await get(`list?officeId=${f.offices.b.id}`)).statusCode).toBe(404);
    expect((await post('delete', { ids: [res.json().data.id] })).statusCode).toBe(200);
  });

  it('checks permissions: a viewer lists but cannot save, copy or delete', async () => {
    expect((await get('list', viewer)).statusCode).toBe(200);
    expect((await post('save', { document: programDoc('Nope') }, viewer)).statusCode).toBe(403);
    const [one] = (await get('list?keyword=Lobby')).json().data.list;
    expect((await post('copy', { id: one.id }, viewer)).statusCode).toBe(403);
    expect((await post('delete', { ids: [one.id] }, viewer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/list` })).statusCode).toBe(401);
  });

  it('copies a program into its office under a new name', async () => {
    const [lobby] = (await get('list?keyword=Lobby')).json().data.list;
    const res = await post('copy', { id: lobby.id });
    expect(res.statusCode).toBe(200);
    const copy = (await get(`detail?id=${res.json().data.id}`)).json().data;
    expect(copy).toMatchObject({ name: 'Lobby (copy)', size: lobby.size, revision: 1 });
    expect(copy.document.name).toBe('Lobby (copy)');
    expect(copy.document.scenes).toEqual((await get(`detail?id=${lobby.id}`)).json().data.document.scenes);
    expect((await post('copy', { id: lobby.id }, b)).statusCode).toBe(404);
  });

  it('keeps materials in use from deletion until the programs using them are deleted', async () => {
    const delMaterial = (ids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/apm-web/a/api/material/delete',
        payload: { ids },
        headers: { cookie: a1 },
      });
    const refused = await delMaterial([img1]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('Lobby');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/material/detail?id=${img1}`,
      headers: { cookie: a1 },
    });
    expect(detail.json().data.usedBy.map((u: { type: string }) => u.type)).toContain('program');

    const users = (await get('list?pageSize=100'))
      .json()
      .data.list.filter((p: { materialIds: number[] }) => p.materialIds.includes(img1));
    expect(users.length).toBeGreaterThan(0);
    expect(
      (await post('delete', { ids: [...users.map((p: { id: number }) => p.id), 999_999] })).statusCode,
    ).toBe(404);
    expect((await get(`detail?id=${users[0].id}`)).statusCode).toBe(200);
    expect((await post('delete', { ids: users.map((p: { id: number }) => p.id) })).statusCode).toBe(200);
    expect((await get(`detail?id=${users[0].id}`)).statusCode).toBe(404);
    expect((await delMaterial([img1])).statusCode).toBe(200);
  });

  it('documents the program, review, publishing and weather routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/docs/json', headers: { cookie: a1 } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        `${BASE}/save`,
        `${BASE}/list`,
        '/apm-web/a/api/review/program/approve',
        '/apm-web/a/api/publishProgram/saveTerminals',
        '/apm-web/a/api/publishProgram/groupTreeMap',
        '/apm-web/a/api/common/weather',
      ]),
    );
  });

  it('refuses a save based on an older revision (two editors), never overwriting silently', async () => {
    const created = (await post('save', { document: programDoc('Two editors') })).json().data;
    const first = await post('save', {
      id: created.id,
      baseRevision: created.revision,
      document: programDoc('Editor one'),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.revision).toBe(created.revision + 1);
    const second = await post('save', {
      id: created.id,
      baseRevision: created.revision,
      document: programDoc('Editor two'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().jsonObject).toMatchObject({
      reason: 'programConflict',
      field: 'baseRevision',
      revision: created.revision + 1,
    });
    const detail = (await get(`detail?id=${created.id}`)).json().data;
    expect(detail).toMatchObject({ name: 'Editor one', revision: created.revision + 1 });
    // Out of scope stays a 404, whatever the revision.
    const other = await post('save', { id: created.id, baseRevision: 1, document: programDoc('B', {}) }, b);
    expect(other.statusCode).toBe(404);
  });
});
