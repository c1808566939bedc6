import { randomBytes } from 'node:crypto';
import { appendFileSync, readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, materialUploads, offices } from '../../src/db/schema/index.js';
import { initSystem, login } from '../helpers/app.js';
import { startTestCluster, type ClusterInstance, type TestCluster } from '../helpers/cluster.js';
import { countRows } from '../helpers/rows.js';
import { jpeg, md5 } from '../modules/materials/upload/media.js';
import { TusClient } from '../modules/materials/upload/tus-client.js';
import { buildTenants, PASSWORD } from '../modules/users/fixture.js';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('cluster: uploads', () => {
  let cluster: TestCluster;
  let a: ClusterInstance;
  let b: ClusterInstance;
  let tenants: Awaited<ReturnType<typeof buildTenants>>;
  let cookie: string;

  beforeAll(async () => {
    cluster = await startTestCluster(2);
    [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
    await initSystem(a.app);
    tenants = await buildTenants(a.database.db);
    cookie = await login(a.app, 'a1op', PASSWORD);
  });
  afterAll(() => cluster?.close());

  const db = () => a.database.db;
  const tus = (instance: ClusterInstance) => new TusClient(() => instance.base, cookie);
  /** The upload's URL on another instance (the same path behind another address). */
  const on = (instance: ClusterInstance, url: string) =>
    new URL(new URL(url).pathname, instance.base).toString();
  const head = (url: string) => fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', cookie } });
  const named = (name: string) => db().select().from(materials).where(eq(materials.name, name));
  const uploadsDir = () => a.app.services.filesDir.uploadsDir;

  it('an upload half-sent through one instance, whose PATCH hangs there, is resumed and finished through another', async () => {
    const bytes = Buffer.concat([await jpeg(1), randomBytes(4 * 1024 * KiB)]);
    const created = await tus(a).create(bytes.length, { filename: 'moved.jpg', md5: md5(bytes) });
    expect(created.status).toBe(201);
    const urlA = tus(a).url(created.headers.get('location')!);
    // The client's connection to A stalls after 1 MiB (a load balancer moved it, a network hiccup).
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, 1024 * KiB)));
        await hold;
        controller.close();
      },
    });
    const stalled = tus(a)
      .patch(urlA, 0, body)
      .catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 500));
    // Through B: HEAD asks A's PATCH to let go of the upload's lock, and answers what reached the disk.
    const urlB = on(b, urlA);
    const started = Date.now();
    const offset = (await tus(b).offset(urlB)).offset!;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1024 * KiB);
    const answerA = await stalled;
    expect(answerA instanceof Error || answerA.status === 409).toBe(true);
    release();
    const done = await tus(b).patch(urlB, offset, bytes.subarray(offset));
    expect(done.status).toBe(204);
    const materialId = done.headers.get('material-id');
    const [m] = await named('moved.jpg');
    expect(m).toMatchObject({ id: Number(materialId), md5: md5(bytes), size: bytes.length });
    // A client whose last answer was lost asks A: complete, the same material.
    const again = await head(urlA);
    expect(again.status).toBe(200);
    expect(again.headers.get('material-id')).toBe(materialId);
    expect(await countRows(db(), materialUploads)).toBe(0);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('two instances finishing the same upload at once make one material', async () => {
    const bytes = await jpeg(2);
    const created = await tus(a).create(bytes.length, { filename: 'twice.jpg', md5: md5(bytes) });
    const url = tus(a).url(created.headers.get('location')!);
    await tus(a).patch(url, 0, bytes.subarray(0, bytes.length - 1));
    // The last byte reached the disk but its instance stopped before finishing (a crash).
    appendFileSync(`${uploadsDir()}/${url.split('/').pop()}`, bytes.subarray(bytes.length - 1));
    const answers = await Promise.all([a, b, a, b].map((instance) => head(on(instance, url))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => r.headers.get('material-id')));
    expect(ids.size).toBe(1);
    const rows = await named('twice.jpg');
    expect(rows.map((r) => String(r.id))).toEqual([...ids]);
    expect(await countRows(db(), materialUploads)).toBe(0);
  });

  it("a lock whose holder's connection dies is free for the others, and its holder is told", async () => {
    let told = false;
    await a.app.services.clusterLocks.acquire('tus:dying', { onRequestRelease: () => (told = true) });
    await expect(b.app.services.clusterLocks.acquire('tus:dying', { timeoutMs: 300 })).rejects.toThrow(
      /not free/,
    );
    // What a killed instance's connection amounts to: the server ends the session and its locks.
    await a.app.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${`apm:${a.config.instanceId}:locks`}`,
    );
    const release = await b.app.services.clusterLocks.acquire('tus:dying', { timeoutMs: 5000 });
    await release();
    expect(told).toBe(true);
  });

  it('creations racing for the last room of a quota through two instances: exactly one fits', async () => {
    for (const instance of [a, b]) await instance.app.services.settings.set('capacityFlag', true);
    // Room for one file of `size` but not two: 60 % of what is left under a quota just above the usage.
    const { agentA } = tenants.offices;
    const used = await a.app.services.storageCapacity.usedUnder(agentA.path);
    const quotaMb = Math.ceil(used / MiB) + 1;
    const size = Math.floor((quotaMb * MiB - used) * 0.6);
    await db().update(offices).set({ storageQuotaMb: quotaMb }).where(eq(offices.id, agentA.id));
    try {
      const racing = await Promise.all(
        Array.from({ length: 8 }, (_, i) => tus(i % 2 ? b : a).create(size, { filename: `race-${i}.jpg` })),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 413, 413, 413, 413, 413, 413, 413]);
      expect(await countRows(db(), materialUploads)).toBe(1);
    } finally {
      await db().update(offices).set({ storageQuotaMb: null }).where(eq(offices.id, agentA.id));
      for (const instance of [a, b]) await instance.app.services.settings.set('capacityFlag', false);
      await db().delete(materialUploads);
    }
  });
});
