/** The processes: the built server (started on a free port, waited for, stopped) and ffmpeg's media. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ADMIN, ROOT } from './settings.js';

/** The built server's entry (`npm run build`). */
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');

/** A port of 127.0.0.1 free at the time of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built server on a free port with its data in `dataDir`; answers the process and its address. */
export async function startServer(dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APM_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APM_ADMIN_USER: ADMIN.user,
      APM_ADMIN_PASSWORD: ADMIN.password,
      // No internet here: the weather widget's look-ups fail at once instead of waiting for a time-out.
      APM_WEATHER_GEOCODING_URL: 'http://127.0.0.1:9/geocoding',
      APM_WEATHER_FORECAST_URL: 'http://127.0.0.1:9/forecast',
    },
    stdio: 'ignore',
  });
  return { server, baseUrl };
}

/** Waits until `url` answers OK; fails if `child` exits or after `timeoutMs`. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url}: no answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fails after `ms` with `what` named, unless `promise` settles first. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the server if it still runs: SIGTERM, then SIGKILL if it has not exited after 15 s. */
export async function stopServer(server: ChildProcess) {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await within(15_000, 'stopping the server', new Promise((r) => server.once('exit', r))).catch(() =>
      server.kill('SIGKILL'),
    );
  }
}

/** Media made by ffmpeg: a test-pattern PNG, an H.264 MP4 and an AAC audio file. */
export function makeMedia(dir: string) {
  const ffmpeg = (args: string[], file: string) => {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, path.join(dir, file)]);
    return readFileSync(path.join(dir, file));
  };
  return {
    png: ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1'], 'pattern.png'),
    mp4: ffmpeg(
      [
        ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=640x360:rate=25'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ],
      'clip.mp4',
    ),
    m4a: ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac'], 'tone.m4a'),
  };
}
