import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programPublications, terminals } from '../../../src/db/schema/index.js';
import { TERMINAL_CHUNK } from '../../../src/modules/programs/announce.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { addGroup, programDoc } from './fixture.js';

describe('publishing to a group larger than one batch', () => {
  let t: TestApp;
  let cookie: string;
  let groupId: number;
  const COUNT = TERMINAL_CHUNK + 200;
  const batches: TerminalDelivery[][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    cookie = await login(t.app, 'a1admin', PASSWORD);
    groupId = await addGroup(t.db, f.offices.a1.id, 'Every store');
    await t.db.insert(terminals).values(
      Array.from({ length: COUNT }, (_, i) => ({
        deviceId: `bulk-device-${i}`,
        name: `Store ${i}`,
        state: 'claimed' as const,
        tokenHash: `bulk-token-${i}`,
        officeId: f.offices.a1.id,
        groupId,
      })),
    );
    t.app.services.terminalBus.subscribe((d) => batches.push([...d]));
  });
  afterAll(() => t.close());

  it('writes every publication and tells every terminal, in batches, then takes it back', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Everywhere') },
      headers: { cookie },
    });
    const programId = saved.json().data.id as number;
    const publish = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/apm-web/a/api/publishProgram/saveTerminals',
        payload: { programId, ...payload },
        headers: { cookie },
      });
    const res = await publish({ groupIds: [groupId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.added).toHaveLength(COUNT);
    const rows = await t.db
      .select()
      .from(programPublications)
      .where(eq(programPublications.programId, programId));
    expect(rows).toHaveLength(COUNT);
    const manifests = batches.flat().filter((d) => d.message.type === 'manifest');
    expect(new Set(manifests.map((d) => d.terminalId)).size).toBe(COUNT);
    expect(batches.length).toBe(2);
    expect(Math.max(...batches.map((b) => b.length))).toBe(TERMINAL_CHUNK);

    batches.length = 0;
    const off = await publish({ groupIds: '' });
    expect(off.json().data).toMatchObject({ terminalIds: [], added: [] });
    expect(off.json().data.removed).toHaveLength(COUNT);
    expect(batches.flat()).toHaveLength(COUNT);
    expect(await t.db.select().from(programPublications)).toEqual([]);
  });
});
