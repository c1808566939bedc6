import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCall, apiSignIn } from './api.js';
import { startServerProcess, type ServerProcess } from './server.js';
import { sharedBrowser, sharedServer } from './shared.js';
import { addSession, collectErrors, prepareConsolePage, signIn } from './session.js';

/** A console user's sign-in: login name and password. */
export interface Account {
  user: string;
  password: string;
}

/** The administrator that {@link adminSuite} starts the server with (`APM_ADMIN_USER`, `APM_ADMIN_PASSWORD`). */
export const ADMIN: Account = { user: 'admin', password: 'Admin#2026pass' };

/** What {@link adminSuite} sets up; each part can be read from the suite's `beforeAll` on. */
export interface AdminSuite {
  /** The server process, with {@link ADMIN} as its administrator: the worker's shared one unless `ownServer`. */
  readonly server: ServerProcess;
  /** The `Cookie` header value of the administrator's API session (unless `apiSignIn: false`). */
  readonly cookie: string;
  /** The worker's shared headless Chromium; it is there after `seed`, not for it. */
  readonly browser: Browser;
  /** {@link apiCall} as the administrator: a JSON POST when `body` is given, otherwise a GET. */
  api<T>(url: string, body?: unknown): Promise<T>;
}

/** How {@link adminSuite} sets up. */
export interface AdminSuiteOptions {
  /** More environment for the server, besides the administrator's; implies `ownServer`. */
  env?: Record<string, string>;
  /**
   * A server of the suite's own instead of the worker's shared one: for a suite that changes what every user
   * sees (system settings, brands, menus) or needs a server no other spec has touched. Chromium is the worker's
   * shared one all the same: each page has a browser context of its own.
   */
  ownServer?: boolean;
  /** Whether to sign the administrator in through the API for `cookie` (default true); off where it would show. */
  apiSignIn?: boolean;
  /** Runs after the API sign-in and before Chromium starts: the data the tests need. */
  seed?: (suite: AdminSuite) => Promise<void>;
}

/**
 * Registers the `beforeAll` and `afterAll` hooks of the current `describe`: `beforeAll` takes the worker's shared
 * server (or starts one of its own, see `ownServer`) with {@link ADMIN} as its administrator, signs the
 * administrator in through the API (unless told not to), runs `seed` and takes the worker's Chromium; `afterAll`
 * closes the browser contexts left open (and stops an own server). The answer reads what they made.
 *
 * On the shared server the specs before have left their data: a spec names what it makes uniquely and looks
 * only at that, and restores any setting it changes.
 */
export function adminSuite(options: AdminSuiteOptions = {}): AdminSuite {
  let server: ServerProcess | undefined;
  let cookie: string | undefined;
  let browser: Browser | undefined;
  const own = options.ownServer ?? options.env !== undefined;
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
    const env = { APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password, ...options.env };
    server = own ? await startServerProcess(env) : await sharedServer(env);
    if (options.apiSignIn ?? true) cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    await options.seed?.(suite);
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    // What a failed test left open would otherwise stay in the next spec's browser.
    for (const context of browser?.contexts() ?? []) await context.close();
    if (own) await server?.stop();
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
  /** The console path to open once signed in, e.g. `/sys/dict`; the home page without. */
  path?: string;
  /** A selector to wait for once there: the page has loaded what the test starts from. */
  waitFor?: string;
  /**
   * Sign in through the login page ({@link signIn}) instead of giving the page a session made through the API:
   * for the tests of signing in itself.
   */
  throughLoginPage?: boolean;
  /** The path is a full-screen page outside the shell (the editor, publishing): no console frame to wait for. */
  outsideShell?: boolean;
  /** Runs on the page before it opens `path` (API sessions only): routes that hold or change its calls. */
  beforeOpen?: (page: Page) => Promise<unknown>;
}

/**
 * {@link openPage}, signed in as `account` with a session of its own made through the API ({@link addSession}),
 * or through the login page when told; opens `path` (the home page without) and waits for `waitFor`.
 */
export async function openSignedInPage(
  suite: Pick<AdminSuite, 'server' | 'browser'>,
  options: SignedInPageOptions,
): Promise<OpenedPage> {
  const opened = await openPage(suite, options);
  const { page } = opened;
  const account = options.account ?? ADMIN;
  if (options.throughLoginPage) {
    await signIn(page, suite.server.url, account.user, account.password);
    if (options.path !== undefined) await page.goto(`${suite.server.url}${options.path}`);
  } else {
    await addSession(opened.context, suite.server.url, account.user, account.password);
    await prepareConsolePage(page);
    await options.beforeOpen?.(page);
    await page.goto(`${suite.server.url}${options.path ?? '/home'}`);
    // The console's frame shows only to a signed-in user (otherwise it goes to the login page).
    if (!options.outsideShell) await page.waitForSelector('[data-testid=avatar-menu]', { state: 'attached' });
  }
  if (options.waitFor !== undefined) await page.waitForSelector(options.waitFor);
  return opened;
}

/** What {@link expectPageInLanguage} opens and looks for. */
export interface PageInLanguageOptions extends Omit<SignedInPageOptions, 'throughLoginPage'> {
  /** Texts the page shows in that language (each waited for, as a whole text of an element). */
  texts: string[];
}

/**
 * Opens a signed-in page in a language and waits for each of `texts` there, with no console error: the page
 * speaks that language. A spec runs its flow once, in a language other than English, where a string the
 * console forgot to translate shows, and checks its page in English this way: the flow in both languages was
 * a sixth of the end-to-end run's time.
 */
export async function expectPageInLanguage(
  suite: Pick<AdminSuite, 'server' | 'browser'>,
  options: PageInLanguageOptions,
): Promise<void> {
  const { context, page, errors } = await openSignedInPage(suite, options);
  for (const text of options.texts) await page.getByText(text, { exact: true }).first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
}
