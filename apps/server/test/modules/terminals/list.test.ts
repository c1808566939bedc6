import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Terminal, TerminalGroupNode } from '@apm/contract';
import { programPublications, programs } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addTerminal, caller, consoleFixture } from './fixture.js';

describe('terminal lists, tree, counts, details and groups', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  const ids: Record<string, number> = {};
  let lobby: number;
  let upstairs: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const save = async (payload: object) => {
      const res = await api.post('terminal/saveTerminalGroup', f.a1, payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    lobby = await save({ officeId: f.offices.a1.id, name: 'Lobby' });
    upstairs = await save({ parentId: lobby, name: 'Upstairs' });
    const seen = new Date('2026-11-20T10:00:00Z');
    ids.alpha = await addTerminal(t.db, {
      name: 'Alpha',
      officeId: f.offices.a1.id,
      groupId: lobby,
      online: true,
      lastSeenAt: seen,
      status: {
        playing: { kind: 'idle' },
        volume: 30,
        appVersion: '1.0',
        clock: seen.toISOString(),
        resolution: '1920x1080',
      },
    });
    ids.bravo = await addTerminal(t.db, { name: 'Bravo', officeId: f.offices.a1Shop.id, groupId: null });
    ids.charlie = await addTerminal(t.db, {
      name: 'Charlie',
      officeId: f.offices.a1.id,
      groupId: upstairs,
      deviceId: 'dev-charlie-7',
    });
    ids.bee = await addTerminal(t.db, { name: 'Bee', officeId: f.offices.b.id, online: true });
    ids.pending = await addTerminal(t.db, { name: 'New screen', pairingCode: 'ABC234' });
  });
  afterAll(() => t.close());

  const list = async (query: string, cookie = f.a1) => {
    const res = await api.get(`terminal/list?${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: Terminal[]; count: number; pageNo: number; pageSize: number };
  };
  const names = (page: { list: { name: string }[] }) => page.list.map((r) => r.name);

  it('lists terminals of the caller’s tenant with filters, sort and paging done by the server', async () => {
    expect(names(await list('sortField=name&sortOrder=asc'))).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(names(await list('sortField=name&sortOrder=asc', f.b))).toEqual(['Bee']);
    expect(names(await list(`officeId=${f.offices.a1Shop.id}`))).toEqual(['Bravo']);
    expect(names(await list(`groupId=${lobby}&sortField=name&sortOrder=asc`))).toEqual(['Alpha', 'Charlie']);
    expect(names(await list(`groupId=${upstairs}`))).toEqual(['Charlie']);
    expect(names(await list('status=online'))).toEqual(['Alpha']);
    expect(names(await list('status=offline&sortField=name&sortOrder=desc'))).toEqual(['Charlie', 'Bravo']);
    expect(names(await list('keyword=charlie-7'))).toEqual(['Charlie']);
    expect(names(await list('status=pending'))).toEqual([]);
    const page2 = await list('sortField=name&sortOrder=asc&pageNo=2&pageSize=2');
    expect(page2).toMatchObject({ count: 3, pageNo: 2, pageSize: 2 });
    expect(names(page2)).toEqual(['Charlie']);
    const alpha = (await list('keyword=Alpha')).list[0]!;
    expect(alpha).toMatchObject({
      officeName: 'Customer A1',
      groupName: 'Lobby',
      online: true,
      lastSeenAt: '2026-11-20T10:00:00.000Z',
      status: { volume: 30 },
      state: 'claimed',
    });
    // The platform admin sees every tenant's and the pending one.
    expect((await list('pageSize=50', f.admin)).count).toBe(5);
    expect(names(await list('status=pending', f.admin))).toEqual(['New screen']);
  });

  it('refuses filters outside the caller’s scope or malformed with a 4xx naming the field', async () => {
    const foreignOffice = await api.get(`terminal/list?officeId=${f.offices.b.id}`, f.a1);
    expect(foreignOffice.status).toBe(404);
    expect(foreignOffice.body.jsonObject).toMatchObject({ fields: { officeId: expect.any(String) } });
    expect((await api.get('terminal/list?status=sleeping', f.a1)).status).toBe(400);
    expect((await api.get('terminal/list?sortField=password', f.a1)).status).toBe(400);
    expect((await api.get('terminal/list?pageSize=100000', f.a1)).status).toBe(400);
    const noSession = await t.app.inject({ method: 'GET', url: '/apm-web/a/api/terminal/list' });
    expect(noSession.statusCode).toBe(401);
  });

  it('answers the office tree with subtree counts, the status counts and the picker lists', async () => {
    const roots = (await api.get('terminal/treeDataNew', f.a1)).body.data as {
      id: number;
      terminalCount: number;
      onlineCount: number;
    }[];
    expect(roots).toEqual([
      expect.objectContaining({ id: f.offices.a1.id, terminalCount: 3, onlineCount: 1 }),
    ]);
    const children = (await api.get(`terminal/treeDataNew?parentId=${f.offices.a1.id}`, f.a1)).body.data;
    expect(children).toEqual([
      expect.objectContaining({ id: f.offices.a1Shop.id, terminalCount: 1, onlineCount: 0 }),
    ]);
    expect((await api.get(`terminal/treeDataNew?parentId=${f.offices.b.id}`, f.a1)).status).toBe(404);

    expect((await api.get('terminal/terminalStatusCount', f.a1)).body.data).toEqual({
      total: 3,
      online: 1,
      offline: 2,
      pending: 0,
    });
    expect((await api.get('terminal/terminalStatusCount', f.admin)).body.data).toEqual({
      total: 5,
      online: 2,
      offline: 2,
      pending: 1,
    });
    expect((await api.get(`terminal/terminalStatusCount?groupId=${lobby}`, f.a1)).body.data).toMatchObject({
      total: 2,
      pending: 0,
    });

    const base = (await api.get('terminal/baseList?sortField=name&sortOrder=asc', f.a1)).body.data as {
      list: object[];
    };
    expect(base.list[0]).toEqual({
      id: ids.alpha,
      name: 'Alpha',
      deviceId: expect.any(String),
      state: 'claimed',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      groupId: lobby,
      groupName: 'Lobby',
      online: true,
    });
    const screens = (await api.get('terminal/screenBaseList', f.a1)).body.data as {
      list: { screenshot: unknown }[];
    };
    expect(screens.list).toHaveLength(3);
    expect(screens.list.every((s) => s.screenshot === null)).toBe(true);
    const found = (await api.get('terminal/search?keyword=Alpha', f.b)).body.data as Terminal[];
    expect(found.map((r) => r.name)).toEqual([]);
    expect(
      ((await api.get('terminal/search?keyword=ra', f.a1)).body.data as Terminal[]).map((r) => r.name),
    ).toEqual(['Bravo']);
  });

  it('answers details and live status only for terminals in scope', async () => {
    const details = await api.get(`terminal/terminalDetails?id=${ids.alpha}`, f.viewer);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      id: ids.alpha,
      settings: {},
      downloads: [],
      pairingCode: null,
    });
    expect((await api.get(`terminal/terminalDetails?id=${ids.bee}`, f.a1)).status).toBe(404);
    expect((await api.get(`terminal/terminalDetails?id=${ids.pending}`, f.admin)).body.data).toMatchObject({
      pairingCode: 'ABC234',
      state: 'pending',
    });

    const one = await api.get(`terminal/findTerminalStatus?id=${ids.alpha}`, f.a1);
    expect(one.body.data).toMatchObject({
      id: ids.alpha,
      online: true,
      lastSeenAt: '2026-11-20T10:00:00.000Z',
    });
    expect((await api.get(`terminal/findTerminalStatus?id=${ids.bee}`, f.a1)).status).toBe(404);
    const many = await api.get(
      `terminal/findTerminalStatusArray?ids=${ids.alpha},${ids.bee},${ids.bravo}`,
      f.a1,
    );
    expect((many.body.data as { id: number }[]).map((s) => s.id)).toEqual([ids.alpha, ids.bravo]);
    const [program] = await t.db
      .insert(programs)
      .values({
        name: 'Welcome',
        officeId: f.offices.a1.id,
        document: {},
        formatVersion: 2,
        width: 1920,
        height: 1080,
      })
      .returning({ id: programs.id });
    await t.db
      .insert(programPublications)
      .values({ programId: program!.id, terminalId: ids.alpha!, sort: 1 });
    const published = await api.get(`terminalSet/getRltPrograms?terminalId=${ids.alpha}`, f.a1);
    expect(published.body.data).toEqual([
      expect.objectContaining({ id: program!.id, name: 'Welcome', sort: 1, revision: 1 }),
    ]);
    expect((await api.get(`terminalSet/getRltPrograms?terminalId=${ids.alpha}`, f.b)).status).toBe(404);
    const bad = await api.get('terminal/findTerminalStatusArray?ids=1,two', f.a1);
    expect(bad.status).toBe(400);
    expect(bad.body.jsonObject).toMatchObject({ fields: { ids: expect.any(String) } });
  });

  it('keeps groups as trees per office: names unique among siblings, no cycles, deleted only when empty', async () => {
    const tree = (await api.get(`terminal/groupTree?officeId=${f.offices.a1.id}`, f.a1)).body
      .data as TerminalGroupNode[];
    expect(tree).toEqual([
      {
        id: lobby,
        officeId: f.offices.a1.id,
        parentId: null,
        name: 'Lobby',
        terminalCount: 1,
        children: [
          {
            id: upstairs,
            officeId: f.offices.a1.id,
            parentId: lobby,
            name: 'Upstairs',
            terminalCount: 1,
            children: [],
          },
        ],
      },
    ]);
    expect((await api.get('terminal/groupTree', f.b)).body.data).toEqual([]);
    expect((await api.get(`terminal/groupTree?officeId=${f.offices.a1.id}`, f.b)).status).toBe(404);

    const dup = await api.post('terminal/saveTerminalGroup', f.a1, {
      officeId: f.offices.a1.id,
      name: 'lobby',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.jsonObject).toMatchObject({ fields: { name: expect.any(String) } });
    const cycle = await api.post('terminal/saveTerminalGroup', f.a1, {
      id: lobby,
      parentId: upstairs,
      name: 'Lobby',
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.jsonObject).toMatchObject({ fields: { parentId: expect.any(String) } });
    const foreign = await api.post('terminal/saveTerminalGroup', f.b, { id: lobby, name: 'Mine' });
    expect(foreign.status).toBe(404);
    const viewer = await api.post('terminal/saveTerminalGroup', f.viewer, {
      officeId: f.offices.a1.id,
      name: 'X',
    });
    expect(viewer.status).toBe(403);
    const empty = await api.post('terminal/saveTerminalGroup', f.a1, {
      officeId: f.offices.a1.id,
      name: '  ',
    });
    expect(empty.status).toBe(400);

    const rename = await api.post('terminal/saveTerminalGroup', f.a1, { id: upstairs, name: 'First floor' });
    expect(rename.status).toBe(200);
    const full = await api.post('terminal/deleteTerminalGroup', f.a1, { id: lobby });
    expect(full.status).toBe(409);
    expect(full.body.msg).toMatch(/1 group\(s\) and 1 terminal\(s\)/);
    const spare = await api.post('terminal/saveTerminalGroup', f.a1, {
      officeId: f.offices.a1.id,
      name: 'Spare',
    });
    const del = await api.post('terminal/deleteTerminalGroup', f.a1, {
      id: (spare.body.data as { id: number }).id,
    });
    expect(del.status).toBe(200);
    expect(((await api.get('terminal/groupTree', f.a1)).body.data as unknown[]).length).toBe(1);
  });

  it('documents every console terminal and alarm route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apm-web/docs/json', headers: { cookie: f.a1 } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const path of [
      'terminal/list',
      'terminal/treeDataNew',
      'terminal/groupTree',
      'terminal/updateTerminalOffice',
      'terminal/commands',
      'terminal/screenshot/{id}',
      'terminalSet/reboot',
      'terminalSet/terminalSet',
      'terminalSet/removeTerminals',
      'abnormalAlarm/abnormalAlarmList',
      'abnormalAlarm/onlyAbnormalAlarmExport',
    ]) {
      expect(paths).toContain(`/apm-web/a/api/${path}`);
    }
  });
});
