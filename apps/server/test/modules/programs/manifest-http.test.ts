import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFiles, terminals } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addMaterial, writeStored } from '../materials/library-fixture.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { programDoc } from './fixture.js';

/** A published program reaches a device through the terminal's own calls: manifest (ETag) and files (Range). */
describe('the manifest and files a device fetches', () => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  let terminalId: number;
  let image: { id: number };
  let video: { id: number; fileId: number };
  const converted = Buffer.from('the playable H.264 rendition, 0123456789');

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    const f = await buildTenants(t.db);
    cookie = await login(t.app, 'a1admin', PASSWORD);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/apm-web/terminal/register',
      payload: { deviceId: 'manifest-test-device', platform: 'web', appVersion: '1.0.0' },
    });
    expect(reg.statusCode).toBe(200);
    ({ token, terminalId } = reg.json().data);
    // What an operator's claim leaves (the claim itself is the console's call).
    await t.db
      .update(terminals)
      .set({ state: 'claimed', pairingCode: null, officeId: f.offices.a1.id, name: 'Window' })
      .where(eq(terminals.id, terminalId));
    image = await addMaterial(t.app, t.db, {
      name: 'a.png',
      officeId: f.offices.a1.id,
      bytes: 'image bytes',
    });
    video = await addMaterial(t.app, t.db, {
      name: 'b.avi',
      officeId: f.offices.a1.id,
      kind: 'video',
      mime: 'video/x-msvideo',
      ext: '.avi',
      bytes: 'avi bytes',
    });
    const rel = `derived/${video.fileId}/converted.mp4`;
    writeStored(t.app, rel, converted);
    await t.db.update(materialFiles).set({ convertedPath: rel }).where(eq(materialFiles.id, video.fileId));
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/program/save',
      payload: { document: programDoc('Window loop', { imageIds: [image.id], videoIds: [video.id] }) },
      headers: { cookie },
    });
    await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/publishProgram/saveTerminals',
      payload: { programId: saved.json().data.id, terminalIds: [terminalId] },
      headers: { cookie },
    });
  });
  afterAll(() => t.close());

  const device = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Device ${token}`, ...headers } });

  it('answers the manifest with its version as ETag, and 304 while it is unchanged', async () => {
    const res = await device('/apm-web/terminal/manifest');
    expect(res.statusCode).toBe(200);
    const manifest = res.json().data;
    expect(res.headers.etag).toBe(`"${manifest.version}"`);
    expect(manifest.version).toBe(await t.app.services.programManifest.versionFor(terminalId));
    expect(manifest.programs).toHaveLength(1);
    expect(manifest.programs[0].document.name).toBe('Window loop');
    expect(manifest.programs[0].materials.map((m: { url: string }) => m.url)).toEqual([
      `/apm-web/terminal/files/${image.id}`,
      `/apm-web/terminal/files/${video.id}`,
    ]);
    const again = await device('/apm-web/terminal/manifest', { 'if-none-match': `"${manifest.version}"` });
    expect(again.statusCode).toBe(304);
  });

  it('serves the bytes the manifest describes (the converted rendition), with Range', async () => {
    const manifest = (await device('/apm-web/terminal/manifest')).json().data;
    const entry = manifest.programs[0].materials.find((m: { id: number }) => m.id === video.id);
    const whole = await device(entry.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(entry.size);
    expect(createHash('md5').update(whole.rawPayload).digest('hex')).toBe(entry.md5);
    expect(whole.rawPayload.equals(converted)).toBe(true);
    const part = await device(entry.url, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(converted.subarray(4, 12).toString());
  });

  it('serves nothing outside the terminal’s manifest', async () => {
    const other = await addMaterial(t.app, t.db, {
      name: 'c.png',
      officeId: (await t.db.select().from(terminals).where(eq(terminals.id, terminalId)))[0]!.officeId!,
      bytes: 'not published',
    });
    expect((await device(`/apm-web/terminal/files/${other.id}`)).statusCode).toBe(404);
  });
});
