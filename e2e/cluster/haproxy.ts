import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/server.js';

/** Debian's HAProxy. */
export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Connections the local HAProxy takes (`-n`): the documented 100,000 need more open files than a test has. */
const LOCAL_MAXCONN = 4000;

/** Installs Debian's HAProxy with apt when it is missing and we run as root; otherwise explains. */
export function ensureHaproxy(): void {
  if (existsSync(HAPROXY_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`HAProxy not found at ${HAPROXY_PATH}: install it with "apt-get install -y haproxy"`);
  }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * The repository's `deploy/haproxy.cfg` with local addresses: the frontend on `port` of loopback and one
 * `server` line per backend port. Everything else (health checks on readiness, WebSocket time-outs, no
 * stickiness) is the file as documented.
 */
export function localHaproxyConfig(port: number, backends: readonly number[]): string {
  const documented = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const servers = backends.map((p, i) => `    server apm${i + 1} 127.0.0.1:${p} check`).join('\n');
  const config = documented
    .replace(/^(\s*)bind \*:80$/m, `$1bind 127.0.0.1:${port}`)
    .replace(/^(\s*server apm\d+ .*\n)+/m, `${servers}\n`);
  if (!config.includes(`127.0.0.1:${port}`) || !config.includes(servers)) {
    throw new Error('deploy/haproxy.cfg no longer has the bind and server lines the cluster test rewrites');
  }
  return config;
}

/** HAProxy running in the foreground on a generated configuration. */
export interface HaproxyProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy on `configFile` (in its own folder) and waits until it accepts connections on `port`. */
export async function startHaproxy(
  dir: string,
  port: number,
  backends: readonly number[],
): Promise<HaproxyProcess> {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, localHaproxyConfig(port, backends));
  execFileSync(HAPROXY_PATH, ['-c', '-q', '-n', String(LOCAL_MAXCONN), '-f', file]);
  const child = spawn(HAPROXY_PATH, ['-db', '-n', String(LOCAL_MAXCONN), '-f', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${out}`);
    const up = await fetch(`${url}/apm-web/f/common/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    if (waited > 20_000) {
      await stop();
      throw new Error(`haproxy did not serve in 20 s:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, output: () => out, stop };
}
