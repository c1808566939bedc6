import { existsSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFiles, materials, offices } from '../../../src/db/schema/index.js';
import { assertPublishable } from '../../../src/modules/materials/material-service.js';
import {
  registerMaterialUsageCheck,
  unregisterMaterialUsageCheck,
} from '../../../src/modules/materials/usage-checks.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, addRole, addUser, buildTenants } from '../users/fixture.js';
import { addMaterial, writeStored } from './library-fixture.js';

const BASE = '/apm-web/a/api/material';

describe('material delete: in-use refusal, stored files removed with the last link; publishability', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  let b: string;
  let viewer: string;
  const usedIds = new Set<number>();
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
    const role = await addRole(t.db, 'editA1', f.offices.a1.id, ['res:material:view', 'res:material:edit']);
    await addUser(t.db, 'a1editor', f.offices.a1.id, [role]);
    viewer = await login(t.app, 'a1editor', PASSWORD);
    // What a program module will do: tell which materials its programs use.
    registerMaterialUsageCheck({
      key: 'testPrograms',
      label: 'programs',
      find: async (_db, ids) =>
        ids
          .filter((id) => usedIds.has(id))
          .map((id) => ({ type: 'program', id: 700 + id, name: `Lobby loop ${id}` })),
    });
  });
  afterAll(async () => {
    unregisterMaterialUsageCheck('testPrograms');
    await t.close();
  });

  const post = (url: string, payload: object, cookie = a1) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const exists = (rel: string) => existsSync(t.app.services.filesDir.resolveFilePath(rel));

  it('refuses to delete materials in use, listing the users, deleting nothing', async () => {
    const one = await addMaterial(t.app, t.db, {
      name: 'used.png',
      officeId: f.offices.a1.id,
      bytes: 'used',
    });
    const two = await addMaterial(t.app, t.db, {
      name: 'free.png',
      officeId: f.offices.a1.id,
      bytes: 'free',
    });
    usedIds.add(one.id);
    const detail = await t.app.inject({
      method: 'GET',
      url: `${BASE}/detail?id=${one.id}`,
      headers: { cookie: a1 },
    });
    expect(detail.json().data.usedBy).toEqual([
      { type: 'program', id: 700 + one.id, name: `Lobby loop ${one.id}` },
    ]);
    const before = await countRows(t.db, materials);
    const res = await post('delete', { ids: [two.id, one.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(`program Lobby loop ${one.id}`);
    expect(res.json().jsonObject.usedBy).toHaveLength(1);
    expect(await countRows(t.db, materials)).toBe(before);
    expect(exists(one.storagePath) && exists(two.storagePath)).toBe(true);
    usedIds.delete(one.id);
  });

  it('refuses materials outside the scope (nothing deleted) and callers without res:material:delete', async () => {
    const mine = await addMaterial(t.app, t.db, {
      name: 'mine.png',
      officeId: f.offices.a1.id,
      bytes: 'mine',
    });
    const theirs = await addMaterial(t.app, t.db, {
      name: 'theirs.png',
      officeId: f.offices.b.id,
      bytes: 'theirs',
    });
    const [platform] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const shared = await addMaterial(t.app, t.db, {
      name: 'shared.png',
      officeId: platform!.id,
      shared: true,
      bytes: 's',
    });
    for (const ids of [[mine.id, theirs.id], [shared.id]]) {
      const res = await post('delete', { ids });
      expect(res.statusCode).toBe(404);
    }
    expect((await post('delete', { ids: [mine.id] }, viewer)).statusCode).toBe(403);
    const left = await t.db
      .select({ id: materials.id })
      .from(materials)
      .where(inArray(materials.id, [mine.id, theirs.id, shared.id]));
    expect(left).toHaveLength(3);
    expect(exists(theirs.storagePath) && exists(shared.storagePath)).toBe(true);
    expect((await post('delete', { ids: [theirs.id] }, b)).statusCode).toBe(200);
  });

  it('keeps the stored file while another material links it, removes it with the last link', async () => {
    const bytes = 'the same bytes in two tenants';
    const first = await addMaterial(t.app, t.db, {
      name: 'first.png',
      officeId: f.offices.a1.id,
      bytes,
      derived: { thumb: Buffer.from('thumb') },
    });
    const second = await addMaterial(t.app, t.db, { name: 'second.png', officeId: f.offices.b.id, bytes });
    expect(second.fileId).toBe(first.fileId);
    const derived = t.app.services.filesDir.derivedDir(first.fileId);
    const customThumb = 'thumbs/first-custom.png';
    writeStored(t.app, customThumb, 'custom');
    await t.db.update(materials).set({ thumbPath: customThumb }).where(eq(materials.id, first.id));

    expect((await post('delete', { ids: [first.id] })).statusCode).toBe(200);
    expect(await t.db.select().from(materials).where(eq(materials.id, first.id))).toEqual([]);
    expect(await t.db.select().from(materialFiles).where(eq(materialFiles.id, first.fileId))).toHaveLength(1);
    expect(exists(first.storagePath)).toBe(true);
    expect(exists(`${derived}/thumb.webp`)).toBe(true);
    expect(exists(customThumb)).toBe(false);

    expect((await post('delete', { ids: `${second.id}` }, b)).statusCode).toBe(200);
    expect(await t.db.select().from(materialFiles).where(eq(materialFiles.id, first.fileId))).toEqual([]);
    expect(exists(first.storagePath)).toBe(false);
    expect(exists(derived)).toBe(false);
  });

  it('answers which materials may be published: visible and approved only', async () => {
    const auth = await t.app.services.sessions.resolve(
      a1.replace(/^Authorization=/, '').replace(/^Bearer%20/, ''),
    );
    expect(auth).not.toBeNull();
    const ok = await addMaterial(t.app, t.db, { name: 'ok.png', officeId: f.offices.a1.id, bytes: 'ok' });
    const waiting = await addMaterial(t.app, t.db, {
      name: 'waiting.png',
      officeId: f.offices.a1.id,
      bytes: 'w',
      reviewState: 'pending',
    });
    const foreign = await addMaterial(t.app, t.db, {
      name: 'foreign.png',
      officeId: f.offices.b.id,
      bytes: 'f',
    });
    await expect(assertPublishable(t.db, auth!, [ok.id])).resolves.toBeUndefined();
    await expect(
      t.app.services.materials.assertPublishable(auth!, [ok.id, waiting.id]),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('waiting.png (pending)'),
      extra: { ids: [waiting.id] },
    });
    await expect(assertPublishable(t.db, auth!, [foreign.id])).rejects.toMatchObject({ statusCode: 404 });
  });
});
