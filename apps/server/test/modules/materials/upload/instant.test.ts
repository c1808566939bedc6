import { readFileSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFiles, materials } from '../../../../src/db/schema/index.js';
import { countRows } from '../../../helpers/rows.js';
import { uploadFixture } from './fixture.js';
import { jpeg, md5, png } from './media.js';

describe('instant upload, MD5 checks, one-shot multipart upload and custom thumbnails', () => {
  let f: Awaited<ReturnType<typeof uploadFixture>>;
  let held: Buffer;
  beforeAll(async () => {
    f = await uploadFixture();
    held = await jpeg(11);
    const res = await f.tus().upload(held, { filename: 'held.jpg' });
    expect(res.status).toBe(204);
  });
  afterAll(() => f.stack.close());

  const check = (who: 'a1op' | 'bop' | 'a1admin', bytes: Buffer, scope = 'material') =>
    f.call('GET', `/a/api/file/md5Check?md5=${md5(bytes)}&size=${bytes.length}&scope=${scope}`, who);
  const instant = (who: 'a1op' | 'bop' | 'a1admin', body: object) =>
    f.call('POST', '/a/api/file/instantUpload', who, body);
  const multipart = (url: string, parts: [string, string | Blob, string?][], who = f.cookies.a1op) => {
    const form = new FormData();
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, filename);
    }
    return fetch(`${f.stack.origin}/apm-web${url}`, { method: 'POST', headers: { cookie: who }, body: form });
  };

  it('answers whether bytes are held: own tenant yes, other tenants no, links nothing', async () => {
    const before = await countRows(f.stack.db, materials);
    expect((await check('a1admin', held)).json.data).toEqual({ exists: true, material: null });
    expect((await check('bop', held)).json.data).toEqual({ exists: false, material: null });
    expect((await check('a1op', Buffer.from('other'))).json.data.exists).toBe(false);
    expect((await check('a1admin', held, 'personal')).json.data.exists).toBe(false);
    expect((await check('a1op', held, 'personal')).json.data.exists).toBe(true);
    expect((await f.call('GET', '/a/api/file/md5Check?md5=xyz&size=1')).status).toBe(400);
    expect(await countRows(f.stack.db, materials)).toBe(before);
  });

  it('links a duplicate without bytes: a new material of the caller on the same stored file', async () => {
    const res = await instant('a1admin', { md5: md5(held), size: held.length, name: '../copy.jpg' });
    expect(res.status).toBe(200);
    const { exists, material } = res.json.data;
    expect(exists).toBe(true);
    expect(material).toMatchObject({ name: 'copy.jpg', kind: 'image', size: held.length, md5: md5(held) });
    expect(material.officeName).toBe('Customer A1');
    expect(material.creatorName).toBe('Alice Admin');
    expect(material.fileUrl).toBe(`/apm-web/a/api/file/getFile?id=${material.id}`);
    const rows = await f.stack.db
      .select()
      .from(materials)
      .where(eq(materials.md5, md5(held)));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.fileId)).size).toBe(1);
    expect(await countRows(f.stack.db, materialFiles)).toBe(1);
    // Usage counts a stored file once however many materials link it.
    const capacity = f.stack.app.services.storageCapacity;
    expect(await capacity.usedUnder(f.tenants.offices.a1.path)).toBe(held.length);
    expect(await capacity.usedUnder(f.tenants.offices.b.path)).toBe(0);
  });

  it("refuses another tenant's file (404, nothing linked), but links a shared platform file", async () => {
    const before = await countRows(f.stack.db, materials);
    const res = await instant('bop', { md5: md5(held), size: held.length, name: 'steal.jpg' });
    expect(res.status).toBe(404);
    expect(res.json.msg).toMatch(/not|No file/);
    expect(await countRows(f.stack.db, materials)).toBe(before);
    const wrongSize = await instant('a1op', { md5: md5(held), size: held.length + 1, name: 'x.jpg' });
    expect(wrongSize.status).toBe(404);

    const common = await png(70);
    const up = await f.tus('admin').upload(common, { filename: 'common.png' });
    await f.stack.db
      .update(materials)
      .set({ shared: true })
      .where(eq(materials.id, Number(up.headers.get('material-id'))));
    expect((await check('bop', common, 'common')).json.data.exists).toBe(true);
    const linked = await instant('bop', { md5: md5(common), size: common.length, name: 'common.png' });
    expect(linked.status).toBe(200);
    expect(linked.json.data.material.officeId).toBe(f.tenants.offices.b.id);
  });

  it('uploads one file in a multipart request: checked, hashed and stored like a resumable one', async () => {
    const image = await jpeg(12);
    const res = await multipart('/a/api/file/uploader', [
      ['md5', md5(image)],
      ['file', new Blob([image]), '../../x/photo.jpg'],
    ]);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: number; name: string; md5: string; kind: string } };
    expect(data).toMatchObject({ name: 'photo.jpg', md5: md5(image), kind: 'image' });
    const [row] = await f.stack.db.select().from(materials).where(eq(materials.id, data.id));
    const [file] = await f.stack.db.select().from(materialFiles).where(eq(materialFiles.id, row!.fileId));
    const dir = f.stack.app.services.filesDir;
    expect(readFileSync(dir.resolveFilePath(file!.storagePath)).equals(image)).toBe(true);
    expect(readdirSync(dir.uploadsDir)).toEqual([]);

    const before = await countRows(f.stack.db, materials);
    const bad = await multipart('/a/api/file/uploader', [
      ['md5', md5(Buffer.from('x'))],
      ['file', new Blob([await jpeg(13)]), 'a.jpg'],
    ]);
    expect(bad.status).toBe(422);
    const text = await multipart('/a/api/file/uploader', [['file', new Blob(['hello']), 'a.png']]);
    expect(text.status).toBe(415);
    const empty = await multipart('/a/api/file/uploader', [['file', new Blob([]), 'a.png']]);
    expect(empty.status).toBe(400);
    await f.stack.app.services.settings.set('uploadLimitOpen', true);
    await f.stack.app.services.settings.set('uploadLimitSize', 1);
    const big = await multipart('/a/api/file/uploader', [
      ['file', new Blob([Buffer.alloc(3 * 1024 * 1024)]), 'a.png'],
    ]);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { msg: string }).msg).toMatch(/upload limit of 1 MB/);
    await f.stack.app.services.settings.set('uploadLimitOpen', false);
    expect(await countRows(f.stack.db, materials)).toBe(before);
    expect(readdirSync(dir.uploadsDir)).toEqual([]);
  });

  it('stores a custom thumbnail as 320 px WebP for a material in scope; others get 404', async () => {
    const [own] = await f.stack.db.select().from(materials).where(eq(materials.name, 'held.jpg'));
    const big = await png(1000, 600);
    const res = await multipart(`/a/api/file/uploadThumb?id=${own!.id}`, [
      ['file', new Blob([big]), 't.png'],
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { thumbUrl: string } };
    expect(body.data.thumbUrl).toBe(`/apm-web/a/api/file/getFileHandlex?id=${own!.id}&variant=thumb`);
    const [row] = await f.stack.db.select().from(materials).where(eq(materials.id, own!.id));
    const thumb = f.stack.app.services.filesDir.resolveFilePath(row!.thumbPath!);
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 192 });
    const other = await multipart(
      `/a/api/file/uploadThumb?id=${own!.id}`,
      [['file', new Blob([big]), 't.png']],
      f.cookies.bop,
    );
    expect(other.status).toBe(404);
    const notImage = await multipart(`/a/api/file/uploadThumb?id=${own!.id}`, [
      ['file', new Blob(['text']), 't.png'],
    ]);
    expect(notImage.status).toBe(415);
  });
});
