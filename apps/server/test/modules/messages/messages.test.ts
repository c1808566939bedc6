import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { addGroup, addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, addUser, buildTenants } from '../users/fixture.js';
import { NO_TARGETS, messageDoc, toTerminals } from './fixture.js';

const API = '/apm-web/a/api';

describe('messages: save, validation, list, detail, recycle bin, tenants and permissions', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let nobody: string;
  const term = {} as Record<'hall' | 'door' | 'shop' | 'bTerm', number>;
  let floor: number;
  let bGroup: number;
  let image: number;
  let video: number;
  let bImage: number;
  let program: number;
  let bProgram: number;

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${API}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: { cookie } });
  const save = (body: object, cookie = a1) => post('publishMessage/ajaxSave', body, cookie);
  const fieldsOf = (res: { json(): { jsonObject: { fields: Record<string, string> } } }) =>
    Object.keys(res.json().jsonObject.fields);

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    await addUser(t.db, 'a1power', f.offices.a1.id, [f.roles.powerA1]);
    nobody = await login(t.app, 'a1power', PASSWORD);
    floor = await addGroup(t.db, f.offices.a1.id, 'Floor');
    bGroup = await addGroup(t.db, f.offices.b.id, 'B floor');
    term.hall = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    term.door = await addTerminal(t.db, { name: 'Door', officeId: f.offices.a1.id, groupId: floor });
    term.shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    term.bTerm = await addTerminal(t.db, { name: 'B screen', officeId: f.offices.b.id, groupId: bGroup });
    image = (await addMaterial(t.app, t.db, { name: 'sale.png', officeId: f.offices.a1.id })).id;
    video = (
      await addMaterial(t.app, t.db, {
        name: 'clip.mp4',
        officeId: f.offices.a1.id,
        kind: 'video',
        mime: 'video/mp4',
        ext: '.mp4',
        bytes: 'video bytes',
      })
    ).id;
    bImage = (await addMaterial(t.app, t.db, { name: 'b.png', officeId: f.offices.b.id, bytes: 'b png' })).id;
    program = (await post('program/save', { document: programDoc('Evacuate') })).json().data.id;
    bProgram = (await post('program/save', { document: programDoc('B loop') }, b)).json().data.id;
  });
  afterAll(() => t.close());

  it('creates a ticker (approved with the audit switch off, a draft) and answers its detail', async () => {
    const res = await save({ name: ' Closing ', document: messageDoc(), targets: toTerminals(term.hall) });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({
      name: 'Closing',
      kind: 'ticker',
      excerpt: 'Store closes at 8 pm',
      revision: 1,
      status: 'draft',
      reviewState: 'approved',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      creatorName: 'Alice Admin',
      terminalCount: 1,
      delivery: { queued: 0, delivered: 0, showing: 0, expired: 0, failed: 0, stopped: 0 },
      targets: toTerminals(term.hall),
      imageUrl: null,
      deletedAt: null,
    });
    expect(saved.document).toEqual(messageDoc());
    const detail = (await get(`publishMessage/getPublishMessage?id=${saved.id}`)).json().data;
    expect(detail).toEqual(saved);
  });

  it('refuses bad documents with a 400 naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ ...messageDoc(), ticker: undefined }, 'document.ticker'],
      [
        messageDoc('ticker', 'x', { ticker: { position: 'custom', speed: 100, direction: 'left' } }),
        'document.ticker.offsetPercent',
      ],
      [messageDoc('ticker', 'x', { priority: 99 }), 'document.priority'],
      [messageDoc('ticker', '   '), 'document.text'],
      [messageDoc('notice', 'x', { repeat: 2 }), 'document.repeat'],
      [
        messageDoc('ticker', 'x', { validFrom: '2030-01-02T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }),
        'document.validUntil',
      ],
      [
        messageDoc('ticker', 'x', { windows: [{ start: '25:00', end: '26:00' }] as never }),
        'document.windows[0].start',
      ],
      [
        { ...messageDoc('notice'), ticker: { position: 'top', speed: 100, direction: 'left' } },
        'document.ticker',
      ],
    ];
    for (const [document, field] of cases) {
      const res = await save({ name: 'Bad', document, targets: NO_TARGETS });
      expect(res.statusCode, field).toBe(400);
      expect(fieldsOf(res), field).toContain(field);
    }
    const noName = await save({ name: '  ', document: messageDoc(), targets: NO_TARGETS });
    expect(noName.statusCode).toBe(400);
    expect(fieldsOf(noName)).toEqual(['name']);
    const notImage = await save({
      name: 'Video notice',
      document: messageDoc('notice', '', {
        notice: { ...messageDoc('notice').notice!, imageMaterialId: video },
      }),
      targets: NO_TARGETS,
    });
    expect(notImage.statusCode).toBe(400);
    expect(fieldsOf(notImage)).toEqual(['document.notice.imageMaterialId']);
    expect((await get('publishMessage/list?keyword=bad')).json().data.count).toBe(0);
  });

  it('refuses images, programs and targets outside the caller’s scope with a 404 naming the field', async () => {
    const notice = (imageMaterialId: number) =>
      messageDoc('notice', '', { notice: { ...messageDoc('notice').notice!, imageMaterialId } });
    const takeover = (programId: number) =>
      messageDoc('takeover', '', { takeover: { programId, align: 'center' } });
    const cases: [object, object, string][] = [
      [notice(bImage), NO_TARGETS, 'document.notice.imageMaterialId'],
      [takeover(bProgram), NO_TARGETS, 'document.takeover.programId'],
      [messageDoc(), toTerminals(term.hall, term.bTerm), 'targets.terminalIds'],
      [messageDoc(), { ...NO_TARGETS, groupIds: [bGroup] }, 'targets.groupIds'],
      [messageDoc(), { ...NO_TARGETS, officeIds: [f.offices.b.id] }, 'targets.officeIds'],
    ];
    for (const [document, targets, field] of cases) {
      const res = await save({ name: 'Out of scope', document, targets });
      expect(res.statusCode, field).toBe(404);
      expect(fieldsOf(res), field).toEqual([field]);
    }
    const ok = await save({ name: 'Sale notice', document: notice(image), targets: NO_TARGETS });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.imageUrl).toBe(`/apm-web/a/api/file/getFile?id=${image}`);
    const preview = (await get(`publishMessage/messagePreview?id=${ok.json().data.id}`)).json().data;
    expect(preview).toMatchObject({ kind: 'notice', imageUrl: ok.json().data.imageUrl });
    const withProgram = await save({ name: 'Fire', document: takeover(program), targets: NO_TARGETS });
    expect(withProgram.statusCode).toBe(200);
  });

  it('counts the terminals targets resolve to (groups with subgroups, offices and below)', async () => {
    const sub = await addGroup(t.db, f.offices.a1.id, 'Floor 2', floor);
    await addTerminal(t.db, { name: 'Upstairs', officeId: f.offices.a1.id, groupId: sub });
    const res = await save({
      name: 'Everyone',
      document: messageDoc(),
      targets: { terminalIds: [term.hall], groupIds: [floor], officeIds: [f.offices.a1Shop.id] },
    });
    expect(res.json().data.terminalCount).toBe(4);
    const all = await save({
      name: 'Tenant',
      document: messageDoc(),
      targets: { ...NO_TARGETS, officeIds: [f.offices.a1.id] },
    });
    expect(all.json().data.terminalCount).toBe(4);
  });

  it('updates with a revision check: 409 messageConflict for a stale baseRevision', async () => {
    const { id } = (await save({ name: 'Edit me', document: messageDoc(), targets: NO_TARGETS })).json().data;
    const edited = await save({
      id,
      name: 'Edited',
      document: messageDoc('ticker', 'New text'),
      targets: NO_TARGETS,
      baseRevision: 1,
    });
    expect(edited.json().data).toMatchObject({ revision: 2, name: 'Edited', excerpt: 'New text' });
    const stale = await save({
      id,
      name: 'Mine',
      document: messageDoc(),
      targets: NO_TARGETS,
      baseRevision: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().jsonObject).toMatchObject({ reason: 'messageConflict', revision: 2 });
  });

  it('lists with filters, sort and paging on the server', async () => {
    const page = (await get('publishMessage/list?sort=name&order=asc&pageSize=3')).json().data;
    expect(page.count).toBeGreaterThan(3);
    expect(page.list).toHaveLength(3);
    const names = page.list.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    const second = (await get('publishMessage/list?sort=name&order=asc&pageSize=3&pageNo=2')).json().data;
    expect(second.list[0].name >= names[2]).toBe(true);
    const notices = (await get('publishMessage/list?kind=notice')).json().data;
    expect(notices.list.map((m: { name: string }) => m.name)).toEqual(['Sale notice']);
    const byText = (await get('publishMessage/list?keyword=NEW%20TEXT')).json().data;
    expect(byText.list.map((m: { name: string }) => m.name)).toEqual(['Edited']);
    expect((await get('publishMessage/list?status=draft')).json().data.count).toBe(page.count);
    expect((await get('publishMessage/list?status=sent')).json().data.count).toBe(0);
    expect((await get('publishMessage/list?kind=poster')).statusCode).toBe(400);
    expect((await get('publishMessage/list?pageSize=0')).statusCode).toBe(400);
  });

  it('keeps tenants apart and refuses callers without the permission', async () => {
    const { id } = (await save({ name: 'A only', document: messageDoc(), targets: NO_TARGETS })).json().data;
    expect((await get('publishMessage/list', b)).json().data.count).toBe(0);
    expect((await get(`publishMessage/getPublishMessage?id=${id}`, b)).statusCode).toBe(404);
    const hijack = await save({ id, name: 'Mine now', document: messageDoc(), targets: NO_TARGETS }, b);
    expect(hijack.statusCode).toBe(404);
    expect((await post('publishMessage/ajaxDelete', { ids: [id] }, b)).statusCode).toBe(404);
    expect((await post('publishMessage/savePublish', { id }, b)).statusCode).toBe(404);
    expect((await get(`publishMessage/findSendMessages?id=${id}`, b)).statusCode).toBe(404);
    expect((await get('publishMessage/list', nobody)).statusCode).toBe(403);
    expect((await save({ name: 'No', document: messageDoc(), targets: NO_TARGETS }, nobody)).statusCode).toBe(
      403,
    );
    expect((await post('publishMessage/submitResult', { ids: [id], result: 'approved' })).statusCode).toBe(
      403,
    );
    expect((await get(`publishMessage/getPublishMessage?id=${id}`)).json().data.name).toBe('A only');
  });

  it('soft-deletes into the recycle bin, restores, and deletes for good only from the bin', async () => {
    const { id } = (await save({ name: 'Bin me', document: messageDoc(), targets: NO_TARGETS })).json().data;
    const names = async (query = '') =>
      (await get(`publishMessage/list?pageSize=200${query}`))
        .json()
        .data.list.map((m: { name: string }) => m.name);
    expect((await post('publishMessage/delete', { ids: [id] })).statusCode).toBe(409);
    expect((await post('publishMessage/ajaxDelete', { ids: [id] })).statusCode).toBe(200);
    expect(await names()).not.toContain('Bin me');
    expect(await names('&deleted=true')).toEqual(['Bin me']);
    const binned = (await get(`publishMessage/getPublishMessage?id=${id}`)).json().data;
    expect(binned.deletedAt).not.toBeNull();
    expect(
      (await save({ id, name: 'Edit in bin', document: messageDoc(), targets: NO_TARGETS })).statusCode,
    ).toBe(404);
    expect((await post('publishMessage/ajaxDelete', { ids: [id] })).statusCode).toBe(404);
    expect((await post('publishMessage/restore', { ids: [id] })).statusCode).toBe(200);
    expect(await names()).toContain('Bin me');
    // A draft comes back a draft (nothing was on screens to stop).
    expect((await get(`publishMessage/getPublishMessage?id=${id}`)).json().data.status).toBe('draft');
    expect((await post('publishMessage/restore', { ids: [id] })).statusCode).toBe(404);
    await post('publishMessage/ajaxDelete', { ids: [id] });
    expect((await post('publishMessage/delete', { ids: [id] })).statusCode).toBe(200);
    expect((await get(`publishMessage/getPublishMessage?id=${id}`)).statusCode).toBe(404);
    expect((await post('publishMessage/ajaxDelete', { ids: [] })).statusCode).toBe(400);
  });

  it('offers the terminals and groups a message can go to, of the caller’s range', async () => {
    const terminals = (await get('publishMessage/terminalSelect?pageSize=50')).json().data;
    expect(terminals.list.map((r: { name: string }) => r.name).sort()).toEqual([
      'Door',
      'Hall',
      'Shop',
      'Upstairs',
    ]);
    const groups = (await get('publishMessage/groupsterminals')).json().data;
    expect(groups).toMatchObject([{ name: 'Floor', terminalCount: 1, children: [{ name: 'Floor 2' }] }]);
    expect((await get('publishMessage/groupsterminals', b)).json().data).toMatchObject([{ name: 'B floor' }]);
  });
});
