/**
 * Program editor benchmark (issue 16): drag frame rate on a 500-widget scene, time to open the editor on it,
 * and the editor's preview against a paired web player, pixel by pixel. Each against a bare baseline in the
 * same run: the same drag and the same opening on a program of one widget / no widget.
 * Usage: npm run bench:editor  (needs `npm run build` first; hold /tmp/apm-e2e.lock while it runs)
 * Environment: PARTS (`drag,open,preview`), OPEN_RUNS (default 5), DRAG_RUNS (measured drags per case,
 * default 3), MOVES (pointer moves per drag, default 120), PROFILE=1 (adds a CPU profile and a trace of one
 * extra drag and opening of the 500-widget program, summarised by what the main thread did), OUT_DIR (where
 * the screenshots, the diff image and the profiles go; a temporary folder unless given), CHROMIUM_PATH.
 * The parts: open.ts, drag.ts, preview.ts; their programs: programs.ts; the server: server.ts.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiCall, apiSignIn } from '../../e2e/support/api.js';
import { launchChromium } from '../../e2e/support/chromium.js';
import { measureDrags } from './drag.js';
import { measureOpening } from './open.js';
import { comparePreview } from './preview.js';
import { gridWidgets, oneWidget, saveProgram } from './programs.js';
import { startServer, stopServer, waitFor, within } from './server.js';
import { ADMIN, DEADLINE_MS, PARTS, type Api, type Run } from './settings.js';
import { round } from './stats.js';

/** Everything the run measured, by part, in the order it was measured. */
type Report = Partial<
  Awaited<ReturnType<typeof measureOpening>> &
    Awaited<ReturnType<typeof measureDrags>> & { preview: Awaited<ReturnType<typeof comparePreview>> }
>;

const loadBefore = loadavg().map((x) => round(x));
const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-bench-editor-'));
const outDir = process.env.OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'apm-bench-editor-out-'));
mkdirSync(outDir, { recursive: true });
const { server, baseUrl } = await startServer(dataDir);
let browser: Browser | undefined;
const cleanup = async () => {
  await within(15_000, 'closing Chromium', browser?.close() ?? Promise.resolve()).catch(() => undefined);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  console.error(`bench:editor: not done in ${DEADLINE_MS / 60_000} min, stopping`);
  void cleanup().finally(() => process.exit(2));
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));

const report: Report = {};
try {
  await waitFor(`${baseUrl}/apm-web/f/common/isSysInit`, server);
  browser = await launchChromium();
  const cookie = await apiSignIn(baseUrl, ADMIN.user, ADMIN.password);
  const api: Api = (url, body) => apiCall(baseUrl, cookie, url, body);
  const run: Run = { browser, baseUrl, cookie, api, outDir };
  const programs = {
    empty: await saveProgram(api, 'Bench empty', []),
    one: await saveProgram(api, 'Bench one widget', oneWidget()),
    big: await saveProgram(api, 'Bench 500 widgets', gridWidgets(500)),
  };

  if (PARTS.includes('open')) Object.assign(report, await measureOpening(run, programs));
  if (PARTS.includes('drag')) Object.assign(report, await measureDrags(run, programs));
  if (PARTS.includes('preview')) report.preview = await comparePreview(run);

  // The table, then everything as JSON.
  if (report.drag) console.table(report.drag.cases);
  if (report.open) console.table([report.open]);
  if (report.preview) {
    const { perWidget, styleDifferences, ...rest } = report.preview;
    console.table([rest]);
    if (styleDifferences.length) console.table(styleDifferences);
    console.table(
      Object.entries(perWidget).map(([id, pixels]) => ({ widget: id, 'differing pixels': pixels })),
    );
  }
  const load = { before: loadBefore, after: loadavg().map((x) => round(x)) };
  console.log(JSON.stringify({ date: new Date().toISOString(), load, ...report }, null, 2));
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
