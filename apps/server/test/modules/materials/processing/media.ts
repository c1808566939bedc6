import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const run = promisify(execFile);

/** Runs ffmpeg (test media generation), quiet, overwriting. */
export async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 1 << 20 });
}

/** What ffprobe says about a file: codecs, size and duration in ms. */
export async function ffprobe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const json = JSON.parse(stdout) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };
  const video = json.streams.find((s) => s.codec_type === 'video');
  const audio = json.streams.find((s) => s.codec_type === 'audio');
  return {
    format: json.format.format_name,
    durationMs: Math.round(Number(json.format.duration) * 1000),
    video,
    audio,
  };
}

/** A lavfi test picture (and optionally a tone) of `seconds`, encoded with the given output options. */
export async function testVideo(
  file: string,
  seconds: number,
  size: string,
  output: string[],
  withAudio = true,
): Promise<string> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    ...(withAudio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`] : []),
    ...output,
    file,
  ]);
  return file;
}

/** A tone of `seconds` encoded with the given options, optionally with cover art. */
export async function testAudio(file: string, seconds: number, output: string[], cover?: string) {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=880:sample_rate=44100:duration=${seconds}`,
    ...(cover
      ? ['-i', cover, '-map', '0:a', '-map', '1:v', '-c:v', 'mjpeg', '-disposition:v', 'attached_pic']
      : []),
    ...output,
    file,
  ]);
  return file;
}

/** A 64×32 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6): shown 32×64. */
export async function orientedJpeg(file: string): Promise<string> {
  await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c03030' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(file);
  return file;
}

/** A PNG picture for covers. */
export async function png(file: string, width: number, height: number): Promise<string> {
  await sharp({ create: { width, height, channels: 3, background: '#3060c0' } })
    .png()
    .toFile(file);
  return file;
}

/** A valid PDF of `pages` A6 pages with one line of text each, written by hand (xref offsets computed). */
export async function testPdf(file: string, pages: number): Promise<string> {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 24 Tf 40 300 Td (Page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  await writeFile(file, body, 'latin1');
  return file;
}

/** A Word document (docx) of one page, written by LibreOffice from HTML. */
export async function testDocx(dir: string, name: string): Promise<string> {
  const html = path.join(dir, `${name}.html`);
  await writeFile(html, '<html><body><h1>APM</h1><p>An Office document of one page.</p></body></html>');
  // A profile of its own: a second LibreOffice on the default profile would wait for the first.
  const profile = pathToFileURL(path.join(dir, 'lo-profile')).href;
  await run('soffice', [
    `-env:UserInstallation=${profile}`,
    '--headless',
    '--convert-to',
    'docx:MS Word 2007 XML',
    '--outdir',
    dir,
    html,
  ]);
  return path.join(dir, `${name}.docx`);
}

/** A zip of stored (uncompressed) entries, written by hand. */
export async function testZip(file: string, entries: Record<string, string>): Promise<string> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(file, Buffer.concat([...locals, directory, end]));
  return file;
}

/** `dir/name`. */
export const at = (dir: string, name: string) => path.join(dir, name);
