/**
 * Start-up and idle-memory benchmark of the embedded default (PGlite in a data dir).
 * Compares against a bare Node HTTP server started the same way in the same run.
 * Usage: npm run bench:startup --workspace bench  (needs `npm run build` first)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const BARE = `require('http').createServer((q,s)=>s.end('{}')).listen(+process.env.PORT,'127.0.0.1',()=>console.log('http://localhost:'+process.env.PORT))`;
const RUNS = Number(process.env.RUNS ?? 5);

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Starts a process and answers the milliseconds until `probe` answers 200, and the child. */
async function timeToReady(args: string[], env: Record<string, string>, probe: string) {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(probe);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - started, child };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-bench-'));
const apmPort = await freePort();
const barePort = await freePort();
const env = { PORT: String(apmPort), HOST: '127.0.0.1', APM_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const probe = `http://127.0.0.1:${apmPort}/apm-web/f/common/isSysInit`;
try {
  // First start creates the database; it is not what the target is about.
  const first = await timeToReady([SERVER], env, probe);
  await stop(first.child);

  const apm: number[] = [];
  const bare: number[] = [];
  let apmRss = 0;
  let bareRss = 0;
  for (let i = 0; i < RUNS; i++) {
    const b = await timeToReady(['-e', BARE], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
    bare.push(b.ms);
    await new Promise((r) => setTimeout(r, 2000));
    bareRss = Math.max(bareRss, rssMiB(b.child.pid!));
    await stop(b.child);

    const a = await timeToReady([SERVER], env, probe);
    apm.push(a.ms);
    await new Promise((r) => setTimeout(r, 2000));
    apmRss = Math.max(apmRss, rssMiB(a.child.pid!));
    await stop(a.child);
  }
  const result = {
    firstStartMs: Math.round(first.ms),
    apmStartMedianMs: Math.round(median(apm)),
    bareStartMedianMs: Math.round(median(bare)),
    startRatio: +(median(apm) / median(bare)).toFixed(1),
    apmIdleRssMiB: Math.round(apmRss),
    bareIdleRssMiB: Math.round(bareRss),
    rssRatio: +(apmRss / bareRss).toFixed(1),
    runs: RUNS,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
