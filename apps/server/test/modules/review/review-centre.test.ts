import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { entry, planDoc } from '../plans/fixture.js';
import { programDoc } from '../programs/fixture.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';

describe('review centre: one history, reviewers told of submissions, pending counts, auto-approval', () => {
  let t: TestApp;
  let maker: string;
  let reviewer: string;
  let bReviewer: string;
  let nobody: string;
  const REVIEWER_GRANTS = ['review:view', 'review:program:view', 'review:program:review', 'review:plan:view'];
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    maker = await login(t.app, 'a1admin', PASSWORD);
    const role = await addRole(t.db, 'centreReviewA1', f.offices.a1.id, [
      ...REVIEWER_GRANTS,
      'program:make:view',
      'program:make:add',
      'program:make:edit',
    ]);
    await addUser(t.db, 'a1reviewer', f.offices.a1.id, [role], { name: 'Rita Reviewer' });
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    const bRole = await addRole(t.db, 'centreReviewB', f.offices.b.id, REVIEWER_GRANTS);
    await addUser(t.db, 'breviewer', f.offices.b.id, [bRole]);
    bReviewer = await login(t.app, 'breviewer', PASSWORD);
    const none = await addRole(t.db, 'centreNone', f.offices.a1.id, ['home:view']);
    await addUser(t.db, 'a1nobody', f.offices.a1.id, [none]);
    nobody = await login(t.app, 'a1nobody', PASSWORD);
    await t.app.services.settings.set('auditOpen', true);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/apm-web/a/api/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/${url}`, headers: { cookie } });
  const saveProgram = async (cookie: string, name: string, id?: number) => {
    const res = await post('program/save', { id, document: programDoc(name) }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; revision: number; reviewState: string };
  };
  const bell = async (cookie: string) =>
    (await get('messageNotification/list?pageSize=50&language=US', cookie))
      .json()
      .data.list.map((n: { content: string }) => n.content);
  const history = async (kind: string, id: number, cookie = reviewer) =>
    (await get(`review/history?kind=${kind}&id=${id}`, cookie)).json().data as {
      action: string;
      revision: number | null;
      note: string | null;
      actorName: string | null;
    }[];

  it('records submitted, rejected, resubmitted revision and approved, with who and which revision', async () => {
    const first = await saveProgram(maker, 'Lobby loop');
    expect(first.reviewState).toBe('pending');
    expect(await bell(reviewer)).toContain('A new program “Lobby loop” waits for your review.');
    expect(await bell(bReviewer)).not.toContain('A new program “Lobby loop” waits for your review.');

    const rejected = await post('review/program/reject', { ids: [first.id], note: 'Wrong logo' }, reviewer);
    expect(rejected.statusCode).toBe(200);
    const second = await saveProgram(maker, 'Lobby loop', first.id);
    expect(second.revision).toBe(2);
    expect((await post('review/program/approve', { ids: [first.id] }, reviewer)).statusCode).toBe(200);

    expect(await history('program', first.id)).toEqual([
      expect.objectContaining({ action: 'submitted', revision: 1, note: null, actorName: 'Alice Admin' }),
      expect.objectContaining({
        action: 'rejected',
        revision: 1,
        note: 'Wrong logo',
        actorName: 'Rita Reviewer',
      }),
      expect.objectContaining({ action: 'submitted', revision: 2, actorName: 'Alice Admin' }),
      expect.objectContaining({ action: 'approved', revision: 2, note: null, actorName: 'Rita Reviewer' }),
    ]);
    // The maker sees the history of their own program; another tenant and a user without rights do not.
    expect((await history('program', first.id, maker)).length).toBe(4);
    expect((await get(`review/history?kind=program&id=${first.id}`, bReviewer)).statusCode).toBe(404);
    expect((await get(`review/history?kind=program&id=${first.id}`, nobody)).statusCode).toBe(403);
    expect((await get(`review/history?kind=folder&id=${first.id}`, reviewer)).statusCode).toBe(400);
  });

  it('counts what waits, per kind the caller may review, in their range only', async () => {
    const waiting = await saveProgram(maker, 'Counted');
    const plan = await post(
      'playPlan/save',
      { name: 'Counted plan', document: planDoc([entry('e1', [waiting.id])]) },
      maker,
    );
    expect(plan.statusCode, plan.body).toBe(200);
    const mine = (await get('review/pendingCounts', reviewer)).json().data;
    expect(mine).toEqual({ program: 1, plan: 1 });
    expect((await get('review/pendingCounts', bReviewer)).json().data).toEqual({ program: 0, plan: 0 });
    expect((await get('review/pendingCounts', nobody)).statusCode).toBe(403);
    expect(await history('plan', plan.json().data.id)).toEqual([
      expect.objectContaining({ action: 'submitted', revision: 1, actorName: 'Alice Admin' }),
    ]);
  });

  it('approves a reviewer’s own content at once when auto-approval is on, and says so in the history', async () => {
    const before = await saveProgram(reviewer, 'Reviewer draft');
    expect(before.reviewState).toBe('pending');
    await t.app.services.settings.set('reviewAutoApprove', true);
    try {
      const own = await saveProgram(reviewer, 'Reviewer own');
      expect(own.reviewState).toBe('approved');
      expect(await history('program', own.id)).toEqual([
        expect.objectContaining({ action: 'autoApproved', revision: 1, actorName: 'Rita Reviewer' }),
      ]);
      // The maker holds no program review: their saves still wait.
      expect((await saveProgram(maker, 'Maker still waits')).reviewState).toBe('pending');
    } finally {
      await t.app.services.settings.set('reviewAutoApprove', false);
    }
  });
});
