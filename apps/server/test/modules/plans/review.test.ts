import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { entry, planDoc } from './fixture.js';

describe('plan review: with the audit switch on, saved plans wait, are not published and do not play', () => {
  let t: TestApp;
  let maker: string;
  let reviewer: string;
  let bReviewer: string;
  let screen: number;
  let program: number;
  const delivered: TerminalDelivery[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    maker = await login(t.app, 'a1admin', PASSWORD);
    const grants = ['review:plan:view', 'review:plan:review'];
    await addUser(t.db, 'a1reviewer', f.offices.a1.id, [
      await addRole(t.db, 'planReviewA1', f.offices.a1.id, grants),
    ]);
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    await addUser(t.db, 'breviewer', f.offices.b.id, [
      await addRole(t.db, 'planReviewB', f.offices.b.id, grants),
    ]);
    bReviewer = await login(t.app, 'breviewer', PASSWORD);
    screen = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    program = (await post('program/save', { document: programDoc('Loop') }, maker)).json().data.id;
    t.app.services.terminalBus.subscribe((d) => delivered.push(...d));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/apm-web/a/api/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/${url}`, headers: { cookie } });
  const save = async (name: string, id?: number) =>
    (
      await post(
        'playPlan/save',
        { id, name, document: planDoc([entry('a', [program], { startDate: '2020-01-01' })]) },
        maker,
      )
    ).json().data;
  const toldScreen = () =>
    delivered.filter((d) => d.terminalId === screen && d.message.type === 'manifest').length;
  const manifestPlans = async () =>
    (await t.app.services.programManifest.forTerminal(screen)).plans.map((p) => [p.name, p.revision]);

  it('lets a reviewer reject with a note and approve; only approved plans are published; the maker is told', async () => {
    expect((await save('Before audit')).reviewState).toBe('approved');
    await t.app.services.settings.set('auditOpen', true);
    const waiting = await save('Needs a look');
    expect(waiting.reviewState).toBe('pending');
    const refused = await post(
      'playPlan/saveTerminals',
      { planId: waiting.id, terminalIds: [screen] },
      maker,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('pending');

    const list = (await get('review/plan/list', reviewer)).json().data;
    expect(list.list.map((p: { name: string }) => p.name)).toEqual(['Needs a look']);
    expect((await get('review/plan/list', bReviewer)).json().data.count).toBe(0);
    expect((await post('review/plan/approve', { ids: [waiting.id] }, bReviewer)).statusCode).toBe(404);
    expect((await post('review/plan/approve', { ids: [waiting.id] }, maker)).statusCode).toBe(403);
    const noNote = await post('review/plan/reject', { ids: [waiting.id], note: ' ' }, reviewer);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().jsonObject.fields).toHaveProperty('note');

    const before = (await get('messageNotification/list?pageSize=50&language=US', maker)).json().data;
    expect(
      (await post('review/plan/reject', { ids: [waiting.id], note: 'Wrong hours' }, reviewer)).statusCode,
    ).toBe(200);
    const after = (await get('messageNotification/list?pageSize=50&language=US', maker)).json().data;
    expect(after.unread).toBe(before.unread + 1);
    expect(after.list[0].content).toBe(
      'Your play plan “Needs a look” was rejected. Review note: Wrong hours',
    );
    expect((await get(`playPlan/detail?id=${waiting.id}`, maker)).json().data).toMatchObject({
      reviewState: 'rejected',
      reviewNote: 'Wrong hours',
      reviewerName: 'a1reviewer',
    });

    expect((await post('review/plan/approve', { ids: [waiting.id] }, reviewer)).statusCode).toBe(200);
    const approved = (await get('messageNotification/list?pageSize=50&language=US', maker)).json().data;
    expect(approved.list[0].content).toBe('Your play plan “Needs a look” was approved.');
    expect(
      (await post('playPlan/saveTerminals', { planId: waiting.id, terminalIds: [screen] }, maker)).statusCode,
    ).toBe(200);
    expect(await manifestPlans()).toEqual([['Needs a look', 1]]);
  });

  it('takes a re-saved plan off the screens (manifest and timeline) until it is approved again', async () => {
    const [plan] = (await get('playPlan/list?keyword=Needs', maker)).json().data.list;
    const range = 'from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z';
    const planIds = async () =>
      new Set(
        (
          (await get(`playPlan/timeline?terminalId=${screen}&${range}`, maker)).json().data.segments as {
            planId: number | null;
          }[]
        ).map((s) => s.planId),
      );
    expect((await planIds()).has(plan.id)).toBe(true);
    delivered.length = 0;
    expect(await save('Needs a look, edited', plan.id)).toMatchObject({
      reviewState: 'pending',
      revision: 2,
    });
    expect(toldScreen()).toBe(1);
    expect(await manifestPlans()).toEqual([]);
    expect((await planIds()).has(plan.id)).toBe(false);

    delivered.length = 0;
    expect((await post('review/plan/approve', { ids: [plan.id] }, reviewer)).statusCode).toBe(200);
    expect(toldScreen()).toBe(1);
    expect(await manifestPlans()).toEqual([['Needs a look, edited', 2]]);
    expect((await planIds()).has(plan.id)).toBe(true);
    await t.app.services.settings.set('auditOpen', false);
  });
});
