import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import { materialFiles, materials } from '../../../../src/db/schema/index.js';
import { MaterialJobQueue } from '../../../../src/modules/materials/processing/queue.js';
import {
  JobAborted,
  MediaTools,
  ProcessingError,
} from '../../../../src/modules/materials/processing/tools.js';
import { createTestApp, findUser, initSystem, type TestApp } from '../../../helpers/app.js';
import { fileRow, processAll, storeMaterial, type Owner } from './fixture.js';
import { at, png, testVideo } from './media.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Command lines of running processes that mention `text` (to prove a child was killed). */
function processesWith(text: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text) && !line.startsWith('ps '));
}

describe('media tools', () => {
  const tools = new MediaTools(loadConfig({}).tools);
  // An endless test picture encoded to nowhere: runs until killed.
  const endless = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'];

  it('kills a child that runs past its time-out', async () => {
    const started = Date.now();
    const error = await tools.run('ffmpeg', endless, { timeoutMs: 800 }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ProcessingError);
    expect((error as Error).message).toBe('ffmpeg timed out after 1 s');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a child when its job is stopped', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await tools
      .run('ffmpeg', endless, { timeoutMs: 60_000, signal: controller.signal })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(JobAborted);
  });

  it('reports a failing tool with the end of its message, and a missing one with what to install', async () => {
    const error = await tools
      .run('ffprobe', ['/nonexistent/file.mp4'], { timeoutMs: 10_000 })
      .catch((e) => e);
    expect(error.message).toMatch(/^ffprobe failed \(exit 1\): .*No such file or directory/);
    const missing = new MediaTools({ ...loadConfig({}).tools, soffice: '/nonexistent/soffice' });
    await expect(missing.require('soffice')).rejects.toThrow(/^needs LibreOffice/);
    await expect(missing.require('ffmpeg')).resolves.toBeUndefined();
  });
});

describe('material job queue lifecycle', () => {
  let t: TestApp;
  let owner: Owner;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const admin = (await findUser(t.db, 'admin'))!;
    owner = { officeId: admin.officeId, userId: admin.id };
    dir = mkdtempSync(path.join(tmpdir(), 'apm-media-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('re-queues on start what a crash left running, and processes it', async () => {
    const jobs = t.app.services.materialJobs;
    await jobs.stop();
    const image = await png(at(dir, 'left-running.png'), 40, 30);
    const { fileId } = await storeMaterial(t.app, owner, image, {
      kind: 'image',
      mime: 'image/png',
      ext: '.png',
      state: 'running',
    });
    // Stopped: neither a wake nor the poll takes work.
    jobs.wake();
    await jobs.idle();
    expect((await fileRow(t.db, fileId)).processState).toBe('running');

    await jobs.start();
    await jobs.idle();
    expect(await fileRow(t.db, fileId)).toMatchObject({ processState: 'done', width: 40, height: 30 });
  });

  it('leaves a running job within its lease to its instance; takes it over when the lease ran out', async () => {
    await t.app.services.materialJobs.stop();
    const image = await png(at(dir, 'leased.png'), 24, 12);
    const { fileId } = await storeMaterial(t.app, owner, image, {
      kind: 'image',
      mime: 'image/png',
      ext: '.png',
      state: 'running',
    });
    // Another instance claimed it and renews its lease.
    const leaseFor = (ms: number) =>
      t.db
        .update(materialFiles)
        .set({ processLeaseUntil: new Date(Date.now() + ms) })
        .where(eq(materialFiles.id, fileId));
    await leaseFor(60_000);
    const other = new MaterialJobQueue(t.db, t.app.services.filesDir, t.config.tools, { pollMs: 20 });
    try {
      await other.start();
      await sleep(200);
      await other.idle();
      expect((await fileRow(t.db, fileId)).processState).toBe('running');
      // That instance died: its lease runs out and the next look re-queues and processes the file.
      await leaseFor(-1000);
      await expect
        .poll(async () => (await fileRow(t.db, fileId)).processState, { timeout: 10_000 })
        .toBe('done');
      expect(await fileRow(t.db, fileId)).toMatchObject({ width: 24, height: 12 });
    } finally {
      await other.stop();
      await t.app.services.materialJobs.start();
    }
  });

  it('renews the lease of a running job', async () => {
    await t.app.services.materialJobs.stop();
    // A transcoding: long enough to see renewals.
    const avi = await testVideo(at(dir, 'lease.avi'), 30, '960x540', ['-c:v', 'mpeg4', '-c:a', 'mp2']);
    const { fileId } = await storeMaterial(t.app, owner, avi, {
      kind: 'video',
      mime: 'video/x-msvideo',
      ext: '.avi',
    });
    const queue = new MaterialJobQueue(t.db, t.app.services.filesDir, t.config.tools, { leaseMs: 600 });
    try {
      await queue.start();
      await expect.poll(async () => (await fileRow(t.db, fileId)).processState).toBe('running');
      const first = (await fileRow(t.db, fileId)).processLeaseUntil!;
      await expect
        .poll(async () => (await fileRow(t.db, fileId)).processLeaseUntil!.getTime(), { timeout: 5000 })
        .toBeGreaterThan(first.getTime());
    } finally {
      await queue.stop();
      // Not left in the queue for the tests below.
      await t.db.update(materialFiles).set({ processState: 'failed' }).where(eq(materialFiles.id, fileId));
      await t.app.services.materialJobs.start();
    }
  });

  it('two queues (two servers) of two workers each claim every file exactly once', async () => {
    await t.app.services.materialJobs.stop();
    const stored = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        storeMaterial(t.app, owner, await png(at(dir, `many-${i}.png`), 20 + i, 10), {
          kind: 'image',
          mime: 'image/png',
          ext: '.png',
        }),
      ),
    );
    const done: number[] = [];
    const log = {
      info: (obj: object, msg?: string) => {
        if (msg === 'material job done') done.push((obj as { fileId: number }).fileId);
      },
      warn: () => {},
      error: () => {},
    };
    const { filesDir, materialJobs } = t.app.services;
    const queues = [1, 2].map(() => new MaterialJobQueue(t.db, filesDir, t.config.tools, { concurrency: 2 }));
    await Promise.all(queues.map((q) => q.start(log)));
    queues.forEach((q) => q.wake());
    await Promise.all(queues.map((q) => q.idle()));
    await Promise.all(queues.map((q) => q.stop()));
    expect(done.sort((a, b) => a - b)).toEqual(stored.map((f) => f.fileId).sort((a, b) => a - b));
    for (const [i, file] of stored.entries()) {
      expect(await fileRow(t.db, file.fileId)).toMatchObject({ processState: 'done', width: 20 + i });
    }
    await materialJobs.start();
  });

  it('writes progress while transcoding; stop kills ffmpeg and puts the file back in the queue', async () => {
    const avi = await testVideo(at(dir, 'long.avi'), 30, '960x540', [
      '-c:v',
      'mpeg4',
      '-q:v',
      '12',
      '-c:a',
      'mp2',
    ]);
    const { fileId } = await storeMaterial(t.app, owner, avi, {
      kind: 'video',
      mime: 'video/x-msvideo',
      ext: '.avi',
    });
    t.app.services.materialJobs.wake();

    const seen: number[] = [];
    for (let i = 0; i < 300 && (seen.at(-1) ?? 0) < 15; i++) {
      await sleep(100);
      const row = await fileRow(t.db, fileId);
      expect(row.processState).toBe('running');
      if (row.processProgress !== seen.at(-1)) seen.push(row.processProgress);
    }
    expect(seen.at(-1)).toBeGreaterThanOrEqual(15);
    expect(seen.at(-1)).toBeLessThan(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const derived = t.app.services.filesDir.resolveFilePath(t.app.services.filesDir.derivedDir(fileId));
    expect(processesWith(derived).length).toBeGreaterThan(0);

    const stopping = Date.now();
    await t.app.services.materialJobs.stop();
    expect(Date.now() - stopping).toBeLessThan(5000);
    expect(processesWith(derived)).toEqual([]);
    expect(await fileRow(t.db, fileId)).toMatchObject({ processState: 'queued', processProgress: 0 });
    expect(readdirSync(derived).filter((name) => name.includes('.part'))).toEqual([]);
    await processAll(t.app);
    expect((await fileRow(t.db, fileId)).processState).toBe('queued');

    // Started again it takes the file up; deleted from the library and cancelled, nothing derived is left.
    const jobs = t.app.services.materialJobs;
    await jobs.start();
    while ((await fileRow(t.db, fileId)).processProgress < 12) await sleep(100);
    await t.db.delete(materials).where(eq(materials.fileId, fileId));
    await t.db.delete(materialFiles).where(eq(materialFiles.id, fileId));
    const cancelling = Date.now();
    await jobs.cancel(fileId);
    expect(Date.now() - cancelling).toBeLessThan(5000);
    expect(existsSync(derived)).toBe(false);
    expect(processesWith(derived)).toEqual([]);
  }, 120_000);
});
