import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { entry, planDoc } from '../plans/fixture.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

describe('review trace: every item a terminal plays leads to its approval record', () => {
  let t: TestApp;
  let maker: string;
  let reviewer: string;
  let bAdmin: string;
  let screen: number;
  let imageId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    maker = await login(t.app, 'a1admin', PASSWORD);
    bAdmin = await login(t.app, 'badmin', PASSWORD);
    const role = await addRole(t.db, 'traceReviewA1', f.offices.a1.id, [
      'review:view',
      ...['material', 'program', 'plan'].flatMap((k) => [`review:${k}:view`, `review:${k}:review`]),
    ]);
    await addUser(t.db, 'a1reviewer', f.offices.a1.id, [role], { name: 'Rita Reviewer' });
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    screen = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    await t.app.services.settings.set('auditOpen', true);
    // An uploaded image waiting for review (what an upload leaves while the audit switch is on).
    imageId = (
      await addMaterial(t.app, t.db, {
        name: 'poster.png',
        officeId: f.offices.a1.id,
        bytes: 'poster bytes',
        reviewState: 'pending',
      })
    ).id;
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object, cookie: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/apm-web/a/api/${url}`,
      payload,
      headers: { cookie },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const trace = (cookie: string) =>
    t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/review/trace?terminalId=${screen}`,
      headers: { cookie },
    });

  it('names the reviewer and revision of the program, its material and the plan on the screen', async () => {
    await post('review/material/approve', { ids: [imageId] }, reviewer);
    const program = await post(
      'program/save',
      { document: programDoc('Window', { imageIds: [imageId] }) },
      maker,
    );
    const revised = await post(
      'program/save',
      { id: program.id, document: programDoc('Window v2', { imageIds: [imageId] }) },
      maker,
    );
    expect(revised.revision).toBe(2);
    await post('review/program/approve', { ids: [program.id], note: 'Fine' }, reviewer);
    await post('publishProgram/saveTerminals', { programId: program.id, terminalIds: [screen] }, maker);
    const plan = await post(
      'playPlan/save',
      { name: 'Week', document: planDoc([entry('e1', [program.id])]) },
      maker,
    );
    await post('review/plan/approve', { ids: [plan.id] }, reviewer);
    await post('playPlan/saveTerminals', { planId: plan.id, terminalIds: [screen] }, maker);

    const res = await trace(maker);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as {
      kind: string;
      id: number;
      revision: number | null;
      approval: unknown;
    }[];
    const approval = { action: 'approved', actorName: 'Rita Reviewer', at: expect.any(String) };
    expect(items).toEqual(
      expect.arrayContaining([
        {
          kind: 'program',
          id: program.id,
          name: 'Window v2',
          revision: 2,
          approval: { ...approval, revision: 2 },
        },
        { kind: 'plan', id: plan.id, name: 'Week', revision: 1, approval: { ...approval, revision: 1 } },
        {
          kind: 'material',
          id: imageId,
          name: 'poster.png',
          revision: null,
          approval: { ...approval, revision: null },
        },
      ]),
    );
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.approval !== null)).toBe(true);
  });

  it('refuses a terminal of another tenant (404) and a malformed terminal id (400)', async () => {
    expect((await trace(bAdmin)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/apm-web/a/api/review/trace?terminalId=abc',
          headers: { cookie: maker },
        })
      ).statusCode,
    ).toBe(400);
  });
});
