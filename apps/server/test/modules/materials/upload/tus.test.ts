import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, materialFiles, materials, materialUploads } from '../../../../src/db/schema/index.js';
import { countRows } from '../../../helpers/rows.js';
import { envelope, uploadFixture } from './fixture.js';
import { jpeg, md5 } from './media.js';

describe('resumable uploads (tus) through a real listener', () => {
  let f: Awaited<ReturnType<typeof uploadFixture>>;
  beforeAll(async () => {
    f = await uploadFixture();
  });
  afterAll(() => f.stack.close());

  const filesDir = () => f.stack.app.services.filesDir;
  const material = async (id: number) =>
    (await f.stack.db.select().from(materials).where(eq(materials.id, id)))[0]!;
  const fileRow = async (id: number) =>
    (await f.stack.db.select().from(materialFiles).where(eq(materialFiles.id, id)))[0]!;

  /** A JPEG of about `size` bytes: a real header followed by random padding (still detected as JPEG). */
  const bigJpeg = async (seed: number, size: number) =>
    Buffer.concat([await jpeg(seed), randomBytes(Math.max(0, size - 2000))]);

  it('uploads a file: material and stored blob, upload record gone, bytes identical', async () => {
    const bytes = await jpeg(1);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'photo.jpg', md5: md5(bytes) });
    expect(created.status).toBe(201);
    const url = client.url(created.headers.get('location')!);
    expect(await countRows(f.stack.db, materialUploads)).toBe(1);
    const done = await client.patch(url, 0, bytes);
    expect(done.status).toBe(204);
    // Each chunk renews the session cookie, as any other API call does.
    expect(done.headers.get('set-cookie')).toMatch(
      /^Authorization=Bearer%20[\w-]+; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(done.headers.get('upload-offset')).toBe(String(bytes.length));
    const id = Number(done.headers.get('material-id'));
    const m = await material(id);
    expect(m).toMatchObject({ name: 'photo.jpg', kind: 'image', size: bytes.length, md5: md5(bytes) });
    expect(m.officeId).toBe(f.tenants.offices.a1.id);
    expect(m.createdBy).toBe(f.tenants.ids.a1op);
    expect(m.reviewState).toBe('approved');
    const file = await fileRow(m.fileId);
    expect(file).toMatchObject({ mime: 'image/jpeg', processState: expect.any(String) });
    expect(file.storagePath).toBe(filesDir().blobPath(md5(bytes), bytes.length, '.jpg'));
    expect(readFileSync(filesDir().resolveFilePath(file.storagePath)).equals(bytes)).toBe(true);
    expect(await countRows(f.stack.db, materialUploads)).toBe(0);
    expect(readdirSync(filesDir().uploadsDir)).toEqual([]);
    // A client whose last answer was lost asks again: complete, with the material; nobody else sees it.
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', cookie: f.cookies.a1op },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('material-id')).toBe(String(id));
    expect((await f.tus('bop').offset(url)).status).toBe(404);
    // The audit log records the upload's creation, not each chunk.
    await f.stack.app.services.audit.flush();
    const routes = (await f.stack.db.select({ path: auditLogs.path }).from(auditLogs)).map((r) => r.path);
    expect(routes.filter((p) => p.includes('/file/tus'))).toEqual([expect.stringMatching(/\/file\/tus\/?$/)]);
  });

  it('resumes after an interrupted PATCH: HEAD shows what arrived, the rest completes the file', async () => {
    const bytes = await bigJpeg(2, 6 * 1024 * 1024);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'resume.jpg', md5: md5(bytes) });
    const url = client.url(created.headers.get('location')!);
    const abort = new AbortController();
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const firstPart = bytes.subarray(0, 2 * 1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(firstPart));
        await hold;
      },
    });
    const sending = f
      .tus()
      .patch(url, 0, body, abort.signal)
      .catch((e: Error) => e);
    // Let the first part reach the disk, then drop the connection mid-stream.
    await new Promise((r) => setTimeout(r, 500));
    abort.abort();
    release();
    expect(await sending).toBeInstanceOf(Error);
    const head = await client.offset(url);
    expect(head.status).toBe(200);
    expect(head.offset).toBeGreaterThan(0);
    expect(head.offset).toBeLessThanOrEqual(firstPart.length);
    let offset = -1;
    for (let i = 0; i < 100; i++) {
      const head = await client.offset(url);
      offset = head.offset!;
      const retry = await client.patch(url, offset, bytes.subarray(offset));
      if (retry.status === 204) {
        const m = await material(Number(retry.headers.get('material-id')));
        expect(m.md5).toBe(md5(bytes));
        expect(m.size).toBe(bytes.length);
        return;
      }
      // The interrupted request may still hold its lock for a moment.
      expect([409, 423, 460, 500]).toContain(retry.status);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`resume never completed (offset ${offset})`);
  });

  it('resumes after a server restart: the prefix on disk is re-hashed once and the MD5 still matches', async () => {
    const bytes = await bigJpeg(3, 3 * 1024 * 1024);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'restart.jpg', md5: md5(bytes) });
    const location = created.headers.get('location')!;
    const half = 1024 * 1024 + 17;
    const first = await client.patch(client.url(location), 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    const uploadId = location.split('/').pop()!;
    expect(f.stack.app.services.materialUploads.store.hasState(uploadId)).toBe(true);

    await f.stack.restart();
    expect(f.stack.app.services.materialUploads.store.hasState(uploadId)).toBe(false);
    const url = client.url(location);
    expect(await client.offset(url)).toEqual({ status: 200, offset: half });
    const rest = await client.patch(url, half, bytes.subarray(half));
    expect(rest.status).toBe(204);
    const m = await material(Number(rest.headers.get('material-id')));
    expect(m).toMatchObject({ name: 'restart.jpg', md5: md5(bytes), size: bytes.length });
    const file = await fileRow(m.fileId);
    expect(md5(readFileSync(filesDir().resolveFilePath(file.storagePath)))).toBe(md5(bytes));
  });

  it('finishes on HEAD an upload whose last byte arrived but whose finish never ran (crash)', async () => {
    const bytes = await jpeg(8);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'stalled.jpg', md5: md5(bytes) });
    const url = client.url(created.headers.get('location')!);
    await client.patch(url, 0, bytes.subarray(0, bytes.length - 1));
    appendFileSync(`${filesDir().uploadsDir}/${url.split('/').pop()}`, bytes.subarray(bytes.length - 1));
    // Two clients' retries at once (or a retry and the last PATCH): the upload is finished once.
    const heads = await Promise.all(
      [1, 2].map(() =>
        fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', cookie: f.cookies.a1op } }),
      ),
    );
    for (const head of heads) {
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    }
    const [first, second] = heads.map((h) => Number(h.headers.get('material-id')));
    expect(second).toBe(first);
    const m = await material(first!);
    expect(m).toMatchObject({ name: 'stalled.jpg', md5: md5(bytes) });
    const named = await f.stack.db.select().from(materials).where(eq(materials.name, 'stalled.jpg'));
    expect(named).toHaveLength(1);
    expect(await countRows(f.stack.db, materialUploads)).toBe(0);
  });

  it('answers a HEAD that looks at the store just after another finish moved the bytes away', async () => {
    const bytes = await jpeg(9);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'raced.jpg', md5: md5(bytes) });
    const url = client.url(created.headers.get('location')!);
    const id = url.split('/').pop()!;
    await client.patch(url, 0, bytes.subarray(0, bytes.length - 1));
    appendFileSync(`${filesDir().uploadsDir}/${id}`, bytes.subarray(bytes.length - 1));
    // The second look at the store waits until the first HEAD's finish has taken the bytes: the
    // interleaving that once answered 410 to the second client.
    const store = f.stack.app.services.materialUploads.store;
    const getUpload = store.getUpload.bind(store);
    let looks = 0;
    store.getUpload = async (uploadId: string) => {
      if (uploadId === id && ++looks === 2) {
        while (existsSync(`${filesDir().uploadsDir}/${id}`)) await new Promise((r) => setTimeout(r, 5));
      }
      return getUpload(uploadId);
    };
    try {
      const heads = await Promise.all(
        [1, 2].map(() =>
          fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', cookie: f.cookies.a1op } }),
        ),
      );
      expect(heads.map((h) => h.status)).toEqual([200, 200]);
      const ids = heads.map((h) => h.headers.get('material-id'));
      expect(ids[0]).toMatch(/^\d+$/);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      store.getUpload = getUpload;
    }
  });

  it("binds an upload to its creator: another user's HEAD, PATCH and DELETE get 404 and change nothing", async () => {
    const bytes = await jpeg(4);
    const owner = f.tus();
    const created = await owner.create(bytes.length, { filename: 'mine.jpg' });
    const url = owner.url(created.headers.get('location')!);
    await owner.patch(url, 0, bytes.subarray(0, 100));
    for (const other of [f.tus('bop'), f.tus('a1admin')]) {
      expect((await other.offset(url)).status).toBe(404);
      expect((await other.patch(url, 100, bytes.subarray(100))).status).toBe(404);
      expect((await other.terminate(url)).status).toBe(404);
    }
    expect(await owner.offset(url)).toEqual({ status: 200, offset: 100 });
    const del = await owner.terminate(url);
    expect(del.status).toBe(204);
    expect(await countRows(f.stack.db, materialUploads)).toBe(0);
    expect(readdirSync(filesDir().uploadsDir)).toEqual([]);
  });

  it('refuses malformed PATCHes with a message naming the header, keeping the bytes received', async () => {
    const bytes = await jpeg(8);
    const client = f.tus();
    const created = await client.create(bytes.length, { filename: 'strict.jpg' });
    const url = client.url(created.headers.get('location')!);
    expect((await client.patch(url, 0, bytes.subarray(0, 64))).status).toBe(204);
    const send = (headers: Record<string, string>, body: Buffer) =>
      fetch(url, { method: 'PATCH', headers: { cookie: f.cookies.a1op, ...headers }, body });
    const tusHeaders = {
      'Tus-Resumable': '1.0.0',
      'Content-Type': 'application/offset+octet-stream',
      'Upload-Offset': '64',
    };
    const cases: [Record<string, string>, Buffer, number, RegExp][] = [
      [{ ...tusHeaders, 'Tus-Resumable': '0.2.2' }, bytes.subarray(64), 412, /Tus-Resumable/],
      [{ ...tusHeaders, 'Upload-Offset': 'x' }, bytes.subarray(64), 400, /Upload-Offset/],
      [{ ...tusHeaders, 'Upload-Offset': '10' }, bytes.subarray(10), 409, /Upload-Offset 10 .* 64 bytes/],
      [
        tusHeaders,
        Buffer.concat([bytes.subarray(64), Buffer.alloc(10)]),
        413,
        /larger than the \d+ bytes left/,
      ],
    ];
    for (const [headers, body, status, msg] of cases) {
      const res = await send(headers, body);
      expect(res.status).toBe(status);
      expect((await envelope(res)).msg).toMatch(msg);
      expect(await client.offset(url)).toEqual({ status: 200, offset: 64 });
    }
    const rest = await client.patch(url, 64, bytes.subarray(64));
    expect(rest.status).toBe(204);
    expect((await material(Number(rest.headers.get('material-id')))).md5).toBe(md5(bytes));
  });

  it('refuses a file whose bytes do not match the declared MD5 (422), storing nothing', async () => {
    const bytes = await jpeg(5);
    const before = await countRows(f.stack.db, materials);
    const res = await f.tus().upload(bytes, { filename: 'bad.jpg', md5: md5(Buffer.from('other')) });
    expect(res.status).toBe(422);
    expect((await envelope(res)).msg).toMatch(/MD5 mismatch/);
    expect(await countRows(f.stack.db, materials)).toBe(before);
    expect(await countRows(f.stack.db, materialUploads)).toBe(0);
    expect(readdirSync(filesDir().uploadsDir)).toEqual([]);
    const blobs = (await f.stack.db.select().from(materialFiles)).filter((r) => r.md5 === md5(bytes));
    expect(blobs).toEqual([]);
  });

  it('stores the same bytes once: a second upload links the existing file', async () => {
    const bytes = await jpeg(6);
    const a = await f.tus().upload(bytes, { filename: 'one.jpg' });
    const b = await f.tus('bop').upload(bytes, { filename: 'two.jpg' });
    const [ma, mb] = [
      await material(Number(a.headers.get('material-id'))),
      await material(Number(b.headers.get('material-id'))),
    ];
    expect(ma.fileId).toBe(mb.fileId);
    expect(mb.officeId).toBe(f.tenants.offices.b.id);
    expect(readdirSync(filesDir().uploadsDir)).toEqual([]);
  });

  it('sweeps expired uploads: record, partial bytes and tus info file removed', async () => {
    const client = f.tus();
    const created = await client.create(1000, { filename: 'stale.jpg' });
    const url = client.url(created.headers.get('location')!);
    await client.patch(url, 0, (await jpeg(7)).subarray(0, 500));
    const id = url.split('/').pop()!;
    expect(existsSync(`${filesDir().uploadsDir}/${id}`)).toBe(true);
    const expiry = f.stack.app.services.materialUploads.expiry;
    expect((await expiry.sweep()).uploads).toBe(0);
    await f.stack.db.update(materialUploads).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await expiry.sweep()).uploads).toBe(1);
    expect(existsSync(`${filesDir().uploadsDir}/${id}`)).toBe(false);
    expect(existsSync(`${filesDir().uploadsDir}/${id}.json`)).toBe(false);
    expect((await client.offset(url)).status).toBe(404);
  });
});
