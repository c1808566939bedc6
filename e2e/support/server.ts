import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A real APM server process on its own data dir and port. */
export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built server once on an empty data dir, so that it creates and migrates its embedded database, and
 * answers that database's folder: servers of the run start from a copy (seconds faster than initdb each time).
 * Nothing is initialised in it: each spec's server sets up its own administrator.
 */
export async function prepareDataTemplate(): Promise<string> {
  const server = await launch({}, mkdtempSync(path.join(tmpdir(), 'apm-e2e-template-')));
  await server.stop();
  return path.join(server.dataDir, 'db');
}

/**
 * Starts the built server (`apps/server/dist/main.js`) on a free port and waits until it prints its URL. A data
 * dir without a database gets a copy of the run's migrated one.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<ServerProcess> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'apm-e2e-'));
  const database = path.join(dir, 'db');
  if (!existsSync(database)) cpSync(inject('dataTemplate'), database, { recursive: true });
  const server = await launch(env, dir);
  if (dataDir) return server;
  // A data dir the caller did not give goes with the server.
  return {
    ...server,
    async stop(signal) {
      const code = await server.stop(signal);
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Spawns the server on `dir` and waits for its URL. */
async function launch(env: Record<string, string>, dir: string): Promise<ServerProcess> {
  // A deprecated Node API crashes the server under test (and so fails the spec): the product must run
  // unchanged on the next Node releases.
  const args = ['--throw-deprecation', path.join(ROOT, 'apps/server/dist/main.js')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', APM_DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a busy machine (CI on 2 cores) can take long to start Node and open the database.
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`server did not start in 120 s:\n${out}`));
    }, 120_000);
    const check = () => {
      const m = /(http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { url, dataDir: dir, child, output: () => out, stop };
}
