import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { programDoc } from '../programs/fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { entry, planDoc } from './fixture.js';

const API = '/apm-web/a/api';

describe('play plans: save, check, list, detail, copy, delete; fields named, tenants apart', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let viewer: string;
  let lobby: number;
  let menu: number;
  let bProgram: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const role = await addRole(t.db, 'planView', f.offices.a1.id, ['plan:list:view']);
    await addUser(t.db, 'a1planview', f.offices.a1.id, [role]);
    viewer = await login(t.app, 'a1planview', PASSWORD);
    const program = async (name: string, cookie: string, scenes = 1) =>
      (await post('program/save', { document: programDoc(name, { scenes }) }, cookie)).json().data
        .id as number;
    lobby = await program('Lobby', a1);
    menu = await program('Menu', a1, 2);
    bProgram = await program('B only', b);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${API}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: { cookie } });
  const save = (body: object, cookie = a1) => post('playPlan/save', body, cookie);

  it('creates a plan and answers it with its facts and its programs’ lengths', async () => {
    const doc = planDoc(
      [
        entry('morning', [lobby, menu], {
          windows: [{ start: '08:00', end: '12:00' }],
          endDate: '2030-06-30',
        }),
        entry('late', [menu], {
          startDate: '2030-02-01',
          endDate: '2030-12-31',
          windows: [{ start: '22:00', end: '02:00' }],
        }),
      ],
      lobby,
    );
    const res = await save({ name: '  Spring  ', document: doc });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ revision: 1, reviewState: 'approved', problems: [] });
    const detail = (await get(`playPlan/detail?id=${saved.id}`)).json().data;
    expect(detail).toMatchObject({
      name: 'Spring',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      creatorName: 'Alice Admin',
      entryCount: 2,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      validity: 'upcoming',
      programIds: [lobby, menu].sort((x, y) => x - y),
      terminalCount: 0,
      document: doc,
      reviewerName: null,
    });
    expect(detail.programs.map((p: { id: number; cycleMs: number }) => [p.id, p.cycleMs])).toEqual([
      [lobby, 10_000],
      [menu, 20_000],
    ]);
  });

  it('names the field of every error: end before start, malformed RRULE, unknown program, schema errors', async () => {
    const bad = await save({
      name: 'Broken',
      document: planDoc([
        entry('a', [lobby], { endDate: '2029-12-31' }),
        entry('b', [lobby], { rrule: 'FREQ=SOMETIMES' }),
      ]),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().jsonObject.fields;
    expect(Object.keys(fields).sort()).toEqual(['document.entries[0].endDate', 'document.entries[1].rrule']);
    expect(fields['document.entries[0].endDate']).toContain('before the start');

    const foreign = await save({
      name: 'Foreign',
      document: planDoc([entry('a', [lobby, bProgram])], bProgram),
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().jsonObject.fields).sort()).toEqual([
      'document.defaultProgramId',
      'document.entries[0].items[1].programId',
    ]);

    const schema = await save({
      name: 'Dates',
      document: planDoc([entry('a', [lobby], { startDate: '2030-13-01' })]),
    });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().jsonObject.fields).toHaveProperty(['document.entries[0].startDate']);

    const dup = await save({ name: 'Twice', document: planDoc([entry('a', [lobby]), entry('a', [menu])]) });
    expect(Object.keys(dup.json().jsonObject.fields)).toEqual(['document.entries[1].id']);

    // Bounded work for any plan: at most 2,000 windows in all (500 entries × 5 here).
    const windows = Array.from({ length: 5 }, (_, w) => ({ start: `0${w}:00`, end: `0${w}:30` }));
    const huge = await save({
      name: 'Huge',
      document: planDoc(Array.from({ length: 500 }, (_, i) => entry(`e${i}`, [lobby], { windows }))),
    });
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json().jsonObject.fields)).toEqual(['document.entries']);

    const blank = await save({ name: '   ', document: planDoc([]) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().jsonObject.fields).toHaveProperty('name');
    const list = (await get('playPlan/list?keyword=Broken')).json().data;
    expect(list.count).toBe(0);
  });

  it('checks an unsaved document: errors and warnings, nothing saved', async () => {
    const res = await post('playPlan/check', {
      document: planDoc([
        entry('x', [lobby], { kind: 'exclusive', windows: [{ start: '10:00', end: '11:00' }] }),
        entry('y', [menu], { kind: 'exclusive', windows: [{ start: '10:30', end: '11:30' }] }),
        entry('z', [bProgram], { rrule: 'FREQ=SOMETIMES' }),
      ]),
    });
    expect(res.statusCode).toBe(200);
    const problems = res.json().data.problems as { code: string; severity: string; entryId: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'unknownProgram', severity: 'error', entryId: 'z' }),
        expect.objectContaining({ code: 'rrule', severity: 'error', entryId: 'z' }),
        expect.objectContaining({ code: 'exclusiveOverlap', severity: 'warning' }),
      ]),
    );
  });

  it('saves warnings with the plan; refuses a stale baseRevision with 409 planConflict', async () => {
    const overlapping = planDoc([
      entry('x', [lobby], { kind: 'exclusive', windows: [{ start: '10:00', end: '11:00' }] }),
      entry('y', [menu], { kind: 'exclusive', windows: [{ start: '10:30', end: '11:30' }] }),
    ]);
    const first = (await save({ name: 'Overlap', document: overlapping })).json().data;
    expect(first.problems.map((p: { code: string }) => p.code)).toContain('exclusiveOverlap');
    const second = await save({ id: first.id, name: 'Overlap', document: planDoc([]), baseRevision: 1 });
    expect(second.json().data.revision).toBe(2);
    const stale = await save({ id: first.id, name: 'Overlap', document: planDoc([]), baseRevision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().jsonObject).toMatchObject({
      reason: 'planConflict',
      field: 'baseRevision',
      revision: 2,
    });
  });

  it('lists with keyword, validity, review state, office, sort and paging done by the server', async () => {
    const today = (await get('playPlan/list?pageSize=100')).json().data.count as number;
    await save({
      name: 'Zz past',
      document: planDoc([entry('p', [lobby], { startDate: '2020-01-01', endDate: '2020-12-31' })]),
    });
    await save({ name: 'Zz now', document: planDoc([entry('n', [lobby], { startDate: '2020-01-01' })]) });
    await save({ name: 'Zz later', document: planDoc([entry('l', [lobby], { startDate: '2099-01-01' })]) });
    await save({ name: 'Zz shop', officeId: f.offices.a1Shop.id, document: planDoc([]) });
    const names = async (query: string) =>
      ((await get(`playPlan/list?${query}`)).json().data.list as { name: string }[]).map((p) => p.name);
    expect(await names('keyword=zz&validity=expired')).toEqual(['Zz past']);
    expect(await names('keyword=zz&validity=upcoming')).toEqual(['Zz later']);
    expect((await names('keyword=zz&validity=current')).sort()).toEqual(['Zz now', 'Zz shop']);
    expect(await names(`keyword=zz&officeId=${f.offices.a1Shop.id}`)).toEqual(['Zz shop']);
    expect(await names('keyword=zz&sortField=name&sortOrder=asc')).toEqual([
      'Zz later',
      'Zz now',
      'Zz past',
      'Zz shop',
    ]);
    expect(await names('keyword=zz&sortField=startDate&sortOrder=desc&pageSize=2&pageNo=2')).toEqual([
      'Zz past',
      'Zz shop',
    ]);
    expect(await names('keyword=zz&reviewState=pending')).toEqual([]);
    const page = (await get('playPlan/list?pageSize=2&pageNo=1')).json().data;
    expect(page).toMatchObject({ count: today + 4, pageNo: 1, pageSize: 2 });
    expect(page.list).toHaveLength(2);
    const badSort = await get('playPlan/list?sortField=size');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().jsonObject.fields).toHaveProperty('sortField');
    expect((await get(`playPlan/list?officeId=${f.offices.b.id}`)).statusCode).toBe(404);
  });

  it('keeps tenants apart: another customer’s plan is neither seen, changed, copied nor deleted', async () => {
    const mine = (await save({ name: 'A1 secret', document: planDoc([entry('a', [lobby])]) })).json().data.id;
    expect((await get(`playPlan/detail?id=${mine}`, b)).statusCode).toBe(404);
    expect((await get('playPlan/list?keyword=secret', b)).json().data.count).toBe(0);
    const update = await save({ id: mine, name: 'Taken', document: planDoc([]) }, b);
    expect(update.statusCode).toBe(404);
    expect((await post('playPlan/copy', { id: mine }, b)).statusCode).toBe(404);
    const del = await post('playPlan/delete', { ids: [mine] }, b);
    expect(del.statusCode).toBe(404);
    expect(del.json().jsonObject.fields).toHaveProperty('ids');
    expect((await get(`playPlan/detail?id=${mine}`)).json().data.name).toBe('A1 secret');
    const lengths = (await get(`playPlan/programLengths?ids=${lobby},${bProgram}`)).json().data;
    expect(lengths.map((p: { id: number }) => p.id)).toEqual([lobby]);
    expect((await get('playPlan/programLengths?ids=1,x')).statusCode).toBe(400);
  });

  it('checks permissions: a viewer lists but cannot save, copy or delete', async () => {
    const id = (await save({ name: 'Viewer sees', document: planDoc([]) })).json().data.id;
    expect((await get('playPlan/list?keyword=viewer', viewer)).json().data.count).toBe(1);
    expect((await save({ name: 'No', document: planDoc([]) }, viewer)).statusCode).toBe(403);
    expect((await save({ id, name: 'No', document: planDoc([]) }, viewer)).statusCode).toBe(403);
    expect((await post('playPlan/copy', { id }, viewer)).statusCode).toBe(403);
    expect((await post('playPlan/delete', { ids: [id] }, viewer)).statusCode).toBe(403);
    expect((await post('playPlan/check', { document: planDoc([]) }, viewer)).statusCode).toBe(403);
  });

  it('copies and deletes; a program stays while a plan uses it', async () => {
    const extra = (await post('program/save', { document: programDoc('Used by a plan') })).json().data.id;
    const plan = (await save({ name: 'Uses it', document: planDoc([entry('a', [extra])]) })).json().data.id;
    const copy = (await post('playPlan/copy', { id: plan })).json().data;
    expect((await get(`playPlan/detail?id=${copy.id}`)).json().data.name).toBe('Uses it (copy)');

    const refused = await post('program/delete', { ids: [extra], force: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('Uses it');
    expect(refused.json().jsonObject).toMatchObject({ reason: 'programInPlans', field: 'ids' });
    expect(refused.json().jsonObject.plans[0].plans.map((p: { name: string }) => p.name)).toEqual([
      'Uses it',
      'Uses it (copy)',
    ]);

    expect((await post('playPlan/delete', { ids: [plan, copy.id] })).statusCode).toBe(200);
    expect((await get(`playPlan/detail?id=${plan}`)).statusCode).toBe(404);
    expect((await post('program/delete', { ids: [extra] })).statusCode).toBe(200);
  });
});
