import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findUser, initSystem, type TestApp } from '../../../helpers/app.js';
import { fileRow, processAll, storeMaterial, type Owner } from './fixture.js';
import {
  at,
  ffprobe,
  orientedJpeg,
  png,
  testAudio,
  testDocx,
  testPdf,
  testVideo,
  testZip,
  ffmpeg,
} from './media.js';

/** Processing of each kind on real media generated here with ffmpeg, sharp and a hand-written PDF. */
describe('material processing by kind', () => {
  let t: TestApp;
  let owner: Owner;
  let dir: string;
  const abs = (rel: string) => t.app.services.filesDir.resolveFilePath(rel);

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

  it('image: dimensions as displayed after EXIF orientation, 320 px webp thumbnail', async () => {
    const jpeg = await orientedJpeg(at(dir, 'rotated.jpg'));
    const big = await png(at(dir, 'big.png'), 1000, 500);
    const a = await storeMaterial(t.app, owner, jpeg, { kind: 'image', mime: 'image/jpeg', ext: '.jpg' });
    const b = await storeMaterial(t.app, owner, big, { kind: 'image', mime: 'image/png', ext: '.png' });
    await processAll(t.app);

    const rotated = await fileRow(t.db, a.fileId);
    expect(rotated).toMatchObject({ processState: 'done', processProgress: 100, processError: null });
    expect([rotated.width, rotated.height]).toEqual([32, 64]);
    expect(rotated.thumbPath).toBe(`derived/${a.fileId}/thumb.webp`);
    const thumb = await sharp(abs(rotated.thumbPath!)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 32, 64]);

    const wide = await fileRow(t.db, b.fileId);
    expect([wide.width, wide.height]).toEqual([1000, 500]);
    const wideThumb = await sharp(abs(wide.thumbPath!)).metadata();
    expect([wideThumb.width, wideThumb.height]).toEqual([320, 160]);
  });

  it('animated GIF: frame size and a still thumbnail', async () => {
    const gif = at(dir, 'anim.gif');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=80x60:rate=5:duration=1', gif]);
    const { fileId } = await storeMaterial(t.app, owner, gif, {
      kind: 'image',
      mime: 'image/gif',
      ext: '.gif',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, fileId);
    expect(row).toMatchObject({ processState: 'done', width: 80, height: 60 });
    expect((await sharp(abs(row.thumbPath!)).metadata()).format).toBe('webp');
  });

  it('H.264/AAC MP4: probed, poster and thumbnail, not transcoded', async () => {
    const mp4 = await testVideo(at(dir, 'h264.mp4'), 2, '320x240', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ]);
    const { fileId } = await storeMaterial(t.app, owner, mp4, {
      kind: 'video',
      mime: 'video/mp4',
      ext: '.mp4',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, fileId);
    expect(row).toMatchObject({ processState: 'done', processProgress: 100, width: 320, height: 240 });
    expect(row.durationMs).toBeGreaterThan(1900);
    expect(row.durationMs).toBeLessThan(2200);
    expect(row.meta).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', fps: 25 });
    expect(row.convertedPath).toBeNull();
    const poster = await sharp(abs(row.posterPath!)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 320, 240]);
    expect((await sharp(abs(row.thumbPath!)).metadata()).width).toBe(320);
  });

  it('VP9/Opus WebM with odd dimensions: transcoded to H.264/AAC MP4 with faststart', async () => {
    const webm = await testVideo(at(dir, 'vp9.webm'), 2, '321x241', [
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', '-c:a', 'libopus'],
    ]);
    const { fileId } = await storeMaterial(t.app, owner, webm, {
      kind: 'video',
      mime: 'video/webm',
      ext: '.webm',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, fileId);
    expect(row).toMatchObject({ processState: 'done', processProgress: 100, width: 321, height: 241 });
    expect(row.meta).toMatchObject({ videoCodec: 'vp9', audioCodec: 'opus' });
    expect(row.convertedPath).toBe(`derived/${fileId}/converted.mp4`);
    const out = await ffprobe(abs(row.convertedPath!));
    expect(out.format).toContain('mp4');
    expect(out.video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 240 });
    expect(out.audio?.codec_name).toBe('aac');
    expect(Math.abs(out.durationMs - row.durationMs!)).toBeLessThan(150);
    const bytes = await readFile(abs(row.convertedPath!));
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(existsSync(abs(row.posterPath!))).toBe(true);
  });

  it('MPEG-4 AVI with MP3 sound: transcoded; a QuickTime H.264 file too', async () => {
    const avi = await testVideo(at(dir, 'mpeg4.avi'), 2, '320x240', [
      ...['-c:v', 'mpeg4', '-q:v', '8', '-c:a', 'libmp3lame'],
    ]);
    const mov = await testVideo(
      at(dir, 'h264.mov'),
      1,
      '160x120',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      false,
    );
    const a = await storeMaterial(t.app, owner, avi, { kind: 'video', mime: 'video/x-msvideo', ext: '.avi' });
    const q = await storeMaterial(t.app, owner, mov, { kind: 'video', mime: 'video/quicktime', ext: '.mov' });
    await processAll(t.app);
    const row = await fileRow(t.db, a.fileId);
    expect(row).toMatchObject({ processState: 'done', width: 320, height: 240 });
    expect(row.meta).toMatchObject({ videoCodec: 'mpeg4', audioCodec: 'mp3' });
    const out = await ffprobe(abs(row.convertedPath!));
    expect([out.video?.codec_name, out.audio?.codec_name]).toEqual(['h264', 'aac']);
    expect(out.durationMs).toBeGreaterThan(1800);

    const quicktime = await fileRow(t.db, q.fileId);
    expect(quicktime.meta.audioCodec).toBeUndefined();
    const movOut = await ffprobe(abs(quicktime.convertedPath!));
    expect(movOut.video?.codec_name).toBe('h264');
    expect(movOut.audio).toBeUndefined();
  });

  it('audio: WAV transcoded to AAC m4a; MP3 kept, its cover art as poster', async () => {
    const wav = await testAudio(at(dir, 'tone.wav'), 2, ['-c:a', 'pcm_s16le']);
    const cover = await png(at(dir, 'cover.png'), 200, 200);
    const mp3 = await testAudio(at(dir, 'tone.mp3'), 2, ['-c:a', 'libmp3lame', '-id3v2_version', '3'], cover);
    const w = await storeMaterial(t.app, owner, wav, { kind: 'audio', mime: 'audio/wav', ext: '.wav' });
    const m = await storeMaterial(t.app, owner, mp3, { kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' });
    await processAll(t.app);

    const wavRow = await fileRow(t.db, w.fileId);
    expect(wavRow).toMatchObject({ processState: 'done', processProgress: 100, posterPath: null });
    expect(wavRow.meta.audioCodec).toBe('pcm_s16le');
    expect(Math.abs(wavRow.durationMs! - 2000)).toBeLessThan(50);
    expect(wavRow.convertedPath).toBe(`derived/${w.fileId}/converted.m4a`);
    const out = await ffprobe(abs(wavRow.convertedPath!));
    expect(out.audio?.codec_name).toBe('aac');
    expect(out.format).toContain('mp4');
    expect(Math.abs(out.durationMs - 2000)).toBeLessThan(100);

    const mp3Row = await fileRow(t.db, m.fileId);
    expect(mp3Row).toMatchObject({ processState: 'done', convertedPath: null });
    expect(mp3Row.meta.audioCodec).toBe('mp3');
    const poster = await sharp(abs(mp3Row.posterPath!)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 200, 200]);
    expect(existsSync(abs(mp3Row.thumbPath!))).toBe(true);
  });

  it('PDF: page count, each page as an image, thumbnail of page 1', async () => {
    const pdf = await testPdf(at(dir, 'two.pdf'), 2);
    const { fileId } = await storeMaterial(t.app, owner, pdf, {
      kind: 'document',
      mime: 'application/pdf',
      ext: '.pdf',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, fileId);
    expect(row).toMatchObject({ processState: 'done', processProgress: 100, convertedPath: null });
    expect(row.meta.pages).toBe(2);
    expect(row.meta.pagePaths).toEqual([`derived/${fileId}/pages/1.webp`, `derived/${fileId}/pages/2.webp`]);
    for (const page of row.meta.pagePaths!) {
      const image = await sharp(abs(page)).metadata();
      // A6 (298 × 420 pt) at 96 dpi, rounded up by pdftoppm.
      expect([image.format, image.width, image.height]).toEqual(['webp', 398, 560]);
    }
    expect([row.width, row.height]).toEqual([398, 560]);
    const thumb = await sharp(abs(row.thumbPath!)).metadata();
    expect([thumb.width, thumb.height]).toEqual([227, 320]);
  });

  it('Office document: converted to PDF with LibreOffice, then its pages rendered', async () => {
    const docx = await testDocx(dir, 'letter');
    const { fileId } = await storeMaterial(t.app, owner, docx, {
      kind: 'document',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: '.docx',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, fileId);
    expect(row).toMatchObject({ processState: 'done', processProgress: 100, processError: null });
    expect(row.convertedPath).toBe(`derived/${fileId}/converted.pdf`);
    expect((await readFile(abs(row.convertedPath!))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(row.meta.pages).toBe(1);
    expect(row.meta.pagePaths).toEqual([`derived/${fileId}/pages/1.webp`]);
    expect((await sharp(abs(row.meta.pagePaths![0]!)).metadata()).format).toBe('webp');
    expect(row.thumbPath).toBe(`derived/${fileId}/thumb.webp`);
  });

  it('a file that is not what it claims fails with a clear message, and the queue goes on', async () => {
    const fake = at(dir, 'fake.pdf');
    await testZip(fake, { 'a.txt': 'not a pdf' });
    const broken = await storeMaterial(t.app, owner, fake, {
      kind: 'document',
      mime: 'application/pdf',
      ext: '.pdf',
    });
    const fakeClip = await testZip(at(dir, 'fake.mp4'), { 'b.txt': 'not a video' });
    const clip = await storeMaterial(t.app, owner, fakeClip, {
      kind: 'video',
      mime: 'video/mp4',
      ext: '.mp4',
    });
    const fine = await storeMaterial(t.app, owner, await png(at(dir, 'after.png'), 10, 10), {
      kind: 'image',
      mime: 'image/png',
      ext: '.png',
    });
    await processAll(t.app);
    const pdfRow = await fileRow(t.db, broken.fileId);
    expect(pdfRow.processState).toBe('failed');
    expect(pdfRow.processError).toMatch(/^unreadable PDF: pdfinfo failed/);
    const clipRow = await fileRow(t.db, clip.fileId);
    expect(clipRow.processState).toBe('failed');
    expect(clipRow.processError).toMatch(/ffprobe failed|no video stream/);
    expect((await fileRow(t.db, fine.fileId)).processState).toBe('done');
  });

  it('HTML package: entry count and start page; APK done at once', async () => {
    const zip = await testZip(at(dir, 'site.zip'), {
      'site/css/a.css': 'body{}',
      'site/index.html': '<p>hi</p>',
      'site/sub/index.html': '<p>sub</p>',
    });
    const html = await storeMaterial(t.app, owner, zip, {
      kind: 'html',
      mime: 'application/zip',
      ext: '.zip',
    });
    const apkZip = await testZip(at(dir, 'app.apk'), { 'AndroidManifest.xml': '<manifest/>' });
    const apk = await storeMaterial(t.app, owner, apkZip, {
      kind: 'apk',
      mime: 'application/vnd.android.package-archive',
      ext: '.apk',
    });
    await processAll(t.app);
    const row = await fileRow(t.db, html.fileId);
    expect(row).toMatchObject({ processState: 'done', processProgress: 100 });
    expect(row.meta).toEqual({ entries: 3, indexPage: 'site/index.html' });
    expect(await fileRow(t.db, apk.fileId)).toMatchObject({ processState: 'done', processProgress: 100 });
  });
});
