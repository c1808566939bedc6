import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { entry, planDoc } from '../plans/fixture.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

describe('manifests refuse unapproved materials, whichever approved program or plan brings them', () => {
  let t: TestApp;
  let maker: string;
  let reviewer: string;
  let screen: number;
  let a1: number;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    a1 = f.offices.a1.id;
    maker = await login(t.app, 'a1admin', PASSWORD);
    const role = await addRole(t.db, 'refusalReviewA1', f.offices.a1.id, [
      'review:view',
      ...['material', 'program', 'plan'].flatMap((k) => [`review:${k}:view`, `review:${k}:review`]),
    ]);
    await addUser(t.db, 'a1reviewer', f.offices.a1.id, [role]);
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    screen = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    await t.app.services.settings.set('auditOpen', true);
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
  const manifest = () => t.app.services.programManifest.forTerminal(screen);

  it('leaves out an approved program of a published plan while a new image of it waits, and brings it once approved', async () => {
    const waiting = await addMaterial(t.app, t.db, {
      name: 'waiting.png',
      officeId: a1,
      bytes: 'waiting image bytes',
      reviewState: 'pending',
    });
    // A plan of a program without images is approved and published; then the program gets a waiting
    // image, and a reviewer approves the new revision (not the image): the plan's terminal holds on.
    const program = await post('program/save', { document: programDoc('Poster loop') }, maker);
    await post('review/program/approve', { ids: [program.id] }, reviewer);
    const plan = await post(
      'playPlan/save',
      { name: 'Posters', document: planDoc([entry('e1', [program.id])]) },
      maker,
    );
    await post('review/plan/approve', { ids: [plan.id] }, reviewer);
    await post('playPlan/saveTerminals', { planId: plan.id, terminalIds: [screen] }, maker);
    expect((await manifest()).programs.map((p) => p.id)).toEqual([program.id]);
    await post(
      'program/save',
      { id: program.id, document: programDoc('Poster loop', { imageIds: [waiting.id] }) },
      maker,
    );
    await post('review/program/approve', { ids: [program.id] }, reviewer);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/publishProgram/saveTerminals',
      payload: { programId: program.id, terminalIds: [screen] },
      headers: { cookie: maker },
    });
    expect(direct.statusCode).toBe(409);

    const before = await manifest();
    expect(before.plans.map((p) => p.id)).toEqual([plan.id]);
    expect(before.programs).toEqual([]);
    expect(await t.app.services.programManifest.fileFor(screen, waiting.id)).toBeNull();

    await post('review/material/approve', { ids: [waiting.id] }, reviewer);
    const after = await manifest();
    expect(after.version).not.toBe(before.version);
    expect(after.programs.map((p) => [p.id, p.published])).toEqual([[program.id, false]]);
    expect(after.programs[0]!.materials.map((m) => m.id)).toEqual([waiting.id]);
    expect(await t.app.services.programManifest.fileFor(screen, waiting.id)).not.toBeNull();
  });
});
