/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** Console pages in the browser: their contexts, the pointer moves' work, opening the editor, frame times. */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addSession } from '../../e2e/support/session.js';
import { ADMIN, type Run } from './settings.js';

/** What one pointer move cost, as {@link recordMoveWork} records it in `window.__moves` (page times, ms). */
export interface MoveTimes {
  start: number;
  handled: number;
  frameStart: number;
  frameEnd: number;
}

/** Waits for the page's next animation frame. */
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * A browser context of the given window size, US English, reduced motion. tsx (esbuild, keeping names) wraps
 * named functions inside the functions this script evaluates in pages with `__name(...)`: the pages get it.
 * Every page that such a function runs in must come from a context made here.
 */
export async function newContext(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', reducedMotion: 'reduce' });
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  return context;
}

/**
 * What one pointer move costs the page's main thread, recorded while `window.__moves` is an array: from the
 * start of its dispatch (a capturing listener added before the app's) to the end of its handling, plus the
 * next frame from its animation callbacks to the end of its rendering (a message posted from an animation
 * callback runs once the frame is drawn). The wait for the frame in between is left out: that is idle time.
 */
function recordMoveWork() {
  const w = window as unknown as { __moves: MoveTimes[] | null };
  w.__moves = null;
  const after = (done: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    channel.port2.postMessage(0);
  };
  addEventListener(
    'pointermove',
    () => {
      if (!w.__moves) return;
      const move = { start: performance.now(), handled: 0, frameStart: 0, frameEnd: 0 };
      w.__moves.push(move);
      after(() => (move.handled = performance.now()));
      requestAnimationFrame(() => {
        move.frameStart = performance.now();
        after(() => (move.frameEnd = performance.now()));
      });
    },
    { capture: true },
  );
}

/** A signed-in console context ({@link newContext}) that records pointer moves' work ({@link recordMoveWork}). */
export async function consoleContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
) {
  const context = await newContext(browser, viewport);
  await context.addInitScript(recordMoveWork);
  await addSession(context, baseUrl, ADMIN.user, ADMIN.password);
  await context.addCookies([{ name: 'language', value: 'US', url: `${baseUrl}/` }]);
  return context;
}

/**
 * Marks in the page when the editor is ready to edit: the stage holds `count` widgets and the layers list
 * shows them (its empty state for none). `window.__editorReadyAt` is then the frame's time since navigation.
 */
export function watchEditorReady(page: Page, count: number) {
  return page.addInitScript((expected: number) => {
    const w = window as unknown as { __editorReadyAt?: number };
    const check = (t: number) => {
      const stage = document.querySelector('[data-testid=editor-stage]');
      const title = document.getElementById('editor-layers-title');
      const widgets = stage ? stage.querySelectorAll('[data-widget-id]').length : -1;
      const layers = document.querySelectorAll('[data-testid=editor-layer]').length;
      if (stage && title && widgets === expected && layers === expected) w.__editorReadyAt = t;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, count);
}

/** Opens the editor on a program in a new page; answers the page and its time to ready (ms since navigation). */
export async function openEditor(
  context: BrowserContext,
  { baseUrl, outDir }: Pick<Run, 'baseUrl' | 'outDir'>,
  id: number,
  count: number,
) {
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await watchEditorReady(page, count);
  await page.goto(`${baseUrl}/programEditor?id=${id}`);
  try {
    await page.waitForFunction(
      () => (window as { __editorReadyAt?: number }).__editorReadyAt !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
  } catch (error) {
    const file = path.join(outDir, `not-ready-${id}.png`);
    console.error(
      await page
        .evaluate(() => ({
          stage: !!document.querySelector('[data-testid=editor-stage]'),
          title: !!document.getElementById('editor-layers-title'),
          widgets: document.querySelectorAll('[data-testid=editor-stage] [data-widget-id]').length,
          layers: document.querySelectorAll('[data-testid=editor-layer]').length,
          ready: (window as { __editorReadyAt?: number }).__editorReadyAt,
        }))
        .catch(String),
    );
    await page.screenshot({ path: file }).catch(() => undefined);
    throw new Error(`the editor of program ${id} was not ready at ${page.url()} (see ${file})`, {
      cause: error,
    });
  }
  const readyMs = await page.evaluate(
    () => (window as unknown as { __editorReadyAt: number }).__editorReadyAt,
  );
  return { page, readyMs };
}

/** Starts recording every animation frame's time in the page. */
export const startFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    const loop = (t: number) => {
      if (!w.__recording) return;
      w.__frames.push(t);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
/** Stops recording; answers the frames' times. */
export const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
