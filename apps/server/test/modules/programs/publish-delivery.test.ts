import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programPublications } from '../../../src/db/schema/index.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addTerminal, programDoc } from './fixture.js';

const BASE = '/apm-web/a/api/publishProgram';
const status = (playing: { kind: 'program' | 'idle'; id?: number }, downloads = { done: 1, total: 1 }) => ({
  playing,
  volume: 50,
  appVersion: '1.0.0',
  clock: new Date().toISOString(),
  resolution: '1920x1080',
  downloads,
});

describe('publish window and mode; delivery state per terminal; retrying failed ones', () => {
  let t: TestApp;
  let a1: string;
  let viewer: string;
  const delivered: TerminalDelivery[] = [];
  const term = {} as Record<'idle' | 'busy' | 'show' | 'broken' | 'away' | 'other', number>;
  let img: { id: number };
  let program: number;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    const looker = await addRole(t.db, 'lookerA1', f.offices.a1.id, ['program:make:view']);
    await addUser(t.db, 'looker', f.offices.a1.id, [looker]);
    viewer = await login(t.app, 'looker', PASSWORD);
    t.app.services.terminalBus.subscribe((d) => delivered.push(...d));
    const officeId = f.offices.a1.id;
    for (const name of ['idle', 'busy', 'show', 'broken', 'away', 'other'] as const)
      term[name] = await addTerminal(t.db, { name: `T ${name}`, officeId });
    img = await addMaterial(t.app, t.db, { name: 'a.png', officeId, bytes: Buffer.from('image bytes') });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Delivered', { imageIds: [img.id] }) },
      headers: { cookie: a1 },
    });
    program = saved.json().data.id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie = a1) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });

  it('adds terminals in add mode, keeps the others; replace mode makes it exactly the chosen ones', async () => {
    const first = await post('saveTerminals', { programId: program, terminalIds: [term.idle, term.busy] });
    expect(first.statusCode).toBe(200);
    const add = await post('saveTerminals', {
      programId: program,
      terminalIds: [term.show, term.broken, term.away],
      mode: 'add',
    });
    expect(add.json().data).toMatchObject({ added: [term.show, term.broken, term.away], removed: [] });
    const replace = await post('saveTerminals', {
      programId: program,
      terminalIds: [term.other],
      mode: 'replace',
    });
    expect(replace.json().data.removed).toHaveLength(5);
    const back = await post('saveTerminals', {
      programId: program,
      terminalIds: [term.idle, term.busy, term.show, term.broken, term.away],
    });
    expect(back.json().data.removed).toEqual([term.other]);
  });

  it('stores the window, gives it to the manifest, changes the version and leaves ended ones out', async () => {
    const before = await t.app.services.programManifest.versionFor(term.idle);
    const startAt = new Date(Date.now() + 3600_000).toISOString();
    const endAt = new Date(Date.now() + 7200_000).toISOString();
    delivered.length = 0;
    const res = await post('saveTerminals', {
      programId: program,
      terminalIds: [term.idle],
      mode: 'add',
      startAt,
      endAt,
    });
    expect(res.statusCode).toBe(200);
    const manifest = await t.app.services.programManifest.forTerminal(term.idle);
    expect(manifest.programs[0]).toMatchObject({ id: program, startAt, endAt });
    expect(manifest.version).not.toBe(before);
    expect(delivered.some((d) => d.terminalId === term.idle && d.message.type === 'manifest')).toBe(true);
    // An open window again: the version is the one without a window.
    await post('saveTerminals', { programId: program, terminalIds: [term.idle], mode: 'add', startAt: null });
    expect(await t.app.services.programManifest.versionFor(term.idle)).toBe(before);
    await t.db
      .update(programPublications)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(and(eq(programPublications.programId, program), eq(programPublications.terminalId, term.idle)));
    expect((await t.app.services.programManifest.forTerminal(term.idle)).programs).toEqual([]);
    await t.db
      .update(programPublications)
      .set({ endAt: null })
      .where(and(eq(programPublications.programId, program), eq(programPublications.terminalId, term.idle)));
  });

  it('refuses bad windows and modes with 400 naming the field', async () => {
    const start = new Date(Date.now() + 7200_000).toISOString();
    const cases: [object, string][] = [
      [{ startAt: start, endAt: new Date(Date.now() + 3600_000).toISOString() }, 'endAt'],
      [{ endAt: new Date(Date.now() - 60_000).toISOString() }, 'endAt'],
      [{ startAt: 'tomorrow' }, 'startAt'],
      [{ mode: 'merge' }, 'mode'],
    ];
    for (const [extra, field] of cases) {
      const res = await post('saveTerminals', { programId: program, terminalIds: [term.idle], ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('answers each terminal’s delivery state with counts, paged and filtered', async () => {
    const presence = t.app.services.terminalPresence;
    presence.heartbeat(term.idle, status({ kind: 'idle' }, { done: 0, total: 1 }));
    presence.heartbeat(term.busy, status({ kind: 'idle' }, { done: 0, total: 1 }));
    presence.progress(term.busy, [{ materialId: img.id, received: 4, total: 11 }]);
    presence.heartbeat(term.show, status({ kind: 'program', id: program }));
    presence.heartbeat(term.broken, status({ kind: 'idle' }, { done: 0, total: 1 }));
    presence.progress(term.broken, [{ materialId: img.id, received: 0, total: 11, error: 'HTTP 503' }]);
    const res = await get(`delivery?programId=${program}&pageSize=10`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.counts).toEqual({ waiting: 1, downloading: 1, playing: 1, failed: 1, offline: 1 });
    const byId = new Map(page.list.map((r: { terminalId: number }) => [r.terminalId, r]));
    expect(byId.get(term.idle)).toMatchObject({ state: 'waiting', online: true, totalFiles: 1 });
    expect(byId.get(term.busy)).toMatchObject({ state: 'downloading', receivedBytes: 4, totalBytes: 11 });
    expect(byId.get(term.show)).toMatchObject({ state: 'playing', doneFiles: 1, totalFiles: 1 });
    expect(byId.get(term.broken)).toMatchObject({ state: 'failed', reason: 'HTTP 503' });
    expect(byId.get(term.away)).toMatchObject({ state: 'offline', online: false });
    const failed = (await get(`delivery?programId=${program}&state=failed`)).json().data;
    expect(failed).toMatchObject({ count: 1, list: [{ terminalId: term.broken }] });
    const paged = (await get(`delivery?programId=${program}&pageSize=2&pageNo=3`)).json().data;
    expect(paged).toMatchObject({ count: 5, pageNo: 3 });
    expect(paged.list).toHaveLength(1);
    expect((await get(`delivery?programId=${program}&state=lost`)).statusCode).toBe(400);
  });

  it('retries failed terminals only: a refresh command and a manifest announcement', async () => {
    delivered.length = 0;
    const res = await post('retryDelivery', { programId: program });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ programId: program, terminalIds: [term.broken] });
    const toBroken = delivered.filter((d) => d.terminalId === term.broken).map((d) => d.message.type);
    expect(toBroken).toEqual(expect.arrayContaining(['command', 'manifest']));
    const none = await post('retryDelivery', { programId: program, terminalIds: [term.show] });
    expect(none.json().data.terminalIds).toEqual([]);
    const foreign = await post('retryDelivery', { programId: program, terminalIds: [term.other] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('terminalIds');
  });

  it('needs the publish permission to write (403) and a program in range (404)', async () => {
    expect(
      (await post('saveTerminals', { programId: program, terminalIds: [term.idle] }, viewer)).statusCode,
    ).toBe(403);
    expect((await post('retryDelivery', { programId: program }, viewer)).statusCode).toBe(403);
    expect((await get(`delivery?programId=${program}`, viewer)).statusCode).toBe(403);
    const b = await login(t.app, 'badmin', PASSWORD);
    const other = await get(`delivery?programId=${program}`, b);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('programId');
  });

  it('refuses a program waiting for review while the audit switch is on, with the reason', async () => {
    await t.app.services.settings.set('auditOpen', true);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Unreviewed') },
      headers: { cookie: a1 },
    });
    const res = await post('saveTerminals', { programId: saved.json().data.id, terminalIds: [term.idle] });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/only approved programs can be published/);
    await t.app.services.settings.set('auditOpen', false);
  });
});
