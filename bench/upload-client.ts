/**
 * The upload benchmark's client, run as a child process of `upload.ts` (so that it never shares a
 * thread with the server it measures). It streams generated data (never held in memory) and
 * answers each request of its parent, over IPC, with the seconds the transfer took:
 *
 * - `{ op: 'md5' }`: MD5 of the generated file (node:crypto, streaming);
 * - `{ op: 'put', url }`: one PUT of the whole file (the bare baseline);
 * - `{ op: 'tus', base, cookie, md5, name, chunk }`: tus create, then PATCHes of `chunk` bytes;
 * - `{ op: 'instant', base, cookie }`: client MD5 + `md5Check` + `instantUpload` of a duplicate.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { MATERIAL_TUS_PATH } from '../packages/contract/src/material.js';

/** What the parent asks of the client. */
export type ClientRequest =
  | { op: 'md5'; size: number }
  | { op: 'put'; size: number; url: string }
  | { op: 'tus'; size: number; base: string; cookie: string; md5: string; name: string; chunk: number }
  | { op: 'instant'; size: number; base: string; cookie: string };

/** What the client answers: seconds, and for `md5` / `instant` the hash and the parts' times. */
export interface ClientAnswer {
  seconds?: number;
  md5?: string;
  hashSeconds?: number;
  callsMs?: number;
  error?: string;
}

const PIECE = 1024 * 1024;

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

/** Bytes [start, end) of the generated file of `size` bytes as a stream of ≤ 1 MiB pieces. */
function generated(start: number, end: number): Readable {
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

async function md5Of(size: number): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of generated(0, size)) hash.update(chunk as Buffer);
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

const seconds = (started: number) => (performance.now() - started) / 1000;

async function put(size: number, url: string): Promise<ClientAnswer> {
  const started = performance.now();
  const headers = { 'content-length': size, 'content-type': 'application/octet-stream' };
  const res = await call(url, 'PUT', headers, generated(0, size));
  if (res.status !== 204) throw new Error(`baseline answered ${res.status}`);
  return { seconds: seconds(started) };
}

async function tus(r: Extract<ClientRequest, { op: 'tus' }>): Promise<ClientAnswer> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tusHeaders = { cookie: r.cookie, 'tus-resumable': '1.0.0' };
  const started = performance.now();
  const created = await call(`${r.base}/apm-web${MATERIAL_TUS_PATH}`, 'POST', {
    ...tusHeaders,
    'upload-length': r.size,
    'upload-metadata': `filename ${b64(r.name)},md5 ${b64(r.md5)}`,
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${created.text}`);
  const location = new URL(String(created.headers.location), r.base).href;
  for (let offset = 0; offset < r.size; offset += r.chunk) {
    const end = Math.min(r.size, offset + r.chunk);
    const headers = {
      ...tusHeaders,
      'upload-offset': offset,
      'content-type': 'application/offset+octet-stream',
      'content-length': end - offset,
    };
    const res = await call(location, 'PATCH', headers, generated(offset, end));
    if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.text}`);
    if (Number(res.headers['upload-offset']) !== end)
      throw new Error(`offset ${res.headers['upload-offset']}`);
  }
  return { seconds: seconds(started) };
}

async function instant(r: Extract<ClientRequest, { op: 'instant' }>): Promise<ClientAnswer> {
  const started = performance.now();
  const md5 = await md5Of(r.size);
  const hashSeconds = seconds(started);
  const hashed = performance.now();
  const check = await call(
    `${r.base}/apm-web/a/api/file/md5Check?md5=${md5}&size=${r.size}&scope=material`,
    'GET',
    { cookie: r.cookie },
  );
  if (!(JSON.parse(check.text) as { data: { exists: boolean } }).data.exists) {
    throw new Error(`md5Check did not find the uploaded file: ${check.text}`);
  }
  const body = JSON.stringify({ md5, size: r.size, name: 'bench-duplicate.mp4' });
  const linked = await call(
    `${r.base}/apm-web/a/api/file/instantUpload`,
    'POST',
    { cookie: r.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    Readable.from([body]),
  );
  const answer = JSON.parse(linked.text) as { code: number; data: { material: { id: number } | null } };
  if (answer.code !== 0 || !answer.data.material) throw new Error(`instantUpload: ${linked.text}`);
  return { seconds: seconds(started), md5, hashSeconds, callsMs: performance.now() - hashed };
}

async function answer(r: ClientRequest): Promise<ClientAnswer> {
  switch (r.op) {
    case 'md5': {
      const started = performance.now();
      const md5 = await md5Of(r.size);
      return { md5, seconds: seconds(started) };
    }
    case 'put':
      return put(r.size, r.url);
    case 'tus':
      return tus(r);
    case 'instant':
      return instant(r);
  }
}

process.on('message', (r: ClientRequest) => {
  answer(r).then(
    (a) => process.send!(a),
    (err: unknown) => process.send!({ error: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => {
  agent.destroy();
  process.exit(0);
});
