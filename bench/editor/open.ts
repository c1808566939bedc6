/// <reference lib="dom" />
/** The open part: the time from navigation until the editor is ready to edit, 500 widgets against none. */
import { consoleContext, openEditor, watchEditorReady } from './editor-page.js';
import { profiled } from './profile.js';
import { EDITOR_VIEWPORT, OPEN_RUNS, PROFILE, type Run } from './settings.js';
import { median, round } from './stats.js';

/** Opens the empty and the 500-widget programs `OPEN_RUNS` times each; answers the report's open entries. */
export async function measureOpening(run: Run, programs: { empty: number; big: number }) {
  const { browser, baseUrl, outDir } = run;
  // Alternately the empty program and the 500-widget one, a warm-up of each first (compiles, caches).
  const context = await consoleContext(browser, baseUrl, EDITOR_VIEWPORT);
  const times = { empty: [] as number[], big: [] as number[] };
  for (let i = 0; i <= OPEN_RUNS; i++) {
    for (const [key, id, count] of [
      ['empty', programs.empty, 0],
      ['big', programs.big, 500],
    ] as const) {
      const { page, readyMs } = await openEditor(context, run, id, count);
      await page.close();
      if (i > 0) times[key].push(readyMs);
      console.error(`open ${key} #${i}${i === 0 ? ' (warm-up)' : ''}: ${round(readyMs)} ms`);
    }
  }
  const open = {
    emptyMs: times.empty.map((x) => round(x)),
    bigMs: times.big.map((x) => round(x)),
    emptyMedianMs: round(median(times.empty)),
    bigMedianMs: round(median(times.big)),
    ratio: round(median(times.big) / median(times.empty), 2),
  };
  let openProfile;
  if (PROFILE) {
    const page = await context.newPage();
    await watchEditorReady(page, 500);
    openProfile = await profiled(browser, page, outDir, 'open-500', async () => {
      await page.goto(`${baseUrl}/programEditor?id=${programs.big}`);
      await page.waitForFunction(
        () => (window as { __editorReadyAt?: number }).__editorReadyAt !== undefined,
      );
    });
    await page.close();
  }
  await context.close();
  return { open, ...(openProfile && { openProfile }) };
}
