/**
 * The server and Chromium that the specs of a worker share (vitest runs the files of a worker in one module
 * graph: `isolate: false`): started by the first suite that asks, kept for the next ones. A server is a few
 * seconds of every spec otherwise, and grows with the specs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.js';
import { startServerProcess, type ServerProcess } from './server.js';

/**
 * What the shared server runs with besides the suites' own environment: every spec signs in through the same
 * address, so the per-address limits of one spec's server would be met by the run.
 */
const SHARED_ENV = { APM_LOGIN_RATE_LIMIT: '100000', APM_TERMINAL_REGISTER_RATE_LIMIT: '100000' };

let server: Promise<ServerProcess> | undefined;
let browser: Promise<Browser> | undefined;

/** The worker's shared server, started with `env` the first time (or again when the last one has died). */
export async function sharedServer(env: Record<string, string>): Promise<ServerProcess> {
  const running = await server?.catch(() => undefined);
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) {
    server = startShared(env);
  }
  return server!;
}

/** The worker's shared Chromium, launched the first time (or again when the last one has gone). */
export async function sharedBrowser(): Promise<Browser> {
  const running = await browser?.catch(() => undefined);
  if (!running?.isConnected()) browser = launchChromium();
  return browser!;
}

async function startShared(env: Record<string, string>): Promise<ServerProcess> {
  // In the run's folder, which the global teardown removes: this worker may end before the server has.
  const runDir = inject('runDir');
  const started = await startServerProcess(
    { ...env, ...SHARED_ENV },
    mkdtempSync(path.join(runDir, 'shared-')),
  );
  // vitest gives a worker no teardown: the server stops when the worker exits, and the global teardown
  // stops what is left by its pid file (a worker can be killed without running its exit handlers).
  writeFileSync(path.join(runDir, `${started.child.pid}.pid`), '');
  process.once('exit', () => started.child.kill('SIGTERM'));
  return started;
}
