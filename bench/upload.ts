/**
 * Upload benchmark (issue 5): throughput of a 1 GiB file through the tus API against a plain
 * copy over loopback in the same run, the server's peak memory meanwhile, and the time of an
 * instant upload of a 1 GiB duplicate.
 *
 * Builds the app in-process like the server tests (PGlite in memory, temporary data dir) and
 * listens on 127.0.0.1. The client is in the same process and streams generated data (never held
 * in memory): baseline = a bare node:http server piping a PUT body to a file; APM = tus create +
 * PATCH in 8 MiB chunks (what the console sends), then the same as one PATCH. RSS of the process
 * is sampled every 25 ms during each transfer. Instant upload = MD5 of the 1 GiB on the client
 * (node:crypto, streaming) + md5Check + instantUpload.
 *
 * The three transfers run in turn for ROUNDS rounds (default 3); medians are compared.
 *
 * Usage: npm run bench:upload      SIZE=<bytes> changes the size (default 1 GiB),
 *                                  CHUNK=<bytes> the PATCH size (default the console's 8 MiB),
 *                                  ROUNDS=<n> the rounds (default 3)
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ADMIN, createTestApp, initSystem, login } from '../apps/server/test/helpers/app.js';
import { MATERIAL_TUS_PATH, MATERIAL_UPLOAD_CHUNK_BYTES } from '../packages/contract/src/material.js';

const SIZE = Number(process.env.SIZE ?? 1024 ** 3);
const CHUNK = Number(process.env.CHUNK ?? MATERIAL_UPLOAD_CHUNK_BYTES);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PIECE = 1024 * 1024;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const rate = (bytes: number, seconds: number) => `${(bytes / 1024 / 1024 / seconds).toFixed(0)} MiB/s`;

/** A pseudo-random 1 MiB block; piece k is this block with k written into bytes 32..39. */
const BLOCK = Buffer.alloc(PIECE);
for (let i = 0, x = 2463534242; i < PIECE; i++) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  BLOCK[i] = x & 0xff;
}
// An MP4 `ftyp` box first, so the server's content check takes it for a video.
Buffer.from('000000206674797069736f6d0000020069736f6d69736f3261766331', 'hex').copy(BLOCK, 0);

/** The generated file's bytes [start, end) as a stream of ≤ 1 MiB pieces. */
function generated(start = 0, end = SIZE): Readable {
  let at = start;
  return new Readable({
    read() {
      if (at >= end) return void this.push(null);
      const k = Math.floor(at / PIECE);
      const piece = Buffer.from(BLOCK);
      piece.writeBigUInt64BE(BigInt(k), 32);
      const from = at - k * PIECE;
      const to = Math.min(PIECE, end - k * PIECE);
      at = k * PIECE + to;
      this.push(piece.subarray(from, to));
    },
  });
}

/** MD5 of the generated file, streamed through node:crypto. */
async function md5OfGenerated(): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of generated()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const agent = new http.Agent({ keepAlive: true });

/** One HTTP call with an optional streamed body; answers status, headers and the body text. */
function call(url: string, method: string, headers: http.OutgoingHttpHeaders, body?: Readable) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const req = http.request(url, { method, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      if (body) body.pipe(req);
      else req.end();
    },
  );
}

/** Runs `fn`, sampling this process's RSS every 25 ms; answers seconds and RSS before / peak. */
/** Time and RSS of one transfer. */
interface Measured {
  seconds: number;
  before: number;
  peak: number;
}

/** The run with the median time. */
function median(list: Measured[]): Measured {
  return [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor(list.length / 2)]!;
}

async function measured(fn: () => Promise<void>): Promise<Measured> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  const started = performance.now();
  await fn();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds, before, peak };
}

/** The baseline: a bare HTTP server writing each PUT body to a file. */
async function baseline(dir: string) {
  const server = http.createServer((req, res) => {
    pipeline(req, createWriteStream(path.join(dir, 'baseline.bin'))).then(
      () => res.writeHead(204).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const m = await measured(async () => {
    const res = await call(
      `http://127.0.0.1:${port}/`,
      'PUT',
      { 'content-length': SIZE, 'content-type': 'application/octet-stream' },
      generated(),
    );
    if (res.status !== 204) throw new Error(`baseline answered ${res.status}`);
  });
  await new Promise((resolve) => server.close(resolve));
  if (statSync(path.join(dir, 'baseline.bin')).size !== SIZE) throw new Error('baseline file incomplete');
  rmSync(path.join(dir, 'baseline.bin'));
  return m;
}

/** The same bytes through tus: create, then PATCHes of `chunk` bytes. */
async function tus(base: string, cookie: string, md5: string, name: string, chunk: number) {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tusHeaders = { cookie, 'tus-resumable': '1.0.0' };
  return measured(async () => {
    const created = await call(`${base}/apm-web${MATERIAL_TUS_PATH}`, 'POST', {
      ...tusHeaders,
      'upload-length': SIZE,
      'upload-metadata': `filename ${b64(name)},md5 ${b64(md5)}`,
    });
    if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${created.text}`);
    const location = new URL(String(created.headers.location), base).href;
    for (let offset = 0; offset < SIZE; offset += chunk) {
      const end = Math.min(SIZE, offset + chunk);
      const res = await call(
        location,
        'PATCH',
        {
          ...tusHeaders,
          'upload-offset': offset,
          'content-type': 'application/offset+octet-stream',
          'content-length': end - offset,
        },
        generated(offset, end),
      );
      if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.text}`);
      if (Number(res.headers['upload-offset']) !== end)
        throw new Error(`offset ${res.headers['upload-offset']}`);
    }
  });
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-bench-upload-'));
  const t = await createTestApp({}, { logger: false });
  try {
    await initSystem(t.app);
    const cookie = await login(t.app, ADMIN.username, ADMIN.password);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`\n## Upload of ${mib(SIZE)} over 127.0.0.1 (server and client in this process)\n`);

    const hashStart = performance.now();
    const md5 = await md5OfGenerated();
    console.log(
      `client MD5 of the generated file (node:crypto): ${((performance.now() - hashStart) / 1000).toFixed(1)} s\n`,
    );

    // Rounds of the three transfers in turn; the disk's write-back is flushed (untimed) before
    // each, so one transfer's dirty pages do not slow the next.
    const runs = { bare: [] as Measured[], chunked: [] as Measured[], single: [] as Measured[] };
    for (let round = 1; round <= ROUNDS; round++) {
      execSync('sync');
      runs.bare.push(await baseline(dir));
      execSync('sync');
      runs.chunked.push(await tus(base, cookie, md5, `bench-chunked-${round}.mp4`, CHUNK));
      execSync('sync');
      // The same bytes again: the server stores them once (content-addressed) and links the copy.
      runs.single.push(await tus(base, cookie, md5, `bench-single-${round}.mp4`, SIZE));
    }
    const bare = median(runs.bare);
    console.log(
      `| Transfer (median of ${ROUNDS}) | Time | Throughput | vs baseline | RSS before → peak (max) | all runs |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [label, list] of [
      ['baseline: bare node:http PUT → file', runs.bare],
      [`APM tus, PATCH chunks of ${mib(CHUNK)}`, runs.chunked],
      ['APM tus, one PATCH', runs.single],
    ] as const) {
      const m = median(list);
      const ratio = `${((bare.seconds / m.seconds) * 100).toFixed(0)} %`;
      const all = list.map((r) => `${r.seconds.toFixed(1)} s`).join(', ');
      const peak = Math.max(...list.map((r) => r.peak));
      console.log(
        `| ${label} | ${m.seconds.toFixed(2)} s | ${rate(SIZE, m.seconds)} | ${ratio} | ${mib(m.before)} → ${mib(peak)} | ${all} |`,
      );
    }

    // Instant upload of a duplicate: hash on the client, ask, link.
    const get = (url: string) => call(`${base}/apm-web${url}`, 'GET', { cookie });
    const instant = await measured(async () => {
      const started = performance.now();
      const sum = await md5OfGenerated();
      const hashed = performance.now();
      const check = await get(`/a/api/file/md5Check?md5=${sum}&size=${SIZE}&scope=material`);
      const exists = (JSON.parse(check.text) as { data: { exists: boolean } }).data.exists;
      if (!exists) throw new Error(`md5Check did not find the uploaded file: ${check.text}`);
      const body = JSON.stringify({ md5: sum, size: SIZE, name: 'bench-duplicate.mp4' });
      const linked = await call(
        `${base}/apm-web/a/api/file/instantUpload`,
        'POST',
        { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        Readable.from([body]),
      );
      const answer = JSON.parse(linked.text) as { code: number; data: { material: { id: number } | null } };
      if (answer.code !== 0 || !answer.data.material) throw new Error(`instantUpload: ${linked.text}`);
      const done = performance.now();
      console.log(
        `\nInstant upload of a ${mib(SIZE)} duplicate: ${((done - started) / 1000).toFixed(2)} s ` +
          `(client MD5 ${((hashed - started) / 1000).toFixed(2)} s, md5Check + instantUpload ${(done - hashed).toFixed(0)} ms)`,
      );
    });
    console.log(`RSS during it: ${mib(instant.before)} → ${mib(instant.peak)}`);
  } finally {
    agent.destroy();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
