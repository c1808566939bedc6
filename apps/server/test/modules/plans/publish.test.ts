import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../../src/db/schema/index.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { addGroup, addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { entry, planDoc } from './fixture.js';

const API = '/apm-web/a/api';

describe('publishing plans: terminals follow them, manifests carry them with their programs and the zone', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let admin: string;
  const delivered: TerminalDelivery[] = [];
  const term = {} as Record<'hall' | 'door' | 'shop' | 'bTerm', number>;
  let floor: number;
  let bGroup: number;
  let img: { id: number };
  let welcome: number;
  let lobby: number;
  let menu: number;
  let plan: number;
  let bPlan: number;

  beforeAll(async () => {
    t = await createTestApp({ APM_TIME_ZONE: 'Europe/Berlin' });
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    admin = await login(t.app);
    t.app.services.terminalBus.subscribe((d) => delivered.push(...d));
    floor = await addGroup(t.db, f.offices.a1.id, 'Floor');
    bGroup = await addGroup(t.db, f.offices.b.id, 'B floor');
    term.hall = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    term.door = await addTerminal(t.db, { name: 'Door', officeId: f.offices.a1.id, groupId: floor });
    term.shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    term.bTerm = await addTerminal(t.db, { name: 'B screen', officeId: f.offices.b.id, groupId: bGroup });
    img = await addMaterial(t.app, t.db, {
      name: 'lobby.png',
      officeId: f.offices.a1.id,
      bytes: 'lobby png',
    });
    const program = async (name: string, cookie = a1, imageIds: number[] = []) =>
      (await post('program/save', { document: programDoc(name, { imageIds }) }, cookie)).json().data
        .id as number;
    welcome = await program('Welcome');
    lobby = await program('Lobby', a1, [img.id]);
    menu = await program('Menu');
    expect(
      (await post('publishProgram/saveTerminals', { programId: welcome, terminalIds: [term.hall] }))
        .statusCode,
    ).toBe(200);
    plan = (
      await post('playPlan/save', {
        name: 'Day plan',
        document: planDoc(
          [
            entry('am', [lobby], { startDate: '2020-01-01', windows: [{ start: '08:00', end: '12:00' }] }),
            entry('pm', [menu], {
              startDate: '2020-01-01',
              windows: [{ start: '18:00', end: '20:00' }],
              priority: 7,
            }),
          ],
          null,
        ),
      })
    ).json().data.id;
    const bProgram = await program('B prog', b);
    bPlan = (
      await post('playPlan/save', { name: 'B plan', document: planDoc([entry('x', [bProgram])]) }, b)
    ).json().data.id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${API}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: { cookie } });
  const told = () =>
    [...new Set(delivered.filter((d) => d.message.type === 'manifest').map((d) => d.terminalId))].sort(
      (x, y) => x - y,
    );
  const { manifest } = { manifest: () => t.app.services.programManifest };

  it('publishes a plan to terminals and groups; only those terminals are told', async () => {
    delivered.length = 0;
    const res = await post('playPlan/saveTerminals', {
      planId: plan,
      terminalIds: [term.hall],
      groupIds: [floor],
    });
    expect(res.statusCode).toBe(200);
    const both = [term.hall, term.door].sort((x, y) => x - y);
    expect(res.json().data).toEqual({ planId: plan, terminalIds: both, added: both, removed: [] });
    expect(told()).toEqual(both);
    for (const d of delivered) {
      expect((d.message as { version: string }).version).toBe(await manifest().versionFor(d.terminalId));
    }
    const delivery = (await get(`playPlan/delivery?planId=${plan}`)).json().data;
    expect(delivery).toMatchObject({ count: 2, counts: { offline: 2, playing: 0 } });
    expect(delivery.list.map((x: { name: string; totalFiles: number }) => [x.name, x.totalFiles])).toEqual([
      ['Door', 1],
      ['Hall', 1],
    ]);
    expect((await get(`playPlan/delivery?planId=${plan}`, b)).statusCode).toBe(404);
    const chosen = (await get(`playPlan/terminalSelect?planId=${plan}&published=true`)).json().data;
    expect(chosen.list.map((x: { id: number }) => x.id).sort((x: number, y: number) => x - y)).toEqual(both);
    expect(
      (await get(`playPlan/terminalSelect?planId=${plan}`, b))
        .json()
        .data.list.map((x: { name: string }) => x.name),
    ).toEqual(['B screen']);
  });

  it('refuses terminals, groups and plans outside the scope, and plans of unapproved programs', async () => {
    const bTerminal = await post('playPlan/saveTerminals', { planId: plan, terminalIds: [term.bTerm] });
    expect(bTerminal.statusCode).toBe(404);
    expect(bTerminal.json().jsonObject.fields).toHaveProperty('terminalIds');
    const bGroupRes = await post('playPlan/saveTerminals', { planId: plan, groupIds: [bGroup], mode: 'add' });
    expect(bGroupRes.json().jsonObject.fields).toHaveProperty('groupIds');
    const foreign = await post('playPlan/saveTerminals', { planId: bPlan, terminalIds: [term.hall] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().jsonObject.fields).toHaveProperty('planId');
    expect((await post('playPlan/saveTerminals', { planId: plan, terminalIds: 'x,1' })).statusCode).toBe(400);
    await t.db.update(programs).set({ reviewState: 'pending' }).where(eq(programs.id, menu));
    const waiting = await post('playPlan/saveTerminals', {
      planId: plan,
      terminalIds: [term.hall],
      mode: 'add',
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().msg).toContain('Menu (pending)');
    await t.db.update(programs).set({ reviewState: 'approved' }).where(eq(programs.id, menu));
  });

  it('builds the manifest: plans, the programs only plans play (published: false, with materials), the zone', async () => {
    const m = await manifest().forTerminal(term.hall);
    expect(m.terminal.timeZone).toBe('Europe/Berlin');
    expect(m.plans).toEqual([
      {
        id: plan,
        name: 'Day plan',
        revision: 1,
        document: (await get(`playPlan/detail?id=${plan}`)).json().data.document,
      },
    ]);
    expect(m.programs.map((p) => [p.name, p.published])).toEqual([
      ['Welcome', undefined],
      ['Lobby', false],
      ['Menu', false],
    ]);
    expect(m.programs[1]!.materials.map((x) => x.id)).toEqual([img.id]);
    expect(await manifest().fileFor(term.hall, img.id)).not.toBeNull();
    expect(await manifest().fileFor(term.shop, img.id)).toBeNull();
    const shop = await manifest().forTerminal(term.shop);
    expect(shop.plans).toEqual([]);
  });

  it('answers a terminal’s timeline from exactly its manifest (what the player resolves)', async () => {
    const { resolveTimeline, programCycleMs, segmentToIso } = await import('@apm/schedule');
    const from = new Date(Date.UTC(2030, 0, 7, 0, 0));
    const to = new Date(Date.UTC(2030, 0, 9, 0, 0));
    const res = await get(
      `playPlan/timeline?terminalId=${term.hall}&from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(res.statusCode).toBe(200);
    const timeline = res.json().data;
    expect(timeline).toMatchObject({
      terminalId: term.hall,
      terminalName: 'Hall',
      timeZone: 'Europe/Berlin',
    });
    // As the player does it: plans, programs' cycles, programs published without plan, the zone.
    const m = await manifest().forTerminal(term.hall);
    const expected = resolveTimeline({
      plans: m.plans.map((p) => ({ id: p.id, document: p.document })),
      programMs: new Map(m.programs.map((p) => [p.id, programCycleMs(p.document)])),
      timeZone: m.terminal.timeZone!,
      from: from.getTime(),
      to: to.getTime(),
      published: m.programs
        .filter((p) => p.published !== false)
        .map((p) => ({ programId: p.id, startAt: p.startAt, endAt: p.endAt })),
    }).map(segmentToIso);
    expect(timeline.segments).toEqual(expected);
    // 08:00 in Berlin in January is 07:00Z: the morning entry starts there, Welcome plays before.
    const am = timeline.segments.find((s: { entryId: string | null }) => s.entryId === 'am');
    expect(am).toMatchObject({
      start: '2030-01-07T07:00:00.000Z',
      planId: plan,
      programId: lobby,
      kind: 'normal',
    });
    expect(timeline.segments[0]).toMatchObject({ programId: welcome, kind: 'published' });
  });

  it('answers timelines of a group’s and an office’s terminals, paged', async () => {
    const range = 'from=2030-01-07T00:00:00Z&to=2030-01-08T00:00:00Z';
    const group = (await get(`playPlan/timeline?groupId=${floor}&${range}`)).json().data;
    expect(group.list.map((x: { terminalName: string }) => x.terminalName)).toEqual(['Door']);
    const office = (await get(`playPlan/timeline?officeId=${f.offices.a1.id}&${range}&pageSize=2`)).json()
      .data;
    expect(office).toMatchObject({ count: 3, pageNo: 1, pageSize: 2 });
    expect(office.list.map((x: { terminalName: string }) => x.terminalName)).toEqual(['Door', 'Hall']);
  });

  it('answers a changed plan at once, though timelines of a range are kept between calls', async () => {
    const range = 'from=2030-01-07T00:00:00Z&to=2030-01-08T00:00:00Z';
    const amStart = async () =>
      (await get(`playPlan/timeline?terminalId=${term.hall}&${range}`))
        .json()
        .data.segments.find((s: { entryId: string | null }) => s.entryId === 'am')?.start;
    expect(await amStart()).toBe('2030-01-07T07:00:00.000Z');
    const detail = (await get(`playPlan/detail?id=${plan}`)).json().data;
    const moved = structuredClone(detail.document);
    moved.entries[0].windows = [{ start: '09:30', end: '12:00' }];
    expect((await post('playPlan/save', { id: plan, name: detail.name, document: moved })).statusCode).toBe(
      200,
    );
    expect(await amStart()).toBe('2030-01-07T08:30:00.000Z');
    // Back as it was.
    await post('playPlan/save', { id: plan, name: detail.name, document: detail.document });
    expect(await amStart()).toBe('2030-01-07T07:00:00.000Z');
  });

  it('names the field of a bad timeline request', async () => {
    const at = (q: string, cookie = a1) => get(`playPlan/timeline?${q}`, cookie);
    const fields = async (q: string, status = 400, cookie = a1) => {
      const res = await at(q, cookie);
      expect(res.statusCode).toBe(status);
      return Object.keys(res.json().jsonObject.fields);
    };
    const range = 'from=2030-01-07T00:00:00Z&to=2030-01-08T00:00:00Z';
    expect(await fields(`terminalId=${term.hall}&from=2030-01-07T00:00:00Z&to=2030-01-07T00:00:00Z`)).toEqual(
      ['to'],
    );
    expect(await fields(`terminalId=${term.hall}&from=2030-01-01T00:00:00Z&to=2030-02-02T00:00:00Z`)).toEqual(
      ['to'],
    );
    expect(await fields(`terminalId=${term.hall}&from=yesterday&to=2030-01-08T00:00:00Z`)).toEqual(['from']);
    expect(await fields(range)).toEqual(['terminalId']);
    expect(await fields(`terminalId=${term.hall}&groupId=${floor}&${range}`)).toEqual(['groupId']);
    expect(await fields(`terminalId=${term.bTerm}&${range}`, 404)).toEqual(['terminalId']);
    expect(await fields(`groupId=${bGroup}&${range}`, 404)).toEqual(['groupId']);
    expect(await fields(`officeId=${f.offices.a1.id}&${range}`, 404, b)).toEqual(['officeId']);
  });

  it('previews an unsaved document alone in a zone, or on a terminal with its other plans', async () => {
    const document = planDoc([
      entry('new', [menu], { startDate: '2030-01-01', windows: [{ start: '08:00', end: '09:00' }] }),
    ]);
    const range = { from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' };
    const alone = await post('playPlan/preview', { document, timeZone: 'Asia/Shanghai', ...range });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().data.timeZone).toBe('Asia/Shanghai');
    expect(alone.json().data.segments[0]).toMatchObject({
      start: '2030-01-01T00:00:00.000Z',
      end: '2030-01-01T01:00:00.000Z',
      planId: null,
      entryId: 'new',
    });
    const unknownZone = await post('playPlan/preview', { document, timeZone: 'Mars/Olympus', ...range });
    expect(unknownZone.statusCode).toBe(400);
    expect(Object.keys(unknownZone.json().jsonObject.fields)).toEqual(['timeZone']);
    const badEntry = await post('playPlan/preview', {
      document: planDoc([entry('e', [menu], { rrule: 'FREQ=SECONDLY' })]),
      ...range,
    });
    expect(Object.keys(badEntry.json().jsonObject.fields)).toEqual(['document.entries[0].rrule']);
    const onTerminal = (
      await post('playPlan/preview', { document, planId: plan, terminalId: term.hall, ...range })
    ).json().data;
    expect(onTerminal).toMatchObject({
      terminalId: term.hall,
      terminalName: 'Hall',
      timeZone: 'Europe/Berlin',
    });
    const entries = new Set(onTerminal.segments.map((s: { entryId: string | null }) => s.entryId));
    expect(entries.has('new')).toBe(true);
    expect(entries.has('am')).toBe(false); // the saved version of the plan is replaced
    const foreign = await post('playPlan/preview', { document, terminalId: term.bTerm, ...range });
    expect(foreign.statusCode).toBe(404);
  });

  it('follows zone changes of terminals and offices: the manifest changes and the terminals are told', async () => {
    const before = await manifest().versionFor(term.door);
    const bad = await post('terminalSet/terminalSet', {
      terminalIds: [term.door],
      timeZone: 'Europe/Atlantis',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().jsonObject.fields)).toEqual(['timeZone']);
    delivered.length = 0;
    expect(
      (await post('terminalSet/terminalSet', { terminalIds: [term.door], timeZone: 'America/New_York' }))
        .statusCode,
    ).toBe(200);
    expect(told()).toEqual([term.door]);
    expect((await manifest().forTerminal(term.door)).terminal.timeZone).toBe('America/New_York');
    expect(await manifest().versionFor(term.door)).not.toBe(before);

    delivered.length = 0;
    const office = await post(
      'office/save',
      { id: f.offices.a1.id, name: 'Customer A1', timeZone: 'Asia/Tokyo' },
      admin,
    );
    expect(office.statusCode).toBe(200);
    expect(told()).toEqual([term.hall, term.door, term.shop].sort((x, y) => x - y));
    expect((await manifest().forTerminal(term.shop)).terminal.timeZone).toBe('Asia/Tokyo');
    expect((await manifest().forTerminal(term.door)).terminal.timeZone).toBe('America/New_York');
    expect(
      (await post('terminalSet/terminalSet', { terminalIds: [term.door], timeZone: null })).statusCode,
    ).toBe(200);
    expect((await manifest().forTerminal(term.door)).terminal.timeZone).toBe('Asia/Tokyo');
    const badOffice = await post(
      'office/save',
      { id: f.offices.a1.id, name: 'Customer A1', timeZone: 'Nowhere' },
      admin,
    );
    expect(Object.keys(badOffice.json().jsonObject.fields)).toEqual(['timeZone']);
    expect(
      (await post('office/save', { id: f.offices.a1.id, name: 'Customer A1', timeZone: '' }, admin))
        .statusCode,
    ).toBe(200);
    expect((await manifest().forTerminal(term.shop)).terminal.timeZone).toBe('Europe/Berlin');
  });

  it('tells the terminals when a published plan or one of its programs changes, or the plan is deleted', async () => {
    const hallBefore = await manifest().versionFor(term.hall);
    delivered.length = 0;
    const detail = (await get(`playPlan/detail?id=${plan}`)).json().data;
    const saved = await post('playPlan/save', {
      id: plan,
      name: 'Day plan',
      document: detail.document,
      baseRevision: detail.revision,
    });
    expect(saved.json().data.revision).toBe(detail.revision + 1);
    expect(told()).toEqual([term.hall, term.door].sort((x, y) => x - y));
    expect(await manifest().versionFor(term.hall)).not.toBe(hallBefore);

    delivered.length = 0;
    expect((await post('program/save', { id: menu, document: programDoc('Menu v2') })).statusCode).toBe(200);
    expect(told()).toEqual([term.hall, term.door].sort((x, y) => x - y));

    delivered.length = 0;
    expect(
      (await post('playPlan/saveTerminals', { planId: plan, terminalIds: [term.hall] })).json().data.removed,
    ).toEqual([term.door]);
    expect(told()).toEqual([term.door]);
    expect((await manifest().forTerminal(term.door)).plans).toEqual([]);

    delivered.length = 0;
    expect((await post('playPlan/delete', { ids: [plan] })).statusCode).toBe(200);
    expect(told()).toEqual([term.hall]);
    const hall = await manifest().forTerminal(term.hall);
    expect(hall.plans).toEqual([]);
    expect(hall.programs.map((p) => p.name)).toEqual(['Welcome']);
  });
});
