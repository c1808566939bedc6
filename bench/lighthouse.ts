/**
 * Lighthouse benchmark of the console: `/login`, `/home` and the material page, desktop and mobile
 * presets, three runs each, beside the web player (`/player`) as the baseline in the same run.
 * Usage: npm run bench:lighthouse  (needs `npm run build` first)
 * Environment: RUNS (default 3), PRESETS (`desktop,mobile`), PAGES (`player,login,home,material`),
 * LIGHTHOUSE_CHROMIUM_PATH (default /usr/bin/chromium: the full browser, as users have it), REPORT_DIR (keeps
 * every Lighthouse JSON report there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { apiSignIn } from '../e2e/support/api.js';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const RUNS = Number(process.env.RUNS ?? 3);
/** Debian's full Chromium (the tests' own is its headless shell, which has no browser around the page). */
const CHROMIUM_PATH = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium"`);
}
const ADMIN = { user: 'admin', password: 'Admin#2026pass' };

/** Pages measured: the player first (the baseline), then the console. `signedIn` sends the session cookie. */
const ALL_PAGES = [
  { name: 'player', path: '/player', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'home', path: '/home', signedIn: true },
  { name: 'material', path: '/resManage/myRes', signedIn: true },
] as const;
const PRESETS: Record<string, Config | undefined> = { desktop: desktopConfig, mobile: undefined };

const pick = <T extends string>(env: string | undefined, all: readonly T[]): T[] =>
  env ? all.filter((x) => env.split(',').includes(x)) : [...all];
const pages = ALL_PAGES.filter((p) => pick(process.env.PAGES, [p.name]).length > 0);
const presets = pick(process.env.PRESETS, Object.keys(PRESETS));

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The figures kept from one Lighthouse report. */
interface Figures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKB: number;
  requests: number;
  jsRequests: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster): these VMs vary by 2× within minutes. */
  benchmarkIndex: number;
}

function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string }[] })?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: +audit('cumulative-layout-shift').toFixed(3),
    transferKB: Math.round(audit('total-byte-weight') / 1024),
    requests: requests.length,
    jsRequests: requests.filter((r) => r.resourceType === 'Script').length,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const range = (xs: number[]) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? `${lo}` : `${lo}–${hi}`;
};

const loadBefore = loadavg().map((x) => +x.toFixed(1));
const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-lighthouse-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'apm-lighthouse-chromium-'));
const reportDir = process.env.REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });
const apmPort = await freePort();
const debugPort = await freePort();
const baseUrl = `http://127.0.0.1:${apmPort}`;
const server = spawn(process.execPath, [SERVER], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(apmPort),
    HOST: '127.0.0.1',
    APM_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APM_ADMIN_USER: ADMIN.user,
    APM_ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: 'ignore',
});
const chromium = spawn(
  CHROMIUM_PATH,
  [
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profileDir}`,
    '--headless=new',
    ...CHROMIUM_FLAGS,
    'about:blank',
  ],
  { stdio: 'ignore' },
);
try {
  await waitFor(`${baseUrl}/apm-web/f/common/isSysInit`, server);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium);
  const cookie = await apiSignIn(baseUrl, ADMIN.user, ADMIN.password);
  const rows: (Record<string, string | number> & { page: string; preset: string })[] = [];
  for (const preset of presets) {
    for (const page of pages) {
      const runs: Figures[] = [];
      let failed = 0;
      for (let i = 0; i < RUNS; i++) {
        const flags: Flags = {
          port: debugPort,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = await lighthouse(`${baseUrl}${page.path}`, flags, PRESETS[preset]);
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
        const { lhr } = result;
        if (reportDir)
          writeFileSync(path.join(reportDir, `${page.name}-${preset}-${i + 1}.json`), JSON.stringify(lhr));
        // A run whose trace Lighthouse could not record (NO_NAVSTART…) scores 0: left out of the ranges.
        if (lhr.runtimeError) {
          console.error(`${page.name} ${preset} #${i + 1}: ${lhr.runtimeError.message}`);
          failed += 1;
          continue;
        }
        runs.push(figures(lhr));
        console.error(`${page.name} ${preset} #${i + 1}: ${JSON.stringify(runs.at(-1))}`);
      }
      const column = (key: keyof Figures) => (runs.length ? range(runs.map((r) => r[key])) : '—');
      rows.push({
        page: page.name,
        preset,
        performance: column('performance'),
        accessibility: column('accessibility'),
        'FCP ms': column('fcpMs'),
        'LCP ms': column('lcpMs'),
        'TBT ms': column('tbtMs'),
        CLS: column('cls'),
        'KB transferred': column('transferKB'),
        requests: column('requests'),
        'JS requests': column('jsRequests'),
        'CPU index': column('benchmarkIndex'),
        'failed runs': failed,
      });
    }
  }
  console.table(rows);
  // The machine's load says how much the absolute figures are worth (compare with the player's).
  const load = { before: loadBefore, after: loadavg().map((x) => +x.toFixed(1)) };
  console.log(JSON.stringify({ date: new Date().toISOString(), load, runs: RUNS, rows }, null, 2));
} finally {
  chromium.kill('SIGTERM');
  server.kill('SIGTERM');
  await Promise.all(
    [chromium, server].map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  );
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
