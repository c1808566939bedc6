/// <reference lib="dom" />
/**
 * The drag part: frame times and each pointer move's main-thread work while dragging one widget of a
 * one-widget program (the baseline), one widget of the 500 and 50 of the 500 selected through the layers list.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  consoleContext,
  nextFrame,
  openEditor,
  startFrames,
  stopFrames,
  type MoveTimes,
} from './editor-page.js';
import { profiled } from './profile.js';
import { DRAG_RUNS, EDITOR_VIEWPORT, MOVES, PROFILE, type Run } from './settings.js';
import { median, quantile, round } from './stats.js';

/** Where the widget `id` is on the page (its box on the editor's canvas). */
const widgetBox = async (page: Page, id: string) => {
  const box = await page.locator(`[data-testid=editor-stage] [data-widget-id="${id}"]`).boundingBox();
  if (!box) throw new Error(`widget ${id} is not on the canvas`);
  return box;
};
/** The widget `id`'s left edge in canvas px, as the editor places it. */
const widgetLeft = (page: Page, id: string) =>
  page
    .locator(`[data-testid=editor-stage] [data-widget-id="${id}"]`)
    .evaluate((el) => parseFloat((el as HTMLElement).style.left));

/** What one drag measured. */
interface DragFigures {
  frames: number[];
  /** Main-thread work of each pointer move: its handling and its frame's rendering (ms). */
  work: number[];
  /** Pointer moves handled per second over the drag. */
  movesPerSecond: number;
  /** The longest frame after the pointer was let go (the drop's commit to the document). */
  dropMs: number;
  /** Pointer down to the first moved frame. */
  startMs: number;
}

/**
 * Drags the widget `id` (selected already, alone or in a group) by `moves` pointer moves of 3 px right and
 * 1 px down (`direction` -1: back), waiting for one animation frame after each, recording frame times.
 */
async function drag(page: Page, id: string, moves: number, direction: 1 | -1): Promise<DragFigures> {
  const box = await widgetBox(page, id);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await nextFrame(page);
  await startFrames(page);
  await page.evaluate(() => ((window as unknown as { __moves: unknown[] }).__moves = []));
  const downAt = await page.evaluate(() => performance.now());
  await page.mouse.down();
  await page.mouse.move(x + direction, y);
  await nextFrame(page);
  const startMs = (await page.evaluate(() => performance.now())) - downAt;
  const began = Date.now();
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(x + direction * 3 * i, y + direction * i);
    await nextFrame(page);
  }
  const movesPerSecond = moves / ((Date.now() - began) / 1000);
  const upAt = await page.evaluate(() => performance.now());
  const recorded = await page.evaluate(() => {
    const w = window as unknown as { __moves: MoveTimes[] | null };
    const all = w.__moves ?? [];
    w.__moves = null;
    return all;
  });
  // The first two moves start the gesture (the one before the pointer went down, the first with it down).
  const work = recorded
    .slice(2)
    .filter((m) => m.handled && m.frameEnd)
    .map((m) => Math.min(m.handled, m.frameStart) - m.start + (m.frameEnd - m.frameStart));
  await page.mouse.up();
  // The commit of the move redraws what changed: let it show.
  for (let i = 0; i < 10; i++) await nextFrame(page);
  const times = await stopFrames(page);
  const during = times.filter((t) => t > downAt + startMs && t <= upAt);
  const frames = during.slice(1).map((t, i) => t - during[i]!);
  const after = times.filter((t) => t >= upAt);
  const dropFrames = [after[0]! - upAt, ...after.slice(1).map((t, i) => t - after[i]!)];
  return { frames, work, movesPerSecond, dropMs: Math.max(...dropFrames), startMs };
}

/** What the drags of one case measured, all runs together. */
interface DragCase {
  label: string;
  frames: number[];
  work: number[];
  movesPerSecond: number[];
  dropMs: number[];
  startMs: number[];
  /** Canvas px the dragged widget moved in the document by the first measured drag (checks that it happened). */
  moved: number;
}

/**
 * A warm-up drag there and back, then `DRAG_RUNS` measured ones, back and forth (and one more back when their
 * number is odd, so that the widget ends near where it started).
 */
async function dragCase(page: Page, label: string, id: string): Promise<DragCase> {
  await drag(page, id, 20, 1);
  await drag(page, id, 20, -1);
  await page.waitForTimeout(300);
  const result: DragCase = {
    label,
    frames: [],
    work: [],
    movesPerSecond: [],
    dropMs: [],
    startMs: [],
    moved: 0,
  };
  for (let i = 0; i < DRAG_RUNS; i++) {
    const before = await widgetLeft(page, id);
    const one = await drag(page, id, MOVES, i % 2 === 0 ? 1 : -1);
    await page.waitForTimeout(300);
    if (i === 0) result.moved = (await widgetLeft(page, id)) - before;
    result.frames.push(...one.frames);
    result.work.push(...one.work);
    result.movesPerSecond.push(one.movesPerSecond);
    result.dropMs.push(one.dropMs);
    result.startMs.push(one.startMs);
  }
  if (DRAG_RUNS % 2 === 1) await drag(page, id, MOVES, -1);
  console.error(
    `${label}: ${result.frames.length} frames, median ${round(median(result.frames))} ms, ` +
      `p95 ${round(quantile(result.frames, 0.95))} ms; work per move median ${round(median(result.work))} ms, ` +
      `p95 ${round(quantile(result.work, 0.95))} ms; first drag moved it ${round(result.moved)} canvas px`,
  );
  return result;
}

/**
 * Selects widgets through the layers list: a click on the first, shift-clicks on the others. Answers the whole
 * time (with Playwright's own checks before each click) and the frames of the page meanwhile.
 */
async function selectThroughLayers(page: Page, ids: string[]) {
  await startFrames(page);
  const began = Date.now();
  for (const [i, id] of ids.entries()) {
    await page
      .locator(`[data-testid=editor-layer][data-layer-id="${id}"]`)
      .click(i === 0 ? {} : { modifiers: ['Shift'] });
  }
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=editor-stage] [data-selected]').length === n,
    ids.length,
  );
  const ms = Date.now() - began;
  const times = await stopFrames(page);
  const frames = times.slice(1).map((t, i) => t - times[i]!);
  return {
    ms,
    perClickMs: round(ms / ids.length),
    p95FrameMs: round(quantile(frames, 0.95)),
    maxFrameMs: round(Math.max(...frames)),
  };
}

/** Runs the drag cases on the one-widget and the 500-widget programs; answers the report's drag entries. */
export async function measureDrags(run: Run, programs: { one: number; big: number }) {
  const { browser, baseUrl, outDir } = run;
  const context = await consoleContext(browser, baseUrl, EDITOR_VIEWPORT);
  const cases: DragCase[] = [];
  // Baseline: one widget on an otherwise empty canvas.
  {
    const { page } = await openEditor(context, run, programs.one, 1);
    await page.locator('[data-testid=editor-layer][data-layer-id="w0"]').click();
    cases.push(await dragCase(page, 'baseline: 1 widget on an empty canvas', 'w0'));
    await page.close();
  }
  // One widget of the 500, in the middle of the canvas.
  const { page } = await openEditor(context, run, programs.big, 500);
  await page.locator('[data-testid=editor-layer][data-layer-id="w262"]').click();
  cases.push(await dragCase(page, '1 widget of 500', 'w262'));
  // 50 widgets of the 500 (two rows of the grid), chosen in the layers list, dragged by one that the
  // single drags did not move (w262 may end up a few px off, snapped, after them).
  const group = Array.from({ length: 50 }, (_, i) => `w${250 + i}`);
  const selection = await selectThroughLayers(page, group);
  console.error(`selected 50 widgets through the layers list: ${JSON.stringify(selection)}`);
  await page.screenshot({ path: path.join(outDir, 'fifty-selected.png') });
  cases.push(await dragCase(page, '50 selected of 500', 'w287'));
  const dragProfile = PROFILE
    ? await profiled(browser, page, outDir, 'drag-50-of-500', async () => {
        await drag(page, 'w287', 60, 1);
      })
    : undefined;
  await page.close();
  await context.close();
  const base = cases[0]!;
  return {
    ...(dragProfile && { dragProfile }),
    drag: {
      selectFifty: selection,
      cases: cases.map((c) => ({
        label: c.label,
        frames: c.frames.length,
        medianFps: round(1000 / median(c.frames)),
        medianFrameMs: round(median(c.frames)),
        p95FrameMs: round(quantile(c.frames, 0.95)),
        maxFrameMs: round(Math.max(...c.frames)),
        movesPerSecond: round(median(c.movesPerSecond)),
        startMs: round(median(c.startMs)),
        dropMs: round(median(c.dropMs)),
        movedCanvasPx: round(c.moved),
        moveWorkMedianMs: round(median(c.work)),
        moveWorkP95Ms: round(quantile(c.work, 0.95)),
        fpsAtOneMovePerFrame: round(Math.min(60, 1000 / median(c.work))),
        fpsAtOneMovePerFrameP95: round(Math.min(60, 1000 / quantile(c.work, 0.95))),
        workRatio: round(median(c.work) / median(base.work), 2),
        fpsRatio: round(median(base.frames) / median(c.frames), 2),
        p95Ratio: round(quantile(c.frames, 0.95) / quantile(base.frames, 0.95), 2),
      })),
    },
  };
}
