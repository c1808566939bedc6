import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, materials } from '../../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../../users/fixture.js';
import { addMaterial } from '../library-fixture.js';

const BASE = '/apm-web/a/api/review/material';

describe('material review: waiting list, approve, reject, permissions and scope', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let admin: string;
  let reviewer: string;
  let looker: string;
  let operator: string;
  let bReviewer: string;
  let reviewerId: number;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    admin = await login(t.app);
    const reviewRole = await addRole(t.db, 'reviewA1', f.offices.a1.id, [
      'review:material:view',
      'review:material:review',
    ]);
    reviewerId = await addUser(t.db, 'a1reviewer', f.offices.a1.id, [reviewRole], { name: 'Rita Reviewer' });
    reviewer = await login(t.app, 'a1reviewer', PASSWORD);
    const lookRole = await addRole(t.db, 'lookA1', f.offices.a1.id, ['review:material:view']);
    await addUser(t.db, 'a1looker', f.offices.a1.id, [lookRole]);
    looker = await login(t.app, 'a1looker', PASSWORD);
    operator = await login(t.app, 'a1admin', PASSWORD);
    const bRole = await addRole(t.db, 'reviewB', f.offices.b.id, [
      'review:material:view',
      'review:material:review',
    ]);
    await addUser(t.db, 'breviewer', f.offices.b.id, [bRole]);
    bReviewer = await login(t.app, 'breviewer', PASSWORD);
    // The audit switch on: uploads would now wait for review (the upload side sets `pending`).
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/sysSetting/save',
      payload: { key: 'auditOpen', value: true },
      headers: { cookie: admin },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.get('auditOpen')).toBe(true);
    const add = async (key: string, m: Parameters<typeof addMaterial>[2]) => {
      id[key] = (await addMaterial(t.app, t.db, { bytes: key, ...m })).id;
    };
    await add('poster', {
      name: 'Poster.png',
      officeId: f.offices.a1.id,
      reviewState: 'pending',
      createdAt: new Date('2026-05-01'),
    });
    await add('promo', {
      name: 'Promo.mp4',
      officeId: f.offices.a1Shop.id,
      kind: 'video',
      mime: 'video/mp4',
      reviewState: 'pending',
      createdAt: new Date('2026-05-02'),
    });
    await add('old', { name: 'Old.png', officeId: f.offices.a1.id, reviewState: 'approved' });
    await add('bWaiting', { name: 'B waiting.png', officeId: f.offices.b.id, reviewState: 'pending' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = reviewer) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = reviewer) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const names = async (query = '', cookie = reviewer) => {
    const res = await get(`list?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list.map((m: { name: string }) => m.name);
  };
  const state = async (key: string) =>
    (await t.db.select().from(materials).where(eq(materials.id, id[key]!)))[0]!;

  it('lists pending materials of the caller’s range by default, filtered and paged', async () => {
    expect(await names()).toEqual(['Promo.mp4', 'Poster.png']);
    expect(await names('', looker)).toEqual(['Promo.mp4', 'Poster.png']);
    expect(await names('', bReviewer)).toEqual(['B waiting.png']);
    expect(await names('reviewState=approved')).toEqual(['Old.png']);
    expect(await names('kind=video')).toEqual(['Promo.mp4']);
    expect(await names('keyword=post')).toEqual(['Poster.png']);
    expect(await names(`officeId=${f.offices.a1Shop.id}`)).toEqual(['Promo.mp4']);
    expect((await get(`list?officeId=${f.offices.b.id}`)).statusCode).toBe(404);
    const page = (await get('list?pageSize=1&pageNo=2')).json().data;
    expect(page).toMatchObject({ count: 2, pageNo: 2, pageSize: 1 });
    expect(page.list[0].name).toBe('Poster.png');
    expect((await get('list', operator)).statusCode).toBe(403);
  });

  it('approves and rejects with the review:material:review permission only', async () => {
    const denied = await post('approve', { ids: [id.poster] }, looker);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().jsonObject.permission).toBe('review:material:review');
    expect((await state('poster')).reviewState).toBe('pending');

    expect((await post('approve', { ids: [id.poster], note: ' Looks good ' })).statusCode).toBe(200);
    const approved = await state('poster');
    expect(approved).toMatchObject({
      reviewState: 'approved',
      reviewNote: 'Looks good',
      reviewedBy: reviewerId,
    });
    expect(approved.reviewedAt).toBeInstanceOf(Date);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/material/detail?id=${id.poster}`,
      headers: { cookie: admin },
    });
    expect(detail.json().data).toMatchObject({ reviewState: 'approved', reviewerName: 'Rita Reviewer' });

    for (const note of [undefined, '', '   ', 'x'.repeat(501)]) {
      const res = await post('reject', { ids: [id.promo], ...(note === undefined ? {} : { note }) });
      expect(res.statusCode, String(note)).toBe(400);
    }
    expect((await state('promo')).reviewState).toBe('pending');
    expect((await post('reject', { ids: `${id.promo}`, note: 'Blurry logo' })).statusCode).toBe(200);
    expect(await state('promo')).toMatchObject({ reviewState: 'rejected', reviewNote: 'Blurry logo' });
  });

  it('allows pending → approved/rejected and rejected → approved only, all or nothing', async () => {
    const rejectApproved = await post('reject', { ids: [id.old], note: 'Changed my mind' });
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().msg).toContain('Old.png (approved)');
    expect((await post('approve', { ids: [id.poster] })).statusCode).toBe(409);
    expect((await post('approve', { ids: [id.promo], note: 'Fixed after all' })).statusCode).toBe(200);
    expect((await state('promo')).reviewState).toBe('approved');
  });

  it('never reaches materials of other tenants', async () => {
    const res = await post('approve', { ids: [id.bWaiting] });
    expect(res.statusCode).toBe(404);
    const mixed = await post('reject', { ids: [id.bWaiting, id.old], note: 'no' });
    expect(mixed.statusCode).toBe(404);
    expect((await state('bWaiting')).reviewState).toBe('pending');
    expect((await post('approve', { ids: [id.bWaiting] }, bReviewer)).statusCode).toBe(200);
  });

  it('lets reviewers see what they judge: details and bytes with review:material:view only', async () => {
    const files = '/apm-web/a/api';
    const detail = await t.app.inject({
      method: 'GET',
      url: `${files}/material/detail?id=${id.poster}`,
      headers: { cookie: looker },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.name).toBe('Poster.png');
    const bytes = await t.app.inject({
      method: 'GET',
      url: `${files}/file/getFile?id=${id.poster}`,
      headers: { cookie: looker },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('poster');
    // Another tenant's reviewer still sees nothing of A's.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${files}/file/getFile?id=${id.poster}`,
      headers: { cookie: bReviewer },
    });
    expect(foreign.statusCode).toBe(404);
    // Neither library nor review rights: refused.
    const noRole = await addRole(t.db, 'nothingA1', f.offices.a1.id, ['sys:user:view']);
    await addUser(t.db, 'a1nobody', f.offices.a1.id, [noRole]);
    const nobody = await login(t.app, 'a1nobody', PASSWORD);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${files}/material/detail?id=${id.poster}`,
      headers: { cookie: nobody },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('leaves audit log entries of the decisions', async () => {
    await t.app.services.audit.flush();
    const rows = await t.db
      .select({ action: auditLogs.action, status: auditLogs.status })
      .from(auditLogs)
      .where(inArray(auditLogs.action, [`${BASE}/approve`, `${BASE}/reject`]));
    expect(rows.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => r.status === 403)).toBe(true);
  });
});
