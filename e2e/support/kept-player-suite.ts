/**
 * The suite of a web-player spec that stops its server and starts it again while its players run on: a server
 * of its own on a data dir kept across the stops, the worker's shared Chromium, and the players it paired.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { apiCall, apiSignIn } from './api.js';
import { pairWebPlayer, type PairedPlayer } from './player.js';
import { startServerProcess, type ServerProcess } from './server.js';
import { sharedBrowser } from './shared.js';
import { ADMIN } from './suite.js';

/** What {@link keptPlayerSuite} sets up; each part can be read from the suite's `beforeAll` on. */
export interface KeptPlayerSuite {
  /** The server process now running (a new one after each {@link KeptPlayerSuite.restart}). */
  readonly server: ServerProcess;
  /** The data dir the server keeps across its stops (its database is under `db`). */
  readonly dataDir: string;
  /** The worker's shared Chromium. */
  readonly browser: Browser;
  /** The `Cookie` header value of the administrator's API session on the running server. */
  readonly cookie: string;
  /** The administrator's office, to claim terminals into. */
  readonly officeId: number;
  /** {@link apiCall} as the administrator: a JSON POST when `body` is given, otherwise a GET. */
  api<T>(url: string, body?: unknown): Promise<T>;
  /** Stops the server gracefully (it writes what it holds), keeping its data dir. */
  stop(): Promise<void>;
  /** Starts the server again on the same data dir and port (its players come back by themselves); signs in. */
  restart(): Promise<void>;
  /** {@link pairWebPlayer} on the suite's server; the suite closes the player's context at its end. */
  pairPlayer(name: string, locale?: string): Promise<PairedPlayer>;
}

/**
 * Registers the `beforeAll` and `afterAll` hooks of the current `describe` for a web-player spec that takes its
 * server away: `beforeAll` starts a server of the suite's own (with {@link ADMIN} as its administrator and `env`)
 * on a new data dir named after `prefix`, signs the administrator in through the API and takes the worker's
 * shared Chromium; `afterAll` closes the browser contexts left open (its players too), stops the server and
 * removes the data dir.
 *
 * Only a spec that stops its server needs one of its own: the others pair players on the worker's shared server
 * (`adminSuite` and {@link pairWebPlayer}).
 */
export function keptPlayerSuite(prefix: string, env: Record<string, string> = {}): KeptPlayerSuite {
  const serverEnv = { APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password, ...env };
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let browser: Browser | undefined;
  let cookie: string | undefined;
  let officeId: number | undefined;
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`keptPlayerSuite: no ${name} (yet): it is set up in beforeAll`);
    return value;
  };
  const signIn = async () => {
    cookie = await apiSignIn(suite.server.url, ADMIN.user, ADMIN.password);
  };

  const suite: KeptPlayerSuite = {
    get server() {
      return ready(server, 'server');
    },
    get dataDir() {
      return ready(dataDir, 'data dir');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get cookie() {
      return ready(cookie, 'API session cookie');
    },
    get officeId() {
      return ready(officeId, 'office');
    },
    api: (url, body) => apiCall(suite.server.url, suite.cookie, url, body),
    async stop() {
      await suite.server.stop();
    },
    async restart() {
      const port = new URL(suite.server.url).port;
      server = await startServerProcess({ ...serverEnv, PORT: port }, suite.dataDir);
      await signIn();
    },
    pairPlayer: (name, locale) => pairWebPlayer(suite, name, locale),
  };

  beforeAll(async () => {
    // In the run's folder, which the global teardown removes should this worker end before `afterAll`.
    dataDir = mkdtempSync(path.join(inject('runDir'), `${prefix}-`));
    server = await startServerProcess(serverEnv, dataDir);
    await signIn();
    officeId = (await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo')).office.id;
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    // Its players, and what a failed test left open, would otherwise stay in the next spec's browser.
    for (const context of browser?.contexts() ?? []) await context.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  return suite;
}
