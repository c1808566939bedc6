import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../src/db/schema/index.js';
import { initSystem, login } from '../helpers/app.js';
import { asListening, startTestCluster, type TestCluster } from '../helpers/cluster.js';
import { addMaterial } from '../modules/materials/library-fixture.js';
import { programDoc } from '../modules/programs/fixture.js';
import { PASSWORD, buildTenants } from '../modules/users/fixture.js';
import { connect, register, type ListeningApp } from '../terminal/channel-client.js';

// Content across instances: a program saved and published through B reaches a terminal whose
// channel is on A (the manifest notice on the bus), and A serves the manifest and its files.
describe('cluster: publishing', () => {
  let cluster: TestCluster;
  let a: ListeningApp;
  let b: ListeningApp;

  beforeAll(async () => {
    cluster = await startTestCluster(2);
    [a, b] = cluster.instances.map(asListening) as [ListeningApp, ListeningApp];
    await initSystem(a.app);
  });
  afterAll(() => cluster?.close());

  it('a program published through B reaches the terminal on A, which fetches its manifest and files from A', async () => {
    const f = await buildTenants(b.db);
    const cookie = await login(b.app, 'a1admin', PASSWORD);
    const reg = await register(a);
    await a.db
      .update(terminals)
      .set({ state: 'claimed', pairingCode: null, officeId: f.offices.a1.id, name: 'Window' })
      .where(eq(terminals.id, reg.terminalId));
    const client = await connect(a, reg.token);
    const image = await addMaterial(b.app, b.db, {
      name: 'a.png',
      officeId: f.offices.a1.id,
      bytes: 'image',
    });

    const saved = await b.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Across instances', { imageIds: [image.id] }) },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await b.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/publishProgram/saveTerminals',
      payload: { programId: saved.json().data.id, terminalIds: [reg.terminalId] },
      headers: { cookie },
    });
    expect(published.statusCode, published.body).toBe(200);

    const notice = await client.next('manifest');
    const device = (url: string) =>
      a.app.inject({ method: 'GET', url, headers: { authorization: `Device ${reg.token}` } });
    const manifest = (await device('/apm-web/terminal/manifest')).json().data;
    expect(manifest.version).toBe(notice.version);
    expect(manifest.programs.map((p: { document: { name: string } }) => p.document.name)).toEqual([
      'Across instances',
    ]);
    const file = await device(manifest.programs[0].materials[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('image');
    client.close();
  });
});
