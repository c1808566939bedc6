import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addTerminal, programDoc } from './fixture.js';

describe('program review: with the audit switch on, saved programs wait and cannot be published', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let maker: string;
  let reviewer: string;
  let bReviewer: string;
  let screen: number;
  const delivered: TerminalDelivery[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    maker = await login(t.app, 'a1admin', PASSWORD);
    const role = await addRole(t.db, 'progReviewA1', f.offices.a1.id, [
      'review:program:view',
      'review:program:review',
    ]);
    await addUser(t.db, 'a1reviewer', f.offices.a1.id, [role]);
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    const bRole = await addRole(t.db, 'progReviewB', f.offices.b.id, [
      'review:program:view',
      'review:program:review',
    ]);
    await addUser(t.db, 'breviewer', f.offices.b.id, [bRole]);
    bReviewer = await login(t.app, 'breviewer', PASSWORD);
    screen = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    t.app.services.terminalBus.subscribe((d) => delivered.push(...d));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/apm-web/a/api/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/${url}`, headers: { cookie } });
  const save = async (name: string, id?: number) =>
    (await post('program/save', { id, document: programDoc(name) }, maker)).json().data;

  it('lets a reviewer reject with a note and approve; only approved programs are published', async () => {
    const approvedEarly = await save('Before audit');
    expect(approvedEarly.reviewState).toBe('approved');
    await t.app.services.settings.set('auditOpen', true);
    const waiting = await save('Needs a look');
    expect(waiting.reviewState).toBe('pending');

    const refused = await post(
      'publishProgram/saveTerminals',
      { programId: waiting.id, terminalIds: [screen] },
      maker,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('pending');

    const list = (await get('review/program/list', reviewer)).json().data;
    expect(list.list.map((p: { name: string }) => p.name)).toEqual(['Needs a look']);
    expect((await get('review/program/list', bReviewer)).json().data.count).toBe(0);
    expect((await post('review/program/approve', { ids: [waiting.id] }, bReviewer)).statusCode).toBe(404);
    expect((await post('review/program/approve', { ids: [waiting.id] }, maker)).statusCode).toBe(403);

    const noNote = await post('review/program/reject', { ids: [waiting.id], note: '  ' }, reviewer);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().jsonObject.fields).toHaveProperty('note');
    const rejected = await post(
      'review/program/reject',
      { ids: [waiting.id], note: 'Logo is outdated' },
      reviewer,
    );
    expect(rejected.statusCode).toBe(200);
    const detail = (await get(`program/detail?id=${waiting.id}`, maker)).json().data;
    expect(detail).toMatchObject({
      reviewState: 'rejected',
      reviewNote: 'Logo is outdated',
      reviewerName: 'a1reviewer',
    });
    expect(
      (await post('review/program/reject', { ids: [waiting.id], note: 'again' }, reviewer)).statusCode,
    ).toBe(409);

    expect(
      (await post('review/program/approve', { ids: [waiting.id], note: 'Fixed' }, reviewer)).statusCode,
    ).toBe(200);
    const published = await post(
      'publishProgram/saveTerminals',
      { programId: waiting.id, terminalIds: [screen] },
      maker,
    );
    expect(published.statusCode).toBe(200);
    expect((await t.app.services.programManifest.forTerminal(screen)).programs.map((p) => p.name)).toEqual([
      'Needs a look',
    ]);
  });

  it('takes a re-saved program off screens until it is approved again, telling the terminal each time', async () => {
    const [program] = (await get('program/list?keyword=Needs', maker)).json().data.list;
    delivered.length = 0;
    const again = await save('Needs a look, edited', program.id);
    expect(again).toMatchObject({ reviewState: 'pending', revision: 2 });
    expect(delivered.filter((d) => d.terminalId === screen && d.message.type === 'manifest')).toHaveLength(1);
    expect((await t.app.services.programManifest.forTerminal(screen)).programs).toEqual([]);

    delivered.length = 0;
    await post('review/program/approve', { ids: [program.id] }, reviewer);
    expect(delivered.filter((d) => d.terminalId === screen && d.message.type === 'manifest')).toHaveLength(1);
    const manifest = await t.app.services.programManifest.forTerminal(screen);
    expect(manifest.programs.map((p) => [p.name, p.revision])).toEqual([['Needs a look, edited', 2]]);
    await t.app.services.settings.set('auditOpen', false);
  });

  it('tells the maker of a decided program in the bell, in their language, with the note', async () => {
    await t.app.services.settings.set('auditOpen', true);
    const waiting = await save('Told about it');
    const before = (await get('messageNotification/list?pageSize=50&language=FR', maker)).json().data;
    expect(
      (await post('review/program/reject', { ids: [waiting.id], note: 'Logo $& blurred' }, reviewer))
        .statusCode,
    ).toBe(200);
    const after = (await get('messageNotification/list?pageSize=50&language=FR', maker)).json().data;
    expect(after.unread).toBe(before.unread + 1);
    expect(after.list[0]).toMatchObject({
      language: 'FR',
      content: 'Votre programme « Told about it » a été refusé. Note de validation : Logo $& blurred',
    });
    expect(Object.keys(after.list[0].contents).sort()).toEqual(['CN', 'FR', 'HK', 'IT', 'KR', 'RU', 'US']);
    expect((await post('review/program/approve', { ids: [waiting.id] }, reviewer)).statusCode).toBe(200);
    const approved = (await get('messageNotification/list?pageSize=50&language=US', maker)).json().data;
    expect(approved.list[0].content).toMatch(/^Your program “Told about it” was approved\./);
    await t.app.services.settings.set('auditOpen', false);
  });
});
