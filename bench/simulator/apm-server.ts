import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A server (or baseline) process the benchmark started. */
export interface ChildServer {
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Bundles the server's current source the way `apps/server/build.mjs` does (esbuild, npm
 * dependencies external) into a temporary `dist/main.js`, so the benchmark runs production code
 * without touching `apps/server/dist` (which end-to-end runs rebuild). `drizzle` and
 * `node_modules` next to it are links to the repository's.
 */
export async function bundleServer(): Promise<{ main: string; cleanup(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-bench-server-'));
  const serverDir = path.join(ROOT, 'apps/server');
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  mkdirSync(path.join(dir, 'dist'));
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: path.join(dir, 'dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@apm/')),
    logLevel: 'warning',
  });
  symlinkSync(path.join(serverDir, 'drizzle'), path.join(dir, 'drizzle'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', cleanup);
  return {
    main: path.join(dir, 'dist/main.js'),
    cleanup,
  };
}

/**
 * Starts `node <args>` with the open-files limit raised to the hard limit, and waits until its
 * output matches `ready` (first group: the URL or port).
 */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  toUrl: (match: string) => string,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  // `sh` raises the soft limit of open files; `exec` keeps the pid the node process's.
  const child = spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave the server behind when the benchmark dies.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let out = '';
  const append = (d: Buffer) => {
    out += String(d);
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${out}`)), timeoutMs);
    const check = () => {
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(toUrl(m[1]!));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Options of the APM server process. */
export interface ApmServerOptions {
  dataDir: string;
  admin: { user: string; password: string };
  /** Extra environment (e.g. rate limits), and node flags (e.g. `--cpu-prof`). */
  env?: Record<string, string>;
  nodeArgs?: string[];
}

/** Starts the bundled server on 127.0.0.1 (free port), initialised with the given administrator. */
export async function startApm(main: string, options: ApmServerOptions): Promise<ChildServer> {
  return startChild(
    [...(options.nodeArgs ?? []), main],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      APM_DATA_DIR: options.dataDir,
      APM_WEB_DIR: path.join(options.dataDir, 'no-web'),
      APM_PLAYER_DIR: path.join(options.dataDir, 'no-player'),
      APM_ADMIN_USER: options.admin.user,
      APM_ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    /http:\/\/localhost:(\d+)/,
    (port) => `http://127.0.0.1:${port}`,
  );
}

/** Starts the bare `ws` baseline (simulator/echo-server.mjs) on a free port. */
export function startEcho(): Promise<ChildServer> {
  const script = fileURLToPath(new URL('./echo-server.mjs', import.meta.url));
  return startChild([script], { PORT: '0' }, /listening (\d+)/, (port) => `http://127.0.0.1:${port}`);
}
