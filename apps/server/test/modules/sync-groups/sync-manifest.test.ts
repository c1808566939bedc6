import { Value } from 'typebox/value';
import { ManifestSchema, type SyncGroupDetail } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { addTerminal, programDoc } from '../programs/fixture.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { saveProgram } from './fixture.js';

describe('the manifest of a sync group member', () => {
  let t: TestApp;
  let a1: string;
  const term = {} as Record<'left' | 'right' | 'alone' | 'mirrorA' | 'mirrorB', number>;
  let wallProgram: number;
  let otherProgram: number;
  let image: { id: number; md5: string };
  let group: SyncGroupDetail;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    for (const k of Object.keys({
      left: 0,
      right: 0,
      alone: 0,
      mirrorA: 0,
      mirrorB: 0,
    }) as (keyof typeof term)[])
      term[k] = await addTerminal(t.db, { name: `Screen ${k}`, officeId: f.offices.a1.id });
    image = await addMaterial(t.app, t.db, {
      name: 'wide.png',
      officeId: f.offices.a1.id,
      bytes: 'wide png bytes',
    });
    wallProgram = await saveProgram(t.app, a1, programDoc('Wide loop', { imageIds: [image.id] }));
    otherProgram = await saveProgram(t.app, a1, programDoc('Other loop'));
    // The right screen has the other program published to it: it keeps it, published.
    const published = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/publishProgram/saveTerminals',
      payload: { programId: otherProgram, terminalIds: [term.right] },
      headers: { cookie: a1 },
    });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(() => t.close());

  const manifest = (id: number) => t.app.services.programManifest.forTerminal(id);
  const save = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/syncGroup/saveSyncGroup',
      payload,
      headers: { cookie: a1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SyncGroupDetail;
  };

  it('carries sync and the group’s program with its materials for members only', async () => {
    const before = await manifest(term.left);
    expect(before.sync ?? null).toBeNull();
    const aloneBefore = await manifest(term.alone);
    group = await save({
      name: 'Wide wall',
      mode: 'wall',
      programId: wallProgram,
      columns: 2,
      rows: 1,
      members: [
        { terminalId: term.left, column: 0, row: 0 },
        { terminalId: term.right, column: 1, row: 0 },
      ],
    });
    const left = await manifest(term.left);
    expect(Value.Check(ManifestSchema, left)).toBe(true);
    expect(left.version).not.toBe(before.version);
    expect(left.sync).toEqual({
      groupId: group.id,
      name: 'Wide wall',
      mode: 'wall',
      epochMs: group.epochMs,
      programId: wallProgram,
      wall: { columns: 2, rows: 1, column: 0, row: 0 },
    });
    const program = left.programs.find((p) => p.id === wallProgram);
    expect(program).toMatchObject({ name: 'Wide loop', published: false });
    expect(program!.materials).toEqual([expect.objectContaining({ id: image.id, md5: image.md5 })]);
    expect(program!.document.scenes).toHaveLength(1);
    // The terminal may download the group program's material; the version service agrees.
    expect(await t.app.services.programManifest.fileFor(term.left, image.id)).toMatchObject({ id: image.id });
    expect(await t.app.services.programManifest.versionFor(term.left)).toBe(left.version);

    const right = await manifest(term.right);
    expect(right.sync?.wall).toEqual({ columns: 2, rows: 1, column: 1, row: 0 });
    expect(right.programs.map((p) => [p.id, p.published ?? true])).toEqual([
      [otherProgram, true],
      [wallProgram, false],
    ]);

    const alone = await manifest(term.alone);
    expect(alone.sync ?? null).toBeNull();
    expect(alone.programs).toEqual([]);
    expect(alone.version).toBe(aloneBefore.version);
    expect(await t.app.services.programManifest.fileFor(term.alone, image.id)).toBeNull();
  });

  it('changes version when the group changes; a mirror has no wall; leaving drops the sync', async () => {
    const before = await manifest(term.left);
    await new Promise((r) => setTimeout(r, 5));
    const swapped = await save({
      id: group.id,
      name: 'Wide wall',
      mode: 'wall',
      programId: wallProgram,
      columns: 2,
      rows: 1,
      members: [
        { terminalId: term.left, column: 1, row: 0 },
        { terminalId: term.right, column: 0, row: 0 },
      ],
    });
    const after = await manifest(term.left);
    expect(after.version).not.toBe(before.version);
    expect(after.sync).toMatchObject({ epochMs: swapped.epochMs, wall: { column: 1, row: 0 } });
    expect(swapped.epochMs).toBeGreaterThan(group.epochMs);

    await save({
      id: group.id,
      name: 'Wide mirror',
      mode: 'mirror',
      programId: wallProgram,
      members: [{ terminalId: term.mirrorA }, { terminalId: term.mirrorB }],
    });
    const mirror = await manifest(term.mirrorA);
    expect(mirror.sync).toMatchObject({ mode: 'mirror', name: 'Wide mirror', programId: wallProgram });
    expect(mirror.sync).not.toHaveProperty('wall');
    const left = await manifest(term.left);
    expect(left.sync ?? null).toBeNull();
    expect(left.programs).toEqual([]);
  });

  it('drops the sync when the program was edited since to wait for a touch (the members play their own plans)', async () => {
    const before = await manifest(term.mirrorA);
    expect(before.sync).toMatchObject({ programId: wallProgram });
    const doc = programDoc('Wide loop', { imageIds: [image.id] });
    const touching = {
      ...doc,
      scenes: doc.scenes.map((s, i) => (i === 0 ? { ...s, untilTouched: true } : s)),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { id: wallProgram, document: touching },
      headers: { cookie: a1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await manifest(term.mirrorA);
    expect(after.version).not.toBe(before.version);
    expect(after.sync ?? null).toBeNull();
  });
});
