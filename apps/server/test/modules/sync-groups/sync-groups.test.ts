import type { SyncGroupDetail, SyncGroupSummary } from '@apm/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, programs } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { busRecorder, caller, consoleFixture } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { saveProgram, touchDoc } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

describe('sync groups: list, detail, save, restart, delete — checked, scoped, permission-bound, audited', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let syncViewer: string;
  let bus: ReturnType<typeof busRecorder>;
  const term = {} as Record<'t1' | 't2' | 't3' | 't4' | 'shop' | 'bTerm' | 'pending', number>;
  const prog = {} as Record<'loop' | 'other' | 'touch' | 'waiting' | 'bLoop', number>;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    bus = busRecorder(t.app);
    const role = await addRole(t.db, 'syncViewA1', f.offices.a1.id, ['terminal:sync:view']);
    await addUser(t.db, 'a1syncviewer', f.offices.a1.id, [role]);
    syncViewer = await login(t.app, 'a1syncviewer', PASSWORD);
    const { a1, a1Shop, b } = f.offices;
    for (const k of ['t1', 't2', 't3', 't4'] as const)
      term[k] = await addTerminal(t.db, { name: `Wall ${k}`, officeId: a1.id });
    term.shop = await addTerminal(t.db, { name: 'Shop screen', officeId: a1Shop.id });
    term.bTerm = await addTerminal(t.db, { name: 'B screen', officeId: b.id });
    term.pending = await addTerminal(t.db, { name: 'New one', officeId: null, pending: true });
    prog.loop = await saveProgram(t.app, f.a1, programDoc('Lobby loop', { scenes: 2 }));
    prog.other = await saveProgram(t.app, f.a1, programDoc('Menu board'));
    prog.touch = await saveProgram(t.app, f.a1, touchDoc('Kiosk'));
    prog.waiting = await saveProgram(t.app, f.a1, programDoc('Waiting'));
    await t.db.update(programs).set({ reviewState: 'pending' }).where(eq(programs.id, prog.waiting));
    prog.bLoop = await saveProgram(t.app, f.b, programDoc('B loop'));
  });
  afterAll(() => {
    bus.stop();
    return t.close();
  });

  const save = (payload: object, cookie = f.a1) => api.post('syncGroup/saveSyncGroup', cookie, payload);
  const wall = (name: string, extra: object = {}) => ({
    name,
    mode: 'wall',
    programId: prog.loop,
    columns: 2,
    rows: 1,
    members: [
      { terminalId: term.t1, column: 0, row: 0 },
      { terminalId: term.t2, column: 1, row: 0 },
    ],
    ...extra,
  });
  const created = async (payload: object, cookie = f.a1) => {
    const res = await save(payload, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as SyncGroupDetail;
  };
  const remove = (ids: number[], cookie = f.a1) => api.post('syncGroup/deleteSyncGroup', cookie, { ids });
  const told = () => bus.deliveries.filter((d) => d.message.type === 'manifest').map((d) => d.terminalId);

  it("shows how far each member's frames were from the loop, as its heartbeat said, for this group only", async () => {
    const g = await created(
      wall('Frames wall', {
        members: [
          { terminalId: term.t3, column: 0, row: 0 },
          { terminalId: term.t4, column: 1, row: 0 },
        ],
      }),
    );
    const presence = t.app.services.terminalPresence;
    const status = {
      playing: { kind: 'idle' as const },
      volume: 50,
      appVersion: '1.0.0',
      clock: new Date().toISOString(),
      resolution: '1920x1080',
    };
    presence.heartbeat(term.t3, {
      ...status,
      lockstep: { groupId: g.id, errorP50Ms: 2.1, errorP95Ms: 7.5, frames: 300 },
    });
    presence.heartbeat(term.t4, {
      ...status,
      lockstep: { groupId: g.id + 1000, errorP50Ms: 1, errorP95Ms: 3, frames: 300 },
    });
    const detail = (await api.get(`syncGroup/syncGroupDetail?id=${g.id}`, f.a1)).body.data as SyncGroupDetail;
    expect(detail.members.map((m) => [m.terminalId, m.online, m.frameErrorP95Ms])).toEqual([
      [term.t3, true, 7.5],
      [term.t4, true, null],
    ]);
    expect((await remove([g.id])).status).toBe(200);
    presence.disconnected(term.t3);
    presence.disconnected(term.t4);
  });

  it('creates a wall of two terminals; detail and list show it with its members and their live state', async () => {
    const before = Date.now();
    bus.deliveries.length = 0;
    const g = await created(wall('Lobby wall'));
    expect(g).toMatchObject({
      name: 'Lobby wall',
      mode: 'wall',
      officeId: f.offices.a1.id,
      officeName: 'Customer A1',
      programId: prog.loop,
      programName: 'Lobby loop',
      columns: 2,
      rows: 1,
      memberCount: 2,
      onlineCount: 0,
      creatorName: 'Alice Admin',
    });
    expect(g.epochMs).toBeGreaterThanOrEqual(before);
    expect(g.epochMs).toBeLessThanOrEqual(Date.now());
    expect(g.members.map((m) => [m.terminalId, m.column, m.row])).toEqual([
      [term.t1, 0, 0],
      [term.t2, 1, 0],
    ]);
    expect(g.members[0]).toMatchObject({
      name: 'Wall t1',
      officeName: 'Customer A1',
      online: false,
      health: 'offline',
      clockSkewMs: null,
      clockOffsetMs: null,
      frameErrorP95Ms: null,
    });
    expect(told().sort()).toEqual([term.t1, term.t2].sort());
    const detail = await api.get(`syncGroup/syncGroupDetail?id=${g.id}`, syncViewer);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(g);
    const list = await api.get('syncGroup/list?keyword=lobby%20LOOP&mode=wall', syncViewer);
    expect(list.body.data).toMatchObject({ count: 1 });
    expect((list.body.data as { list: SyncGroupSummary[] }).list[0]).toMatchObject({
      id: g.id,
      memberCount: 2,
      onlineCount: 0,
    });
    expect((await api.get('syncGroup/list?mode=mirror&keyword=lobby', f.a1)).body.data).toMatchObject({
      count: 0,
    });
    await t.app.services.audit.flush();
    const audit = await t.db
      .select({ status: auditLogs.status, userId: auditLogs.userId })
      .from(auditLogs)
      .where(like(auditLogs.action, '%/syncGroup/saveSyncGroup'));
    expect(audit).toContainEqual({ status: 200, userId: f.ids.a1admin });
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const two = [{ terminalId: term.t3 }, { terminalId: term.t4 }];
    const cases: [object, string, number][] = [
      [wall('  ', { members: [{ terminalId: term.t3, column: 0, row: 0 }] }), 'name', 400],
      [{ ...wall('Bad'), columns: undefined }, 'columns', 400],
      [{ ...wall('Bad'), rows: undefined }, 'rows', 400],
      [wall('Bad', { members: [{ terminalId: term.t3, column: 2, row: 0 }] }), 'members.0.column', 400],
      [wall('Bad', { members: [{ terminalId: term.t3, column: 0 }] }), 'members.0.row', 400],
      [
        wall('Bad', {
          members: [
            { terminalId: term.t3, column: 1, row: 0 },
            { terminalId: term.t4, column: 1, row: 0 },
          ],
        }),
        'members.1.column',
        400,
      ],
      [wall('Bad', { members: [] }), 'members', 400],
      [
        { name: 'Bad', mode: 'mirror', programId: prog.other, members: [{ terminalId: term.t3 }] },
        'members',
        400,
      ],
      [
        { name: 'Bad', mode: 'mirror', programId: prog.other, members: [...two, { terminalId: term.t3 }] },
        'members.2.terminalId',
        400,
      ],
      [{ name: 'Bad', mode: 'mirror', programId: prog.touch, members: two }, 'programId', 400],
      [{ name: 'Bad', mode: 'mirror', programId: prog.waiting, members: two }, 'programId', 409],
      [{ name: 'Bad', mode: 'mirror', programId: prog.bLoop, members: two }, 'programId', 404],
      [{ name: 'Bad', mode: 'mirror', programId: 999_999, members: two }, 'programId', 404],
      [
        { name: 'Bad', mode: 'mirror', programId: prog.other, members: [...two, { terminalId: term.bTerm }] },
        'members.2.terminalId',
        404,
      ],
      [
        {
          name: 'Bad',
          mode: 'mirror',
          programId: prog.other,
          members: [{ terminalId: term.pending }, ...two],
        },
        'members.0.terminalId',
        404,
      ],
    ];
    for (const [payload, field, status] of cases) {
      const res = await save(payload);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(fieldsOf(res.body), JSON.stringify(res.body)).toContain(field);
    }
    const touch = await save({ name: 'Bad', mode: 'mirror', programId: prog.touch, members: two });
    expect(touch.body.msg).toContain("a synchronized program's scenes need fixed durations");
    for (const bad of [
      { ...wall('Bad'), columns: 17 },
      { ...wall('Bad'), mode: 'grid' },
      { ...wall('Bad'), programId: 0 },
    ]) {
      const res = await save(bad);
      expect(res.status).toBe(400);
    }
    expect((await api.get('syncGroup/list?keyword=bad', f.a1)).body.data).toMatchObject({ count: 0 });
  });

  it('refuses a terminal already in another group, naming it; names are unique per office', async () => {
    const res = await save(wall('Second wall', { members: [{ terminalId: term.t2, column: 0, row: 0 }] }));
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('Wall t2');
    expect(fieldsOf(res.body)).toContain('members.0.terminalId');
    const same = await save(wall('Lobby wall', { members: [{ terminalId: term.t3, column: 0, row: 0 }] }));
    expect(same.status).toBe(409);
    expect(fieldsOf(same.body)).toContain('name');
  });

  it('updates: a rename keeps the loop; new members restart it and every old and new member is told', async () => {
    const g = await created({
      name: 'Mirror',
      mode: 'mirror',
      programId: prog.other,
      members: [{ terminalId: term.t3 }, { terminalId: term.t4 }],
    });
    bus.deliveries.length = 0;
    const renamed = await created({
      id: g.id,
      name: 'Mirror 2',
      mode: 'mirror',
      programId: prog.other,
      members: [{ terminalId: term.t4 }, { terminalId: term.t3 }],
    });
    expect(renamed).toMatchObject({ name: 'Mirror 2', epochMs: g.epochMs, columns: 1, rows: 1 });
    await new Promise((r) => setTimeout(r, 5));
    bus.deliveries.length = 0;
    const moved = await created({
      id: g.id,
      name: 'Mirror 2',
      mode: 'mirror',
      programId: prog.other,
      members: [{ terminalId: term.t3 }, { terminalId: term.shop }],
    });
    expect(moved.epochMs).toBeGreaterThan(g.epochMs);
    expect(moved.members.map((m) => m.terminalId).sort()).toEqual([term.t3, term.shop].sort());
    expect(new Set(told())).toEqual(new Set([term.t3, term.t4, term.shop]));
    const moveOffice = await save({
      id: g.id,
      officeId: f.offices.a1Shop.id,
      name: 'X',
      mode: 'mirror',
      programId: prog.other,
      members: [{ terminalId: term.t3 }, { terminalId: term.shop }],
    });
    expect(moveOffice.status).toBe(400);
    expect(fieldsOf(moveOffice.body)).toContain('officeId');
  });

  it('restarts a group: a new epoch, every member told', async () => {
    const list = (await api.get('syncGroup/list?keyword=lobby%20wall', f.a1)).body.data as {
      list: SyncGroupSummary[];
    };
    const g = list.list[0]!;
    await new Promise((r) => setTimeout(r, 5));
    bus.deliveries.length = 0;
    const res = await api.post('syncGroup/restartSyncGroup', f.a1, { id: g.id });
    expect(res.status).toBe(200);
    expect((res.body.data as SyncGroupDetail).epochMs).toBeGreaterThan(g.epochMs);
    expect(told().sort()).toEqual([term.t1, term.t2].sort());
    expect((await api.post('syncGroup/restartSyncGroup', f.a1, { id: 999_999 })).status).toBe(404);
  });

  it('enforces permissions and the tenant boundary', async () => {
    const g = (
      (await api.get('syncGroup/list?keyword=lobby%20wall', f.a1)).body.data as { list: SyncGroupSummary[] }
    ).list[0]!;
    // Without terminal:sync:view nothing is read; with it alone nothing is written.
    expect((await api.get('syncGroup/list', f.viewer)).status).toBe(403);
    expect((await api.get(`syncGroup/syncGroupDetail?id=${g.id}`, f.viewer)).status).toBe(403);
    expect((await save(wall('Viewer wall'), syncViewer)).status).toBe(403);
    expect((await api.post('syncGroup/restartSyncGroup', syncViewer, { id: g.id })).status).toBe(403);
    expect((await remove([g.id], syncViewer)).status).toBe(403);
    expect((await api.get('syncGroup/programSelect', syncViewer)).status).toBe(403);
    // Another tenant sees none of it, and cannot use A1's terminals or programs.
    expect((await api.get('syncGroup/list', f.b)).body.data).toMatchObject({ count: 0 });
    expect((await api.get(`syncGroup/syncGroupDetail?id=${g.id}`, f.b)).status).toBe(404);
    expect((await api.post('syncGroup/restartSyncGroup', f.b, { id: g.id })).status).toBe(404);
    expect((await remove([g.id], f.b)).status).toBe(404);
    const update = await save({ ...wall('Taken over', { programId: prog.bLoop }), id: g.id }, f.b);
    expect(update.status).toBe(404);
    const cross = await save(
      {
        name: 'B mirror',
        mode: 'mirror',
        programId: prog.bLoop,
        members: [{ terminalId: term.bTerm }, { terminalId: term.t1 }],
      },
      f.b,
    );
    expect(cross.status).toBe(404);
    expect(fieldsOf(cross.body)).toContain('members.1.terminalId');
    expect((await api.get(`syncGroup/syncGroupDetail?id=${g.id}`, f.a1)).body.data).toMatchObject({
      name: 'Lobby wall',
    });
  });

  it('offers approved programs of the range, marking those that cannot be synchronized', async () => {
    const res = await api.get('syncGroup/programSelect?pageSize=50', f.a1);
    expect(res.status).toBe(200);
    const list = (
      res.body.data as { list: { id: number; syncable: boolean; cycleMs: number; width: number }[] }
    ).list;
    expect(list.map((p) => p.id).sort()).toEqual([prog.loop, prog.other, prog.touch].sort());
    expect(list.find((p) => p.id === prog.touch)).toMatchObject({ syncable: false });
    expect(list.find((p) => p.id === prog.loop)).toMatchObject({
      syncable: true,
      cycleMs: 20_000,
      width: 1920,
    });
    expect((await api.get('syncGroup/programSelect?keyword=menu', f.a1)).body.data).toMatchObject({
      count: 1,
    });
  });

  it('deletes one or several, all or nothing; members are told and may join another group', async () => {
    const all = (await api.get('syncGroup/list?pageSize=50', f.a1)).body.data as { list: SyncGroupSummary[] };
    expect(all.list.length).toBe(2);
    const [first, second] = all.list;
    const refused = await remove([first!.id, 999_999]);
    expect(refused.status).toBe(404);
    expect(fieldsOf(refused.body)).toContain('ids');
    expect((await api.get('syncGroup/list', f.a1)).body.data).toMatchObject({ count: 2 });
    bus.deliveries.length = 0;
    expect((await remove([first!.id, second!.id])).status).toBe(200);
    expect(new Set(told())).toEqual(new Set([term.t1, term.t2, term.t3, term.shop]));
    expect((await api.get('syncGroup/list', f.a1)).body.data).toMatchObject({ count: 0 });
    await created(wall('Again'));
    const again = (await api.get('syncGroup/list', f.a1)).body.data as { list: SyncGroupSummary[] };
    expect((await remove([again.list[0]!.id])).status).toBe(200);
  });

  it("tells a group's members when its program is saved again, and when it is deleted", async () => {
    const a = await addTerminal(t.db, { name: 'Pair a', officeId: f.offices.a1.id });
    const b = await addTerminal(t.db, { name: 'Pair b', officeId: f.offices.a1.id });
    const programId = await saveProgram(t.app, f.a1, programDoc('Pair loop', { scenes: 2 }));
    const g = await created({
      name: 'Pair',
      mode: 'mirror',
      programId,
      members: [{ terminalId: a }, { terminalId: b }],
    });
    bus.deliveries.length = 0;
    const doc = (await api.get(`program/detail?id=${programId}`, f.a1)).body.data as {
      document: object;
      revision: number;
    };
    const resaved = await api.post('program/save', f.a1, { id: programId, document: doc.document });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect(told().sort()).toEqual([a, b].sort());
    bus.deliveries.length = 0;
    const deleted = await api.post('program/delete', f.a1, { ids: [programId] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(told().sort()).toEqual([a, b].sort());
    expect((await remove([g.id])).status).toBe(200);
  });
});
