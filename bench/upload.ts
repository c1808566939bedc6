/**
 * Upload benchmark (issue 5): throughput of a 1 GiB file through the tus API against a plain
 * copy over loopback in the same run, the server's peak memory meanwhile, and the time of an
 * instant upload of a 1 GiB duplicate.
 *
 * Builds the app in-process like the server tests (PGlite in memory, temporary data dir) and
 * listens on 127.0.0.1. The client is a child process (`upload-client.ts`) streaming generated
 * data (never held in memory), so that it never shares the server's thread: baseline = a bare
 * node:http server in this process piping a PUT body to a file; APM = tus create + PATCHes of the
 * console's chunk size, then the same as one PATCH. During each transfer this process's RSS is
 * sampled every 25 ms and its CPU time (every thread: the MD5 worker too) is read, so that the
 * server's CPU per GiB can be compared with the baseline's even when the machine is busy.
 * Instant upload = MD5 of the 1 GiB on the client (node:crypto, streaming) + md5Check + instantUpload.
 *
 * The three transfers run in turn for ROUNDS rounds (default 3); medians are compared.
 *
 * Usage: npm run bench:upload      SIZE=<bytes> changes the size (default 1 GiB),
 *                                  CHUNK=<bytes> the PATCH size (default the console's chunk),
 *                                  ROUNDS=<n> the rounds (default 3); TMPDIR chooses the disk
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { ADMIN, createTestApp, initSystem, login } from '../apps/server/test/helpers/app.js';
import { MATERIAL_UPLOAD_CHUNK_BYTES } from '../packages/contract/src/material.js';
import type { ClientAnswer, ClientRequest } from './upload-client.js';

const SIZE = Number(process.env.SIZE ?? 1024 ** 3);
const CHUNK = Number(process.env.CHUNK ?? MATERIAL_UPLOAD_CHUNK_BYTES);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const rate = (bytes: number, seconds: number) => `${(bytes / 1024 / 1024 / seconds).toFixed(0)} MiB/s`;

/** The client child process; `ask` sends it one request and waits for its answer. */
function startClient(): { child: ChildProcess; ask: (r: ClientRequest) => Promise<ClientAnswer> } {
  const child = fork(fileURLToPath(new URL('./upload-client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ask = (r: ClientRequest) =>
    new Promise<ClientAnswer>((resolve, reject) => {
      child.once('message', (a: ClientAnswer) => (a.error ? reject(new Error(a.error)) : resolve(a)));
      child.send(r);
    });
  return { child, ask };
}

/** Time, server CPU and RSS of one transfer. */
interface Measured {
  seconds: number;
  cpuSeconds: number;
  before: number;
  peak: number;
}

/** The run with the median time. */
function median(list: Measured[]): Measured {
  return [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor(list.length / 2)]!;
}

/** Runs a client transfer, sampling this process's RSS every 25 ms and reading its CPU time. */
async function measured(transfer: () => Promise<ClientAnswer>): Promise<Measured> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  const cpu = process.cpuUsage();
  const { seconds } = await transfer();
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds: seconds!, cpuSeconds: (used.user + used.system) / 1e6, before, peak };
}

/** The baseline: a bare HTTP server (in this process) writing each PUT body to a file. */
async function baseline(dir: string, ask: (r: ClientRequest) => Promise<ClientAnswer>) {
  const server = http.createServer((req, res) => {
    pipeline(req, createWriteStream(path.join(dir, 'baseline.bin'))).then(
      () => res.writeHead(204).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const m = await measured(() => ask({ op: 'put', size: SIZE, url: `http://127.0.0.1:${port}/` }));
  await new Promise((resolve) => server.close(resolve));
  if (statSync(path.join(dir, 'baseline.bin')).size !== SIZE) throw new Error('baseline file incomplete');
  rmSync(path.join(dir, 'baseline.bin'));
  return m;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-bench-upload-'));
  const t = await createTestApp({}, { logger: false });
  const { child, ask } = startClient();
  try {
    await initSystem(t.app);
    const cookie = await login(t.app, ADMIN.username, ADMIN.password);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`\n## Upload of ${mib(SIZE)} over 127.0.0.1 (server in this process, client in a child)\n`);

    const { md5, seconds: hashSeconds } = await ask({ op: 'md5', size: SIZE });
    console.log(`client MD5 of the generated file (node:crypto): ${hashSeconds!.toFixed(1)} s\n`);

    // Rounds of the three transfers in turn; the disk's write-back is flushed (untimed) before
    // each, so one transfer's dirty pages do not slow the next.
    const runs = { bare: [] as Measured[], chunked: [] as Measured[], single: [] as Measured[] };
    const tus = (name: string, chunk: number) =>
      measured(() => ask({ op: 'tus', size: SIZE, base, cookie, md5: md5!, name, chunk }));
    for (let round = 1; round <= ROUNDS; round++) {
      execSync('sync');
      runs.bare.push(await baseline(dir, ask));
      execSync('sync');
      runs.chunked.push(await tus(`bench-chunked-${round}.mp4`, CHUNK));
      execSync('sync');
      // The same bytes again: the server stores them once (content-addressed) and links the copy.
      runs.single.push(await tus(`bench-single-${round}.mp4`, SIZE));
    }
    const bare = median(runs.bare);
    const bareCpu = median(runs.bare.map((r) => ({ ...r, seconds: r.cpuSeconds }))).cpuSeconds;
    console.log(
      `| Transfer (median of ${ROUNDS}) | Time | Throughput | vs baseline | Server CPU (median) | CPU vs baseline | RSS before → peak (max) | all runs |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [label, list] of [
      ['baseline: bare node:http PUT → file', runs.bare],
      [`APM tus, PATCH chunks of ${mib(CHUNK)}`, runs.chunked],
      ['APM tus, one PATCH', runs.single],
    ] as const) {
      const m = median(list);
      const cpu = median(list.map((r) => ({ ...r, seconds: r.cpuSeconds }))).cpuSeconds;
      const ratio = `${((bare.seconds / m.seconds) * 100).toFixed(0)} %`;
      const all = list.map((r) => `${r.seconds.toFixed(1)} s`).join(', ');
      const peak = Math.max(...list.map((r) => r.peak));
      console.log(
        `| ${label} | ${m.seconds.toFixed(2)} s | ${rate(SIZE, m.seconds)} | ${ratio} | ${cpu.toFixed(2)} s | ` +
          `${(cpu / bareCpu).toFixed(2)}× | ${mib(m.before)} → ${mib(peak)} | ${all} |`,
      );
    }

    // Instant upload of a duplicate: hash on the client, ask, link.
    let answer: ClientAnswer = {};
    const instant = await measured(
      async () => (answer = await ask({ op: 'instant', size: SIZE, base, cookie })),
    );
    console.log(
      `\nInstant upload of a ${mib(SIZE)} duplicate: ${instant.seconds.toFixed(2)} s ` +
        `(client MD5 ${answer.hashSeconds!.toFixed(2)} s, md5Check + instantUpload ${answer.callsMs!.toFixed(0)} ms)`,
    );
    console.log(`RSS during it: ${mib(instant.before)} → ${mib(instant.peak)}`);
  } finally {
    child.disconnect();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
