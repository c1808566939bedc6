import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiCall, apiSignIn } from './api.js';
import { launchChromium } from './chromium.js';
import { startServerProcess, type ServerProcess } from './server.js';
import { collectErrors, signIn } from './session.js';

/** A console user's sign-in: login name and password. */
export interface Account {
  user: string;
  password: string;
}

/** The administrator that {@link adminSuite} starts the server with (`APM_ADMIN_USER`, `APM_ADMIN_PASSWORD`). */
export const ADMIN: Account = { user: 'admin', password: 'Admin#2026pass' };

/** What {@link adminSuite} sets up; each part can be read from the suite's `beforeAll` on. */
export interface AdminSuite {
  /** The server process, with {@link ADMIN} as its administrator. */
  readonly server: ServerProcess;
  /** The `Cookie` header value of the administrator's API session (unless `apiSignIn: false`). */
  readonly cookie: string;
  /** Headless Chromium; it starts after `seed`, so `seed` cannot use it. */
  readonly browser: Browser;
  /** {@link apiCall} as the administrator: a JSON POST when `body` is given, otherwise a GET. */
  api<T>(url: string, body?: unknown): Promise<T>;
}

/** How {@link adminSuite} sets up. */
export interface AdminSuiteOptions {
  /** More environment for the server, besides the administrator's. */
  env?: Record<string, string>;
  /** Whether to sign the administrator in through the API for `cookie` (default true); off where it would show. */
  apiSignIn?: boolean;
  /** Runs after the API sign-in and before Chromium starts: the data the tests need. */
  seed?: (suite: AdminSuite) => Promise<void>;
}

/**
 * Registers the `beforeAll` and `afterAll` hooks of the current `describe`: `beforeAll` starts a server
 * with {@link ADMIN} as its administrator, signs the administrator in through the API (unless told not
 * to), runs `seed` and launches Chromium; `afterAll` closes the browser and stops the server. The answer
 * reads what they made.
 */
export function adminSuite(options: AdminSuiteOptions = {}): AdminSuite {
  let server: ServerProcess | undefined;
  let cookie: string | undefined;
  let browser: Browser | undefined;
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`adminSuite: no ${name} (yet): it is set up in beforeAll`);
    return value;
  };
  const suite: AdminSuite = {
    get server() {
      return ready(server, 'server');
    },
    get cookie() {
      return ready(cookie, 'API session cookie');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    api: (url, body) => apiCall(suite.server.url, suite.cookie, url, body),
  };

  beforeAll(async () => {
    server = await startServerProcess({
      APM_ADMIN_USER: ADMIN.user,
      APM_ADMIN_PASSWORD: ADMIN.password,
      ...options.env,
    });
    if (options.apiSignIn ?? true) cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    await options.seed?.(suite);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return suite;
}

/** A window a little wider than {@link openPage}'s 1400×900, which several specs use. */
export const WIDE_VIEWPORT = { width: 1440, height: 900 };

/** How {@link openPage} opens its page. */
export interface PageOptions {
  /** The console language, as the `language` cookie carries it: `US`, `CN`, … */
  language: string;
  /** The window size; 1400×900 unless given. */
  viewport?: { width: number; height: number };
  /** Other options of the new browser context. */
  contextOptions?: BrowserContextOptions;
  /** The page's default time-out of each action and wait, in ms (Playwright's own unless given). */
  defaultTimeout?: number;
}

/** A page in a browser context of its own, and the console errors it logs ({@link collectErrors}). */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Opens a page in a new browser context that has the `language` cookie for the server, collecting its errors. */
export async function openPage(
  suite: Pick<AdminSuite, 'server' | 'browser'>,
  options: PageOptions,
): Promise<OpenedPage> {
  const context = await suite.browser.newContext({
    ...options.contextOptions,
    viewport: options.viewport ?? { width: 1400, height: 900 },
  });
  await context.addCookies([
    { name: 'language', value: options.language, domain: new URL(suite.server.url).hostname, path: '/' },
  ]);
  const page = await context.newPage();
  if (options.defaultTimeout !== undefined) page.setDefaultTimeout(options.defaultTimeout);
  return { context, page, errors: collectErrors(page) };
}

/** How {@link openSignedInPage} opens its page. */
export interface SignedInPageOptions extends PageOptions {
  /** Who signs in; {@link ADMIN} unless given. */
  account?: Account;
  /** The console path to go to once signed in, e.g. `/sys/dict`; the page stays on the home page without. */
  path?: string;
  /** A selector to wait for once there: the page has loaded what the test starts from. */
  waitFor?: string;
}

/** {@link openPage}, then signs in through the login page ({@link signIn}), goes to `path` and waits for `waitFor`. */
export async function openSignedInPage(
  suite: Pick<AdminSuite, 'server' | 'browser'>,
  options: SignedInPageOptions,
): Promise<OpenedPage> {
  const opened = await openPage(suite, options);
  const account = options.account ?? ADMIN;
  await signIn(opened.page, suite.server.url, account.user, account.password);
  if (options.path !== undefined) await opened.page.goto(`${suite.server.url}${options.path}`);
  if (options.waitFor !== undefined) await opened.page.waitForSelector(options.waitFor);
  return opened;
}
