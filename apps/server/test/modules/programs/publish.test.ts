import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFiles, materials, programPublications } from '../../../src/db/schema/index.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial, writeStored } from '../materials/library-fixture.js';
import { PASSWORD, addUser, buildTenants, roleId } from '../users/fixture.js';
import { addGroup, addTerminal, programDoc } from './fixture.js';

const BASE = '/apm-web/a/api/publishProgram';

describe('publishing programs to terminals and groups; the manifest each terminal gets', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let shop: string;
  const delivered: TerminalDelivery[] = [];
  const term = {} as Record<'lobby' | 'door' | 'shopA' | 'shopB' | 'bTerm' | 'pending', number>;
  const group = {} as Record<'floor' | 'shopFloor' | 'bGroup', number>;
  let img: { id: number; md5: string };
  let video: { id: number; fileId: number };
  let lobbyProgram: number;
  let menuProgram: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const operator = await roleId(t.db, 'operator');
    await addUser(t.db, 'shopop', f.offices.a1Shop.id, [operator], { dataRange: 'officeAndBelow' });
    shop = await login(t.app, 'shopop', PASSWORD);
    t.app.services.terminalBus.subscribe((d) => delivered.push(...d));
    const { a1: office, a1Shop, b: bOffice } = f.offices;
    group.floor = await addGroup(t.db, office.id, 'Ground floor');
    group.shopFloor = await addGroup(t.db, a1Shop.id, 'Shop floor', group.floor);
    group.bGroup = await addGroup(t.db, bOffice.id, 'B group');
    term.lobby = await addTerminal(t.db, { name: 'Lobby screen', officeId: office.id, online: true });
    term.door = await addTerminal(t.db, { name: 'Door screen', officeId: office.id, groupId: group.floor });
    term.shopA = await addTerminal(t.db, { name: 'Shop A', officeId: a1Shop.id, groupId: group.shopFloor });
    term.shopB = await addTerminal(t.db, { name: 'Shop B', officeId: a1Shop.id, groupId: group.shopFloor });
    term.bTerm = await addTerminal(t.db, { name: 'B screen', officeId: bOffice.id, groupId: group.bGroup });
    term.pending = await addTerminal(t.db, { name: 'New one', officeId: null, pending: true });
    const bytes = Buffer.from('png bytes of the lobby image');
    img = await addMaterial(t.app, t.db, { name: 'lobby.png', officeId: office.id, bytes });
    video = await addMaterial(t.app, t.db, {
      name: 'clip.mov',
      officeId: office.id,
      kind: 'video',
      mime: 'video/quicktime',
      ext: '.mov',
      bytes: 'original quicktime bytes',
    });
    // What processing leaves for a video browsers cannot play: an H.264 MP4 rendition.
    const converted = `derived/${video.fileId}/converted.mp4`;
    writeStored(t.app, converted, 'converted mp4 bytes, longer than the original');
    await t.db
      .update(materialFiles)
      .set({ convertedPath: converted })
      .where(eq(materialFiles.id, video.fileId));
    const save = async (doc: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/apm-web/a/api/program/save',
          payload: { document: doc },
          headers: { cookie: a1 },
        })
      ).json().data.id as number;
    lobbyProgram = await save(programDoc('Lobby loop', { imageIds: [img.id], videoIds: [video.id] }));
    menuProgram = await save(programDoc('Menu'));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const manifestsTo = (ids: number[]) =>
    delivered.filter((d) => d.message.type === 'manifest' && ids.includes(d.terminalId));

  it('publishes to chosen terminals and to groups with their subgroups, telling each terminal', async () => {
    delivered.length = 0;
    const res = await post('saveTerminals', {
      programId: lobbyProgram,
      terminalIds: [term.lobby],
      groupIds: [group.floor],
    });
    expect(res.statusCode).toBe(200);
    const expected = [term.lobby, term.door, term.shopA, term.shopB].sort((x, y) => x - y);
    expect(res.json().data).toEqual({
      programId: lobbyProgram,
      terminalIds: expected,
      added: expected,
      removed: [],
    });
    expect(
      manifestsTo(expected)
        .map((d) => d.terminalId)
        .sort((x, y) => x - y),
    ).toEqual(expected);
    for (const d of manifestsTo(expected)) {
      const version = (d.message as { version: string }).version;
      expect(version).toBe(await t.app.services.programManifest.versionFor(d.terminalId));
    }
    expect(delivered.some((d) => d.terminalId === term.bTerm)).toBe(false);
  });

  it('builds the manifest: programs in play order with material URLs, sizes and MD5s (converted video)', async () => {
    const pub = await post('saveTerminals', { programId: menuProgram, terminalIds: [term.lobby] });
    expect(pub.json().data.added).toEqual([term.lobby]);
    const manifest = await t.app.services.programManifest.forTerminal(term.lobby);
    expect(manifest.programs.map((p) => [p.name, p.sort])).toEqual([
      ['Lobby loop', 0],
      ['Menu', 1],
    ]);
    expect(manifest.terminal).toMatchObject({ id: term.lobby, name: 'Lobby screen' });
    expect(manifest).toMatchObject({ plans: [], messages: [], strategies: [] });
    const [lobby] = manifest.programs;
    expect(lobby!.document.name).toBe('Lobby loop');
    const convertedBytes = Buffer.from('converted mp4 bytes, longer than the original');
    expect(lobby!.materials).toEqual([
      {
        id: img.id,
        kind: 'image',
        mime: 'image/png',
        url: `/apm-web/terminal/files/${img.id}`,
        size: Buffer.byteLength('png bytes of the lobby image'),
        md5: img.md5,
      },
      {
        id: video.id,
        kind: 'video',
        mime: 'video/mp4',
        url: `/apm-web/terminal/files/${video.id}`,
        size: convertedBytes.length,
        md5: createHash('md5').update(convertedBytes).digest('hex'),
      },
    ]);
    // The rendition's digest is computed once and kept.
    const [file] = await t.db.select().from(materialFiles).where(eq(materialFiles.id, video.fileId));
    expect(file!.meta).toMatchObject({ convertedSize: convertedBytes.length });
    expect(manifest.version).toBe(await t.app.services.programManifest.versionFor(term.lobby));
    const again = await t.app.services.programManifest.forTerminal(term.lobby);
    expect(again.version).toBe(manifest.version);
    const file1 = await t.app.services.programManifest.fileFor(term.lobby, video.id);
    expect(file1).toMatchObject({ relPath: `derived/${video.fileId}/converted.mp4`, mime: 'video/mp4' });
    expect(await t.app.services.programManifest.fileFor(term.bTerm, video.id)).toBeNull();
    const empty = await t.app.services.programManifest.forTerminal(term.bTerm);
    expect(empty.programs).toEqual([]);
    await expect(t.app.services.programManifest.versionFor(999_999)).rejects.toThrow(/No terminal/);
  });

  it('changes the version when a published program is saved again, and tells its terminals', async () => {
    const before = await t.app.services.programManifest.versionFor(term.door);
    delivered.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { id: lobbyProgram, document: programDoc('Lobby loop v2', { imageIds: [img.id] }) },
      headers: { cookie: a1 },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.services.programManifest.versionFor(term.door);
    expect(after).not.toBe(before);
    expect(manifestsTo([term.door]).map((d) => (d.message as { version: string }).version)).toEqual([after]);
    expect(manifestsTo([term.shopA, term.shopB, term.lobby])).toHaveLength(3);
  });

  it('saves the selection: terminals left out stop playing it and are told', async () => {
    delivered.length = 0;
    const res = await post('saveTerminals', {
      programId: lobbyProgram,
      terminalIds: `${term.door},${term.shopA}`,
    });
    expect(res.json().data).toMatchObject({
      terminalIds: [term.door, term.shopA],
      added: [],
      removed: [term.lobby, term.shopB].sort((x, y) => x - y),
    });
    expect(manifestsTo([term.lobby, term.shopB])).toHaveLength(2);
    const lobby = await t.app.services.programManifest.forTerminal(term.lobby);
    expect(lobby.programs.map((p) => p.name)).toEqual(['Menu']);
  });

  it('refuses terminals, groups and programs outside the scope, unapproved programs and materials', async () => {
    const unchanged = await countRows(t.db, programPublications);
    const foreign = await post('saveTerminals', {
      programId: lobbyProgram,
      terminalIds: [term.door, term.bTerm],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().jsonObject.fields).toHaveProperty('terminalIds');
    expect(foreign.json().msg).toContain(String(term.bTerm));
    const pending = await post('saveTerminals', { programId: lobbyProgram, terminalIds: [term.pending] });
    expect(pending.statusCode).toBe(404);
    const foreignGroup = await post('saveTerminals', { programId: lobbyProgram, groupIds: [group.bGroup] });
    expect(foreignGroup.statusCode).toBe(404);
    expect(foreignGroup.json().jsonObject.fields).toHaveProperty('groupIds');
    expect(
      (await post('saveTerminals', { programId: lobbyProgram, terminalIds: [term.bTerm] }, b)).statusCode,
    ).toBe(404);
    const badIds = await post('saveTerminals', { programId: lobbyProgram, terminalIds: '1,x' });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().msg).toContain('terminalIds');
    expect(await countRows(t.db, programPublications)).toBe(unchanged);
    // A shop operator (own office and below) sees neither the customer office's programs nor its
    // terminals; saving a selection within the shop leaves the terminals outside it as they are.
    const notMine = await post('saveTerminals', { programId: lobbyProgram, terminalIds: [term.shopA] }, shop);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().jsonObject.fields).toHaveProperty('programId');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Shop special'), officeId: f.offices.a1Shop.id },
      headers: { cookie: a1 },
    });
    const special = saved.json().data.id as number;
    await post('saveTerminals', { programId: special, terminalIds: [term.door, term.shopA] });
    expect(
      (await post('saveTerminals', { programId: special, terminalIds: [term.lobby] }, shop)).statusCode,
    ).toBe(404);
    const shopUser = await post('saveTerminals', { programId: special, terminalIds: [term.shopB] }, shop);
    expect(shopUser.json().data).toMatchObject({
      terminalIds: [term.shopB],
      added: [term.shopB],
      removed: [term.shopA],
    });
    const door = await t.app.services.programManifest.forTerminal(term.door);
    expect(door.programs.map((p) => p.id)).toEqual([lobbyProgram, special]);
    const cleared = await post('saveTerminals', { programId: special, terminalIds: '' });
    expect(cleared.json().data).toMatchObject({ terminalIds: [], removed: [term.door, term.shopB] });
    const before = await countRows(t.db, programPublications);

    const { db } = t;
    await db.update(materials).set({ reviewState: 'pending' }).where(eq(materials.id, img.id));
    const notApproved = await post('saveTerminals', { programId: lobbyProgram, terminalIds: [term.lobby] });
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().msg).toContain('lobby.png');
    await db.update(materials).set({ reviewState: 'approved' }).where(eq(materials.id, img.id));
    expect(await countRows(t.db, programPublications)).toBe(before);
  });

  it('lists terminals to choose from: scoped, filtered, paged, marked when they have the program', async () => {
    const all = (await get(`terminalSelect?pageSize=10&programId=${lobbyProgram}`)).json().data;
    expect(all.count).toBe(4);
    expect(all.list[0]).toMatchObject({ name: 'Lobby screen', online: true, published: false });
    const marked = all.list
      .filter((r: { published: boolean }) => r.published)
      .map((r: { id: number }) => r.id);
    expect(marked.sort()).toEqual([term.door, term.shopA].sort());
    const inGroup = (await get(`terminalSelect?groupId=${group.floor}`)).json().data;
    expect(inGroup.count).toBe(3);
    const inShop = (await get(`terminalSelect?officeId=${f.offices.a1Shop.id}`)).json().data;
    expect(inShop.list.map((r: { name: string }) => r.name)).toEqual(['Shop A', 'Shop B']);
    const paged = (await get('terminalSelect?pageNo=2&pageSize=3')).json().data;
    expect(paged).toMatchObject({ count: 4, pageNo: 2, pageSize: 3 });
    expect(paged.list).toHaveLength(1);
    expect((await get('terminalSelect?keyword=door')).json().data.count).toBe(1);
    expect((await get('terminalSelect?online=true')).json().data.count).toBe(1);
    const unpublished = (await get(`terminalSelect?programId=${lobbyProgram}&published=false`)).json().data;
    expect(unpublished.count).toBe(2);
    expect((await get('terminalSelect', b)).json().data.list.map((r: { name: string }) => r.name)).toEqual([
      'B screen',
    ]);
    expect((await get(`terminalSelect?groupId=${group.bGroup}`)).statusCode).toBe(404);
  });

  it('answers office and group trees with claimed-terminal counts', async () => {
    const offices = (await get('officeTreeMap')).json().data as {
      id: number;
      terminalCount: number;
      totalTerminalCount: number;
    }[];
    const a1Node = offices.find((o) => o.id === f.offices.a1.id)!;
    expect(a1Node).toMatchObject({ terminalCount: 2, totalTerminalCount: 4 });
    expect(offices.some((o) => o.id === f.offices.b.id)).toBe(false);
    const level = (await get('pageOfficeTreeMap')).json().data;
    expect(level.list).toHaveLength(1);
    expect(level.list[0]).toMatchObject({ id: f.offices.a1.id, hasChildren: true });
    const children = (await get(`pageOfficeTreeMap?parentId=${f.offices.a1.id}`)).json().data;
    expect(children.list).toMatchObject([
      { id: f.offices.a1Shop.id, terminalCount: 2, totalTerminalCount: 2 },
    ]);
    expect((await get(`pageOfficeTreeMap?parentId=${f.offices.b.id}`)).statusCode).toBe(404);
    const groups = (await get('groupTreeMap')).json().data;
    expect(groups).toMatchObject([
      {
        id: group.floor,
        terminalCount: 1,
        children: [{ id: group.shopFloor, terminalCount: 2, children: [] }],
      },
    ]);
    expect((await get(`groupTreeMap?officeId=${f.offices.a1Shop.id}`)).json().data).toMatchObject([
      { id: group.shopFloor },
    ]);
  });

  it('deleting a published program needs force: 409 lists its terminals, then it goes with its publications', async () => {
    delivered.length = 0;
    const remove = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/apm-web/a/api/program/delete',
        payload,
        headers: { cookie: a1 },
      });
    const refused = await remove({ ids: [lobbyProgram] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().jsonObject).toMatchObject({
      reason: 'programPublished',
      field: 'ids',
      published: [{ programId: lobbyProgram, terminalCount: 2 }],
    });
    expect(
      refused
        .json()
        .jsonObject.published[0].terminals.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([term.door, term.shopA].sort());
    expect(delivered).toEqual([]);
    const res = await remove({ ids: [lobbyProgram], force: true });
    expect(res.statusCode).toBe(200);
    expect(manifestsTo([term.door, term.shopA])).toHaveLength(2);
    const door = await t.app.services.programManifest.forTerminal(term.door);
    expect(door.programs).toEqual([]);
    const rows = await t.db
      .select()
      .from(programPublications)
      .where(eq(programPublications.programId, lobbyProgram));
    expect(rows).toEqual([]);
  });
});
