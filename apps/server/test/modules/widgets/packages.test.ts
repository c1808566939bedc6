import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { addMaterial } from '../materials/library-fixture.js';
import { caller, consoleFixture } from '../terminals/fixture.js';
import { addZipMaterial, CLOCK_MANIFEST, widgetZip, zipOf } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});
const page = '<!doctype html><p>hi</p>';
const manifest = JSON.stringify(CLOCK_MANIFEST);

describe('widget packages: a zip is checked whole before it is trusted, and refused naming what is wrong', () => {
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

  const register = async (bytes: Buffer) => {
    const materialId = await addZipMaterial(t.app, t.db, f.offices.a1.id, bytes, `w${Math.random()}.zip`);
    return api.post('widget/savePackage', f.a1, { materialId });
  };
  const refused = async (bytes: Buffer, message: RegExp) => {
    const res = await register(bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['materialId']);
    expect(res.body.msg).toMatch(message);
  };

  it('refuses paths that leave the package, absolute paths and symbolic links', async () => {
    await refused(
      zipOf({ 'index.html': page, 'widget.json': manifest, '../evil.js': 'x' }),
      /unsafe path.*\.\.\/evil\.js/,
    );
    await refused(zipOf({ 'index.html': page, 'widget.json': manifest, '/etc/passwd': 'x' }), /unsafe path/);
    await refused(zipOf({ 'index.html': page, 'widget.json': manifest, 'a\\..\\b.js': 'x' }), /unsafe path/);
    await refused(
      zipOf({ 'index.html': page, 'widget.json': manifest, link: '/etc/passwd' }, { link: 0o120777 << 16 }),
      /symbolic link: link/,
    );
  });

  it('refuses zip bombs, too many files and too many bytes', async () => {
    await refused(
      zipOf({ 'index.html': page, 'widget.json': manifest, 'zeros.bin': new Uint8Array(5 * 1024 * 1024) }),
      /expands .* times \(a zip bomb\?\)/,
    );
    const many: Record<string, string> = { 'index.html': page, 'widget.json': manifest };
    for (let i = 0; i < 500; i++) many[`f${i}.txt`] = String(i);
    await refused(zipOf(many), /holds 502 files; at most 500/);
    const random = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 256));
    const big: Record<string, string | Uint8Array> = { 'index.html': page, 'widget.json': manifest };
    for (let i = 0; i < 3; i++) big[`chunk${i}.bin`] = random(7 * 1024 * 1024);
    await refused(zipOf(big), /expands to more than 20971520 bytes/);
  }, 60_000);

  it('refuses packages without index.html or widget.json, or whose manifest is wrong', async () => {
    await refused(zipOf({ 'a/index.html': page, 'b/x.js': 'x', 'widget.json': manifest }), /no index\.html/);
    await refused(zipOf({ 'index.html': page }), /no widget\.json beside index\.html/);
    await refused(
      zipOf({ 'index.html': page, 'widget.json': '{ name: ' }),
      /widget\.json\s+is not valid JSON/,
    );
    await refused(
      zipOf({ 'index.html': page, 'widget.json': JSON.stringify({ size: { w: 1, h: 1 } }) }),
      /widget\.json name must be/,
    );
    await refused(
      zipOf({ 'index.html': page, 'widget.json': JSON.stringify({ name: 'x', size: { w: 0, h: 10 } }) }),
      /widget\.json size\.w must be a whole number/,
    );
    const bad = (settings: object) =>
      zipOf({
        'index.html': page,
        'widget.json': JSON.stringify({ name: 'x', width: 10, height: 10, settings }),
      });
    await refused(
      bad({ theme: { type: 'string', enum: ['a', 'b'], default: 'c' } }),
      /settings\.theme\.default must be one of the choices/,
    );
    await refused(
      bad({ speed: { type: 'number', minimum: 0, maximum: 5, default: 9 } }),
      /settings\.speed\.default lies outside/,
    );
    await refused(
      bad({ tint: { type: 'color', default: 'red' } }),
      /settings\.tint\.default must be a colour/,
    );
    await refused(
      bad({ when: { type: 'date', default: 'x' } }),
      /settings\.when\.type must be string, number, boolean, enum or color/,
    );
    await refused(bad({ 'bad key': { type: 'boolean', default: true } }), /is not a setting name/);
    const big = zipOf({
      'index.html': page,
      'widget.json': JSON.stringify({ name: 'x', width: 1, height: 1, pad: 'x'.repeat(70_000) }),
    });
    await refused(big, /widget\.json is larger than 65536 bytes/);
  });

  it('refuses materials that are not HTML packages, and materials of another tenant', async () => {
    const { id: image } = await addMaterial(t.app, t.db, { name: 'pic.png', officeId: f.offices.a1.id });
    const notZip = await api.post('widget/savePackage', f.a1, { materialId: image });
    expect(notZip.status).toBe(400);
    expect(notZip.body.msg).toMatch(/is not an HTML package/);
    const bZip = await addZipMaterial(t.app, t.db, f.offices.b.id, widgetZip(), 'b.zip');
    const other = await api.post('widget/savePackage', f.a1, { materialId: bZip });
    expect(other.status).toBe(404);
    expect(fieldsOf(other.body)).toEqual(['materialId']);
    const garbage = await addZipMaterial(
      t.app,
      t.db,
      f.offices.a1.id,
      Buffer.from('PK\u0003\u0004 not really a zip'),
      'g.zip',
    );
    const broken = await api.post('widget/savePackage', f.a1, { materialId: garbage });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/not a readable zip/);
  });

  it('accepts a package in a single folder and the flat form of settings, and gives a package a new zip', async () => {
    const first = await register(
      widgetZip(
        { name: 'Ticker', width: 800, height: 100, settings: { speed: { type: 'number', default: 3 } } },
        'ticker/',
      ),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = (first.body.data as { packageId: number }).packageId;
    const zip = await addZipMaterial(
      t.app,
      t.db,
      f.offices.a1.id,
      widgetZip({ ...CLOCK_MANIFEST, name: 'Ticker 2' }),
      'v2.zip',
    );
    const updated = await api.post('widget/savePackage', f.a1, { id, materialId: zip });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ packageId: id, name: 'Ticker 2', materialId: zip, width: 400 });
    expect((await api.post('widget/savePackage', f.b, { id, materialId: zip })).status).toBe(404);
  });
});
