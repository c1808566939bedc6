import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { programDoc } from './fixture.js';

const BASE = '/apm-web/a/api/program';

describe('program templates: saved from a program, used by its tenant, shared by the platform', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let platform: string;
  let a1: string;
  let b: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    platform = await login(t.app);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    b = await login(t.app, 'badmin', PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const names = async (cookie: string) =>
    (await get('template/list?pageSize=100', cookie)).json().data.list.map((x: { name: string }) => x.name);

  it('saves a program as a template of its tenant; another tenant neither sees nor deletes it', async () => {
    const program = (await post('save', { document: programDoc('Menu board', { scenes: 2 }) }, a1)).json()
      .data;
    const saved = await post('template/save', { programId: program.id, name: '  Menu template ' }, a1);
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id;
    expect(await names(a1)).toContain('Menu template');
    expect(await names(b)).not.toContain('Menu template');
    const detail = (await get(`template/detail?id=${id}`, a1)).json().data;
    expect(detail).toMatchObject({ name: 'Menu template', shared: false, width: 1920, height: 1080 });
    expect(detail.document.name).toBe('Menu template');
    expect(detail.document.scenes).toHaveLength(2);
    expect((await get(`template/detail?id=${id}`, b)).statusCode).toBe(404);
    expect((await post('template/delete', { ids: [id] }, b)).statusCode).toBe(404);
    // A program starts from it: its document saved under a new name.
    const started = await post('save', { document: { ...detail.document, name: 'From template' } }, a1);
    expect(started.statusCode).toBe(200);
    expect((await post('template/delete', { ids: [id] }, a1)).statusCode).toBe(200);
    expect(await names(a1)).not.toContain('Menu template');
  });

  it('refuses a program outside the caller’s scope and an empty name, naming the field', async () => {
    const program = (await post('save', { document: programDoc('Theirs') }, b)).json().data;
    const foreign = await post('template/save', { programId: program.id, name: 'Mine now' }, a1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().jsonObject.fields).toHaveProperty('programId');
    const blank = await post('template/save', { programId: program.id, name: '   ' }, b);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().jsonObject.fields).toHaveProperty('name');
  });

  it('lets only the platform share a template with every tenant, and only with shared materials', async () => {
    const own = (await post('save', { document: programDoc('Tenant') }, a1)).json().data;
    const refused = await post('template/save', { programId: own.id, name: 'Everyone', shared: true }, a1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().jsonObject).toMatchObject({
      reason: 'platformOnly',
      fields: { shared: expect.any(String) },
    });

    const office = f.offices.platform.id;
    const hidden = await addMaterial(t.app, t.db, {
      name: 'private.png',
      officeId: office,
      bytes: 'p'.repeat(10),
    });
    const open = await addMaterial(t.app, t.db, {
      name: 'logo.png',
      officeId: office,
      bytes: 'l'.repeat(10),
      shared: true,
    });
    const withHidden = (
      await post('save', { document: programDoc('Hidden', { imageIds: [hidden.id] }) }, platform)
    ).json().data;
    const notShared = await post(
      'template/save',
      { programId: withHidden.id, name: 'Leaky', shared: true },
      platform,
    );
    expect(notShared.statusCode).toBe(400);
    expect(notShared.json().jsonObject).toMatchObject({
      reason: 'materialsNotShared',
      materialIds: [hidden.id],
    });

    const clean = (
      await post('save', { document: programDoc('Clean', { imageIds: [open.id] }) }, platform)
    ).json().data;
    const shared = await post(
      'template/save',
      { programId: clean.id, name: 'Welcome screen', shared: true },
      platform,
    );
    expect(shared.statusCode).toBe(200);
    expect(await names(a1)).toContain('Welcome screen');
    expect(await names(b)).toContain('Welcome screen');
    // A tenant uses it but cannot delete the platform's template.
    expect((await post('template/delete', { ids: [shared.json().data.id] }, b)).statusCode).toBe(404);
    const detail = (await get(`template/detail?id=${shared.json().data.id}`, b)).json().data;
    expect((await post('save', { document: { ...detail.document, name: 'B welcome' } }, b)).statusCode).toBe(
      200,
    );
  });
});
