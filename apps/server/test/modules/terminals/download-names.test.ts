import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programPublications, programs } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { addTerminal, caller, consoleFixture } from './fixture.js';

describe('terminal details: downloads', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
  });
  afterAll(() => t.close());

  it('name the materials of programs published to the terminal, and no others', async () => {
    const terminalId = await addTerminal(t.db, { name: 'Lobby', officeId: f.offices.a1.id });
    const poster = await addMaterial(t.app, t.db, { name: 'Spring poster.png', officeId: f.offices.a1.id });
    const clip = await addMaterial(t.app, t.db, { name: 'Opening hours.png', officeId: f.offices.a1.id });
    // Another tenant's material: a device reporting its id must not learn the console its name.
    const foreign = await addMaterial(t.app, t.db, { name: 'Secret plan.png', officeId: f.offices.b.id });
    const [program] = await t.db
      .insert(programs)
      .values({
        name: 'Spring',
        officeId: f.offices.a1.id,
        document: {},
        formatVersion: 2,
        width: 1920,
        height: 1080,
        materialIds: [poster.id, clip.id],
      })
      .returning({ id: programs.id });
    await t.db.insert(programPublications).values({ programId: program!.id, terminalId, sort: 1 });
    const presence = t.app.services.terminalPresence;
    presence.connected(terminalId);
    presence.progress(terminalId, [
      { materialId: poster.id, received: 40, total: 100 },
      { materialId: clip.id, received: 0, total: 100, error: 'HTTP 404' },
      { materialId: foreign.id, received: 1, total: 100 },
    ]);

    const details = await api.get(`terminal/terminalDetails?id=${terminalId}`, f.a1);
    expect(details.status).toBe(200);
    expect((details.body.data as { downloads: unknown[] }).downloads).toEqual([
      { materialId: poster.id, materialName: 'Spring poster.png', received: 40, total: 100 },
      { materialId: clip.id, materialName: 'Opening hours.png', received: 0, total: 100, error: 'HTTP 404' },
      { materialId: foreign.id, materialName: null, received: 1, total: 100 },
    ]);
  });
});
