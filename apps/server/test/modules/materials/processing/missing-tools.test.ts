import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../../../src/db/schema/index.js';
import { createTestApp, findUser, initSystem, login, type TestApp } from '../../../helpers/app.js';
import { addOffice, addRole, addUser, PASSWORD } from '../../users/fixture.js';
import { fileRow, processAll, storeMaterial, type Owner } from './fixture.js';
import { at, testAudio, testPdf, testVideo, testZip } from './media.js';

const URL_ = '/apm-web/a/api/file/convertProgress';

/** Tools missing on the server (paths pointed at nothing) and the convertProgress route. */
describe('missing tools and convertProgress', () => {
  let t: TestApp;
  let owner: Owner;
  let dir: string;
  let admin: string;
  const ids: Record<string, number> = {};
  const files: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({
      APM_FFMPEG: '/nonexistent/ffmpeg',
      APM_PDFTOPPM: '/nonexistent/pdftoppm',
      APM_SOFFICE: '/nonexistent/soffice',
    });
    await initSystem(t.app);
    admin = await login(t.app);
    const user = (await findUser(t.db, 'admin'))!;
    owner = { officeId: user.officeId, userId: user.id };
    dir = mkdtempSync(path.join(tmpdir(), 'apm-media-'));
    const video = await testVideo(at(dir, 'clip.mp4'), 1, '160x120', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ]);
    const audio = await testAudio(at(dir, 'tone.mp3'), 1, ['-c:a', 'libmp3lame']);
    const pdf = await testPdf(at(dir, 'one.pdf'), 1);
    const docx = await testZip(at(dir, 'letter.docx'), { '[Content_Types].xml': '<Types/>' });
    writeFileSync(at(dir, 'shared.txt'), 'shared bytes');
    const stored = {
      video: await storeMaterial(t.app, owner, video, { kind: 'video', mime: 'video/mp4', ext: '.mp4' }),
      audio: await storeMaterial(t.app, owner, audio, { kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' }),
      pdf: await storeMaterial(t.app, owner, pdf, { kind: 'document', mime: 'application/pdf', ext: '.pdf' }),
      docx: await storeMaterial(t.app, owner, docx, {
        kind: 'document',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: '.docx',
      }),
      shared: await storeMaterial(t.app, owner, at(dir, 'shared.txt'), {
        kind: 'apk',
        mime: 'application/vnd.android.package-archive',
        ext: '.apk',
        shared: true,
      }),
    };
    for (const [key, value] of Object.entries(stored)) {
      ids[key] = value.materialId;
      files[key] = value.fileId;
    }
    await processAll(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails each job that needs a missing tool with what to install; keeps what it found', async () => {
    const video = await fileRow(t.db, files.video!);
    expect(video).toMatchObject({
      processState: 'failed',
      processError: 'needs ffmpeg: install the ffmpeg package on the server',
      width: 160,
      height: 120,
      meta: { videoCodec: 'h264', audioCodec: 'aac' },
    });
    expect(video.durationMs).toBeGreaterThan(900);
    expect(await fileRow(t.db, files.pdf!)).toMatchObject({
      processState: 'failed',
      processError: 'needs poppler-utils (pdftoppm): install the poppler-utils package on the server',
    });
    expect((await fileRow(t.db, files.docx!)).processError).toMatch(
      /^needs LibreOffice: install the libreoffice/,
    );
    // An MP3 without cover art needs ffprobe only.
    expect(await fileRow(t.db, files.audio!)).toMatchObject({ processState: 'done', processProgress: 100 });
  });

  it('convertProgress answers state, percent and error of the caller’s materials', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_}?ids=${ids.video},${ids.audio},${ids.docx},999999`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: ids.video,
        processState: 'failed',
        processProgress: 5,
        processError: 'needs ffmpeg: install the ffmpeg package on the server',
      },
      { id: ids.audio, processState: 'done', processProgress: 100, processError: null },
      {
        id: ids.docx,
        processState: 'failed',
        processProgress: 0,
        processError: expect.stringMatching(/^needs LibreOffice/),
      },
    ]);
  });

  it('shows another tenant only its own and shared materials', async () => {
    const [root] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const customer = await addOffice(t.db, 'Customer C', 'customer', { id: root!.id, path: root!.path });
    const viewer = await addRole(t.db, 'c-viewer', customer.id, ['res:material:view']);
    const userId = await addUser(t.db, 'c-user', customer.id, [viewer]);
    writeFileSync(at(dir, 'own.apk'), 'customer bytes');
    const own = await storeMaterial(t.app, { officeId: customer.id, userId }, at(dir, 'own.apk'), {
      kind: 'apk',
      mime: 'application/vnd.android.package-archive',
      ext: '.apk',
    });
    await processAll(t.app);
    const cookie = await login(t.app, 'c-user', PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_}?ids=${ids.video},${ids.audio},${ids.shared},${own.materialId}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: ids.shared, processState: 'done', processProgress: 100, processError: null },
      { id: own.materialId, processState: 'done', processProgress: 100, processError: null },
    ]);
  });

  it('refuses bad ids naming the field, and callers without the permission', async () => {
    for (const query of [
      'ids=',
      'ids=1,a',
      'ids=-1',
      `ids=${Array.from({ length: 201 }, (_, i) => i + 1)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { cookie: admin } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toMatch(/ids/);
    }
    const [root] = await t.db.select().from(offices).where(eq(offices.kind, 'platform'));
    const nobody = await addRole(t.db, 'no-material', root!.id, ['sys:log:view']);
    await addUser(t.db, 'no-view', root!.id, [nobody]);
    const cookie = await login(t.app, 'no-view', PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?ids=${ids.video}`, headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
