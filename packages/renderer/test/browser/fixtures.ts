import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { WIDGET_FRAME_CSP, WIDGET_FRAME_HTML, WIDGET_FRAME_PATH } from '@apm/contract';
import { build } from 'esbuild';
import { widgetPackageZip } from './widget-package.js';

/** Media the test programs use, made with ffmpeg; material id → file. */
export const MATERIALS: Record<number, string> = {
  1: 'red.png',
  2: 'blue.png',
  3: 'clip.mp4',
  4: 'clip.webm',
  5: 'tone.ogg',
  /** A custom HTML widget package (see widget-package.ts). */
  6: 'widget.zip',
};

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'audio/ogg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.js': 'text/javascript',
  '.zip': 'application/zip',
};

function ffmpeg(dir: string, ...args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd: dir });
}

/** Generates the media files into a temporary folder. */
function makeMedia(dir: string): void {
  ffmpeg(dir, '-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1', 'red.png');
  ffmpeg(dir, '-f', 'lavfi', '-i', 'color=c=blue:s=64x64', '-frames:v', '1', 'blue.png');
  const src = ['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=15', '-t', '1', '-pix_fmt', 'yuv420p'];
  ffmpeg(dir, ...src, '-c:v', 'libx264', 'clip.mp4');
  ffmpeg(dir, ...src, '-c:v', 'libvpx-vp9', 'clip.webm');
  ffmpeg(dir, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libopus', 'tone.ogg');
  writeFileSync(join(dir, 'widget.zip'), widgetPackageZip());
  execFileSync('mkdir', ['-p', join(dir, 'live')]);
  ffmpeg(
    dir,
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=15', '-t', '6', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx264', '-g', '15', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'],
    'live/index.m3u8',
  );
}

/** The page, the bundled renderer, the media, a web page that counts its loads, and a weather answer. */
export interface Fixture {
  url: string;
  pageLoads: () => number;
  /** Paths the page asked the server for, in order. */
  requests: () => string[];
  close: () => Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'apm-renderer-'));
  makeMedia(dir);
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'harness.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0]!.contents;
  let loads = 0;
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requested.push(url.pathname);
    const send = (status: number, type: string, body: string | Uint8Array) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/') {
      return send(
        200,
        'text/html',
        '<!doctype html><html><head><style>html,body{margin:0}#host{width:960px;height:540px}</style></head>' +
          '<body><div id="host"></div><script type="module" src="/harness.js"></script></body></html>',
      );
    }
    if (url.pathname === '/harness.js') return send(200, TYPES['.js']!, js);
    if (url.pathname === WIDGET_FRAME_PATH) {
      res.setHeader('content-security-policy', WIDGET_FRAME_CSP);
      return send(200, 'text/html', WIDGET_FRAME_HTML);
    }
    const feed = /^\/feed\/(\d+)$/.exec(url.pathname)?.[1];
    if (feed) {
      if (feed === '404') return send(404, 'application/json', '{"msg":"no such source"}');
      const items = [1, 2, 3, 4].map((n) => ({ title: `Headline ${n}`, text: `Story ${n}` }));
      return send(
        200,
        'application/json',
        JSON.stringify({ sourceId: Number(feed), items, fetchedAt: null }),
      );
    }
    if (url.pathname === '/page.html') {
      loads += 1;
      return send(200, 'text/html', `<!doctype html><p id="n">load ${loads}</p>`);
    }
    if (url.pathname === '/weather') {
      const city = url.searchParams.get('city');
      if (city === 'Nowhere') return send(503, 'application/json', '{"msg":"weather unavailable"}');
      return send(
        200,
        'application/json',
        JSON.stringify({
          city,
          units: url.searchParams.get('units'),
          temperature: 21.6,
          weatherCode: 0,
          isDay: true,
        }),
      );
    }
    const id = /^\/media\/(\d+)$/.exec(url.pathname)?.[1];
    const file = id
      ? MATERIALS[Number(id)]
      : url.pathname.startsWith('/live/')
        ? normalize(url.pathname.slice(1))
        : null;
    if (!file || file.includes('..') || !existsSync(join(dir, file)))
      return send(404, 'text/plain', 'not found');
    const bytes = readFileSync(join(dir, file));
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Byte ranges, as the server and a player's cache answer them: media is only seekable with them.
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
      res.writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'accept-ranges': 'bytes',
        'cache-control': 'no-store',
      });
      return res.end(bytes.subarray(start, end + 1));
    }
    res.setHeader('accept-ranges', 'bytes');
    return send(200, type, bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    pageLoads: () => loads,
    requests: () => [...requested],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
