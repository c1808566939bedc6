import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  materialFiles,
  materialFolders,
  materials,
  materialUploads,
  offices,
} from '../../../../src/db/schema/index.js';
import { countRows } from '../../../helpers/rows.js';
import { envelope, uploadFixture } from './fixture.js';
import { htmlPackage, jpeg, md5, png, zip } from './media.js';

const MiB = 1024 * 1024;

describe('upload checks: limits before bytes, names, folders, hostile content', () => {
  let f: Awaited<ReturnType<typeof uploadFixture>>;
  beforeAll(async () => {
    f = await uploadFixture();
  });
  afterAll(() => f.stack.close());

  const settings = () => f.stack.app.services.settings;
  const uploadsDir = () => f.stack.app.services.filesDir.uploadsDir;
  const snapshot = async () => ({
    materials: await countRows(f.stack.db, materials),
    files: await countRows(f.stack.db, materialFiles),
    uploads: await countRows(f.stack.db, materialUploads),
    partials: readdirSync(uploadsDir(), { withFileTypes: true }).length,
  });
  const setQuota = (id: number, mb: number | null) =>
    f.stack.db.update(offices).set({ storageQuotaMb: mb }).where(eq(offices.id, id));
  const materialOf = async (res: Response) =>
    (
      await f.stack.db
        .select()
        .from(materials)
        .where(eq(materials.id, Number(res.headers.get('material-id'))))
    )[0]!;

  it('refuses a file over the upload limit with 413 naming the limit, before any byte is stored', async () => {
    await settings().set('uploadLimitOpen', true);
    await settings().set('uploadLimitSize', 1);
    const before = await snapshot();
    const res = await f.tus().create(2 * MiB, { filename: 'big.mp4' });
    expect(res.status).toBe(413);
    expect((await envelope(res)).msg).toBe('The file (2 MB) exceeds the upload limit of 1 MB');
    expect(await snapshot()).toEqual(before);
    await settings().set('uploadLimitOpen', false);
    expect((await f.tus().create(2 * MiB, { filename: 'big.mp4' })).status).toBe(201);
    await f.stack.db.delete(materialUploads);
  });

  it('counts running uploads against the quota and names the office whose quota is exceeded', async () => {
    const { a1, agentA } = f.tenants.offices;
    await settings().set('capacityFlag', true);
    await setQuota(a1.id, 1);
    const first = await f.tus().create(700 * 1024, { filename: 'a.jpg' });
    expect(first.status).toBe(201);
    const before = await snapshot();
    const second = await f.tus('a1admin').create(400 * 1024, { filename: 'b.jpg' });
    expect(second.status).toBe(413);
    expect((await envelope(second)).msg).toBe(
      'The file (400 KB) would exceed the storage quota of Customer A1 (700 KB of 1 MB used)',
    );
    expect(await snapshot()).toEqual(before);
    // An agent's quota bounds its customers too.
    await setQuota(a1.id, 100);
    await setQuota(agentA.id, 1);
    const third = await f.tus().create(400 * 1024, { filename: 'c.jpg' });
    expect(third.status).toBe(413);
    expect((await envelope(third)).msg).toMatch(/storage quota of Agent A \(700 KB of 1 MB used\)/);
    // Another tenant is not bounded by them.
    expect((await f.tus('bop').create(400 * 1024, { filename: 'd.jpg' })).status).toBe(201);
    const token = decodeURIComponent(f.cookies.a1op.split('=')[1]!).replace(/^Bearer /, '');
    const auth = (await f.stack.app.services.sessions.resolve(token))!;
    expect(await f.stack.app.services.storageCapacity.usage(auth)).toEqual({
      usedBytes: 700 * 1024,
      quotaBytes: MiB,
      quotaOfficeName: 'Agent A',
      uploadLimitBytes: 10240 * MiB,
    });
    // Parallel creations cannot overshoot a quota together: exactly one of two fits.
    await setQuota(agentA.id, 2);
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        f.tus(i % 2 ? 'a1admin' : 'a1op').create(700 * 1024, { filename: 'r.jpg' }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 413, 413, 413, 413, 413]);
    // Off switch: quotas no longer apply.
    await settings().set('capacityFlag', false);
    expect((await f.tus().create(400 * 1024, { filename: 'e.jpg' })).status).toBe(201);
    await setQuota(agentA.id, null);
    await setQuota(a1.id, null);
    await f.stack.db.delete(materialUploads);
  });

  it('checks one-shot multipart uploads against the quota under the same lock: of parallel ones, only what fits is stored', async () => {
    const { a1 } = f.tenants.offices;
    await settings().set('capacityFlag', true);
    await setQuota(a1.id, 1);
    const before = await countRows(f.stack.db, materials);
    // Four distinct PNGs of ≈ 570 KB each (noise, stored uncompressed): one fits in 1 MB, two do not.
    const images = await Promise.all(
      [1, 2, 3, 4].map((seed) => {
        const raw = Buffer.alloc(440 * 440 * 3);
        for (let i = 0; i < raw.length; i++) raw[i] = (Math.imul(i + 1, 2654435761 + seed) >>> 13) & 0xff;
        return sharp(raw, { raw: { width: 440, height: 440, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
      }),
    );
    expect(images.every((b) => b.length > 560_000 && b.length < 600_000)).toBe(true);
    const send = (bytes: Buffer, i: number) => {
      const form = new FormData();
      form.append('md5', md5(bytes));
      form.append('file', new Blob([bytes]), `race-${i}.png`);
      return fetch(`${f.stack.origin}/apm-web/a/api/file/uploader`, {
        method: 'POST',
        headers: { cookie: f.cookies.a1op },
        body: form,
      });
    };
    const answers = await Promise.all(images.map(send));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 413, 413, 413]);
    expect(await countRows(f.stack.db, materials)).toBe(before + 1);
    expect(readdirSync(uploadsDir()).filter((n) => n.startsWith('mp-'))).toEqual([]);
    await settings().set('capacityFlag', false);
    await setQuota(a1.id, null);
  });

  it('refuses empty files, missing or deferred lengths and missing names with 400', async () => {
    const before = await snapshot();
    const zero = await f.tus().create(0, { filename: 'empty.jpg' });
    expect(zero.status).toBe(400);
    expect((await envelope(zero)).msg).toMatch(/empty/);
    expect((await f.tus().create(null, { filename: 'x.jpg' })).status).toBe(400);
    const deferred = await f.tus().create(null, { filename: 'x.jpg' }, { 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(400);
    expect((await envelope(deferred)).msg).toMatch(/Upload-Defer-Length/);
    const nameless = await f.tus().create(10, {});
    expect(nameless.status).toBe(400);
    expect((await envelope(nameless)).msg).toMatch(/filename is required/);
    expect((await f.tus().create(10, { filename: '../..' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("sanitises names (directories, control characters, ..) and refuses another tenant's folder", async () => {
    const image = await png();
    const passwd = await f.tus().upload(image, { filename: '../../etc/passwd' });
    expect(passwd.status).toBe(204);
    expect((await materialOf(passwd)).name).toBe('passwd');
    const odd = await f.tus().upload(await png(65), { filename: 'C:\\tmp\\..\\evil\u0000\u202e name..png' });
    expect((await materialOf(odd)).name).toBe('evil name.png');
    const long = await f.tus().upload(await png(66), { filename: `${'x'.repeat(400)}.png` });
    expect((await materialOf(long)).name).toBe(`${'x'.repeat(196)}.png`);
    const [folder] = await f.stack.db
      .insert(materialFolders)
      .values({ name: 'B only', officeId: f.tenants.offices.b.id })
      .returning();
    const before = await snapshot();
    const res = await f.tus().create(image.length, { filename: 'x.png', folderId: String(folder!.id) });
    expect(res.status).toBe(404);
    expect((await envelope(res)).msg).toMatch(/folderId/);
    expect(await snapshot()).toEqual(before);
    const own = await f.tus('bop').upload(image, { filename: 'x.png', folderId: String(folder!.id) });
    expect((await materialOf(own)).folderId).toBe(folder!.id);
  });

  it('decides the type from content: a text file named .png is refused with 415 saying what it is', async () => {
    const before = await snapshot();
    const res = await f
      .tus()
      .upload(Buffer.from('just some text, not an image\n'.repeat(10)), { filename: 'fake.png' });
    expect(res.status).toBe(415);
    expect((await envelope(res)).msg).toBe('Unsupported file type: the content is plain text');
    const exe = await f
      .tus()
      .upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), { filename: 'a.jpg' });
    expect(exe.status).toBe(415);
    expect(await snapshot()).toEqual(before);
    const jpg = await f.tus().upload(await jpeg(9), { filename: 'named.gif' });
    expect(await materialOf(jpg)).toMatchObject({ kind: 'image', name: 'named.gif' });
  });

  it('accepts HTML packages (index at the top or in a single folder) and APKs; refuses other zips', async () => {
    const top = await f.tus().upload(htmlPackage(), { filename: 'site.zip' });
    expect(top.status).toBe(204);
    const m = await materialOf(top);
    expect(m.kind).toBe('html');
    const [file] = await f.stack.db.select().from(materialFiles).where(eq(materialFiles.id, m.fileId));
    expect(file!.meta).toMatchObject({ indexPage: 'index.html', entries: 2 });
    const nested = await f.tus().upload(htmlPackage('site/'), { filename: 'nested.zip' });
    expect((await materialOf(nested)).kind).toBe('html');
    const apk = zip([
      { name: 'AndroidManifest.xml', data: Buffer.from([3, 0, 8, 0, 1, 2, 3, 4]) },
      { name: 'classes.dex', data: Buffer.from('dex\n035\0') },
    ]);
    const apkRes = await f.tus().upload(apk, { filename: 'player.apk' });
    expect((await materialOf(apkRes)).kind).toBe('apk');
    const plain = await f
      .tus()
      .upload(zip([{ name: 'readme.txt', data: Buffer.from('hi') }]), { filename: 'a.zip' });
    expect(plain.status).toBe(415);
    expect((await envelope(plain)).msg).toMatch(/neither an HTML package/);
  });

  it('refuses hostile zips: bombs, traversal and absolute names, symlinks, too many entries', async () => {
    const before = await snapshot();
    const index = { name: 'index.html', data: Buffer.from('<html></html>') };
    const cases: [string, Buffer, RegExp][] = [
      ['bomb.zip', zip([index, { name: 'zeros.bin', data: Buffer.alloc(100 * MiB) }]), /zip bomb/],
      [
        'liar.zip',
        zip([index, { name: 'big.bin', data: Buffer.from('x'), declaredSize: 3 * 1024 ** 3 }]),
        /zip bomb/,
      ],
      ['up.zip', zip([index, { name: '../../evil.html', data: Buffer.from('x') }]), /unsafe/],
      ['abs.zip', zip([index, { name: '/etc/cron.d/evil', data: Buffer.from('x') }]), /unsafe|absolute/],
      ['win.zip', zip([index, { name: '..\\..\\evil.html', data: Buffer.from('x') }]), /unsafe/],
      [
        'link.zip',
        zip([index, { name: 'passwd', data: Buffer.from('/etc/passwd'), symlink: true }]),
        /symbolic link/,
      ],
      [
        'many.zip',
        zip([
          index,
          ...Array.from({ length: 20_001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('') })),
        ]),
        /more than 20000 entries/,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await f.tus().upload(bytes, { filename: name, md5: md5(bytes) });
      expect(res.status, name).toBe(415);
      expect((await envelope(res)).msg, name).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});
