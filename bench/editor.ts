/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Program editor benchmark (issue 16): drag frame rate on a 500-widget scene, time to open the editor on it,
 * and the editor's preview against a paired web player, pixel by pixel. Each against a bare baseline in the
 * same run: the same drag and the same opening on a program of one widget / no widget.
 * Usage: npm run bench:editor  (needs `npm run build` first; hold /tmp/apm-e2e.lock while it runs)
 * Environment: PARTS (`drag,open,preview`), OPEN_RUNS (default 5), DRAG_RUNS (measured drags per case,
 * default 3), MOVES (pointer moves per drag, default 120), PROFILE=1 (adds a CPU profile and a trace of one
 * extra drag and opening of the 500-widget program, summarised by what the main thread did), OUT_DIR (where
 * the screenshots, the diff image and the profiles go; a temporary folder unless given), CHROMIUM_PATH.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { apiCall, apiSignIn } from '../e2e/support/api.js';
import { launchChromium } from '../e2e/support/chromium.js';
import { uploadMaterial } from '../e2e/support/materials.js';
import { addSession } from '../e2e/support/session.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
const PARTS = (process.env.PARTS ?? 'drag,open,preview').split(',');
const OPEN_RUNS = Number(process.env.OPEN_RUNS ?? 5);
const DRAG_RUNS = Number(process.env.DRAG_RUNS ?? 3);
const MOVES = Number(process.env.MOVES ?? 120);
const PROFILE = process.env.PROFILE === '1';
/** The whole run is stopped (server and browser too) after this long. */
const DEADLINE_MS = 20 * 60_000;
const EDITOR_VIEWPORT = { width: 1440, height: 900 };
/** The size both the preview box and the player's window are made to have. */
const SHOT = { width: 960, height: 540 };
const CANVAS = { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 };

// ---------------------------------------------------------------------------------------------------------
// Programs

type Props = Record<string, unknown>;
interface Widget {
  id: string;
  type: string;
  name?: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
  z: number;
  props: Props;
}

const font = (size: number, color = '#ffffff') => ({ family: 'sans-serif', size, color });
const widget = (id: string, type: string, box: [number, number, number, number], z: number, props: Props) => {
  const [x, y, w, h] = box;
  return { id, type, x, y, w, h, rotation: 0, z, props } satisfies Widget;
};

function programDocument(name: string, widgets: Widget[], backgroundMaterialId: number | null = null) {
  return {
    formatVersion: 2,
    name,
    canvas: CANVAS,
    scenes: [
      {
        id: 'main',
        name: 'Main',
        main: true,
        background: { color: '#1f2a44', materialId: backgroundMaterialId, fit: 'cover' },
        durationMs: 600_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets,
      },
    ],
  };
}

/** Widgets that need no file and no internet, in turn: text, QR code, clock, countdown, button. */
function smallWidget(i: number, box: [number, number, number, number]): Widget {
  const id = `w${i}`;
  switch (i % 5) {
    case 0:
      return widget(id, 'text', box, i, {
        html: `<p>Item ${i}</p>`,
        font: font(16),
        align: 'center',
        verticalAlign: 'middle',
        marquee: null,
      });
    case 1:
      return widget(id, 'qrcode', box, i, {
        text: `https://example.com/item/${i}`,
        foreground: '#000000',
        background: '#ffffff',
        margin: 1,
      });
    case 2:
      return widget(id, 'clock', box, i, {
        format: 'HH:mm:ss',
        timeZone: null,
        font: font(14),
        align: 'center',
      });
    case 3:
      return widget(id, 'countdown', box, i, {
        target: '2027-06-01T00:00:00Z',
        format: 'D [d] HH:mm:ss',
        doneText: 'Done',
        font: font(12),
      });
    default:
      return widget(id, 'button', box, i, {
        label: `Go ${i}`,
        action: 'next',
        font: font(14),
        background: '#2f54eb',
        radius: 6,
      });
  }
}

/** 500 widgets in a grid of 25 × 20 cells over the 1920 × 1080 canvas. */
const gridWidgets = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    smallWidget(i, [8 + (i % 25) * 76, 3 + Math.floor(i / 25) * 54, 70, 48]),
  );

/** The baseline's one widget, in the middle of the canvas. */
const oneWidget = () => [
  widget('w0', 'text', [860, 480, 200, 120], 0, {
    html: '<p>Only one</p>',
    font: font(32),
    align: 'center',
    verticalAlign: 'middle',
    marquee: null,
  }),
];

/** Every widget type once (and an image background), for the preview comparison. */
function everyTypeWidgets(ids: { image: number; video: number; audio: number }): Widget[] {
  let z = 0;
  const w = (type: string, box: [number, number, number, number], props: Props) =>
    widget(`${type}${z}`, type, box, z++, props);
  return [
    w('text', [60, 60, 860, 160], {
      html: '<p>Preview <b>equals</b> <i>terminal</i></p>',
      font: font(64),
      align: 'left',
      verticalAlign: 'middle',
      marquee: null,
    }),
    w('image', [980, 60, 480, 270], {
      items: [{ materialId: ids.image, durationMs: 600_000, transition: { name: 'none', durationMs: 0 } }],
      fit: 'cover',
    }),
    w('video', [1500, 60, 380, 214], {
      items: [{ materialId: ids.video }],
      muted: true,
      loop: true,
      fit: 'cover',
    }),
    w('audio', [60, 250, 240, 80], { items: [{ materialId: ids.audio }], loop: true, volume: 0 }),
    w('web', [1500, 320, 380, 240], { url: 'http://127.0.0.1:9/page', refreshSeconds: 0 }),
    w('clock', [60, 360, 500, 120], { format: 'HH:mm:ss', timeZone: null, font: font(72), align: 'left' }),
    w('weather', [600, 360, 420, 120], {
      city: 'Berlin',
      units: 'metric',
      font: font(48),
      refreshMinutes: 60,
    }),
    w('qrcode', [1100, 360, 240, 240], {
      text: 'https://example.com/preview-equals-terminal',
      foreground: '#000000',
      background: '#ffffff',
      margin: 2,
    }),
    w('countdown', [60, 520, 800, 120], {
      target: '2027-06-01T00:00:00Z',
      format: 'D [days] HH:mm:ss',
      doneText: 'Done',
      font: font(56, '#ffd666'),
    }),
    w('button', [900, 680, 320, 110], {
      label: 'Next scene',
      action: 'next',
      font: font(40),
      background: '#2f54eb',
      radius: 16,
    }),
    w('live', [1380, 640, 480, 270], { url: 'http://127.0.0.1:9/live.m3u8', muted: true }),
    w('text', [60, 820, 1200, 200], {
      html: '<p>Second line of text, centred, on its own background</p>',
      font: { ...font(40, '#000000'), bold: true },
      background: '#ffffffcc',
      align: 'center',
      verticalAlign: 'middle',
      marquee: null,
    }),
  ];
}

/** Widget types whose pixels may differ between two renderings (moving frames, time, outside pages). */
const MASKED_TYPES = new Set(['video', 'clock', 'countdown', 'live', 'web']);

// ---------------------------------------------------------------------------------------------------------
// Statistics

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}
const round = (x: number, digits = 1) => +x.toFixed(digits);

// ---------------------------------------------------------------------------------------------------------
// Processes

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url}: no answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fails after `ms` with `what` named, unless `promise` settles first. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Media made by ffmpeg: a test-pattern PNG, an H.264 MP4 and an AAC audio file. */
function makeMedia(dir: string) {
  const ffmpeg = (args: string[], file: string) => {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, path.join(dir, file)]);
    return readFileSync(path.join(dir, file));
  };
  return {
    png: ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1'], 'pattern.png'),
    mp4: ffmpeg(
      [
        ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=640x360:rate=25'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ],
      'clip.mp4',
    ),
    m4a: ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac'], 'tone.m4a'),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Browser helpers

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * A browser context of the given window size, US English, reduced motion. tsx (esbuild, keeping names) wraps
 * named functions inside the functions this script evaluates in pages with `__name(...)`: the pages get it.
 */
async function newContext(browser: Browser, viewport: { width: number; height: number }) {
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
  const w = window as unknown as {
    __moves: { start: number; handled: number; frameStart: number; frameEnd: number }[] | null;
  };
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
async function consoleContext(
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
function watchEditorReady(page: Page, count: number) {
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
async function openEditor(context: BrowserContext, baseUrl: string, id: number, count: number) {
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
const startFrames = (page: Page) =>
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
const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });

const widgetBox = async (page: Page, id: string) => {
  const box = await page.locator(`[data-testid=editor-stage] [data-widget-id="${id}"]`).boundingBox();
  if (!box) throw new Error(`widget ${id} is not on the canvas`);
  return box;
};
const widgetLeft = (page: Page, id: string) =>
  page
    .locator(`[data-testid=editor-stage] [data-widget-id="${id}"]`)
    .evaluate((el) => parseFloat((el as HTMLElement).style.left));

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
    const w = window as unknown as {
      __moves: { start: number; handled: number; frameStart: number; frameEnd: number }[] | null;
    };
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

// ---------------------------------------------------------------------------------------------------------
// Profiles

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function (name, file) of a CPU profile, the `top` largest, in ms. */
function profileSummary(profile: CpuProfile, top = 15) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const [i, id] of profile.samples.entries()) {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url ? path.basename(new URL(frame.url, 'http://x/').pathname) : '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    totalMs: round(total),
    top: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: round(ms) })),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Self time by event name on the renderer's main thread of a Chrome trace (ms), the `top` largest. */
function traceSummary(buffer: Buffer, top = 12) {
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // A navigation may change renderer process: the busiest renderer main thread is the page's.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t: TraceEvent) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return [];
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; name: string; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const done = stack.pop()!;
      const dur = done.end - done.child;
      self.set(done.name, (self.get(done.name) ?? 0) + dur);
    }
  };
  for (const e of spans) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += e.dur!;
    // `child` starts at the span's start: the span's self time is end - (start + children).
    stack.push({ end: e.ts + e.dur!, name: e.name, child: e.ts });
  }
  close(Infinity);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: round(us / 1000) }));
}

/** Runs `work` under the CPU profiler and a Chrome trace of `page`; answers both summaries. */
async function profiled(
  browser: Browser,
  page: Page,
  outDir: string,
  label: string,
  work: () => Promise<void>,
) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
  });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const trace = await browser.stopTracing();
  await cdp.detach();
  writeFileSync(path.join(outDir, `${label}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(path.join(outDir, `${label}.trace.json`), trace);
  return { cpu: profileSummary(profile), trace: traceSummary(trace) };
}

// ---------------------------------------------------------------------------------------------------------
// Pixel comparison (decoded by the browser: no image library)

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Comparison {
  width: number;
  height: number;
  differing: number;
  differingOutsideMasks: number;
  pixelsOutsideMasks: number;
  /** Differing pixels inside each widget's box, by widget id. */
  perWidget: Record<string, number>;
  diffPng: string;
}

async function comparePngs(page: Page, a: Buffer, b: Buffer, masks: Rect[], boxes: Record<string, Rect>) {
  return page.evaluate(
    async ({ a, b, masks, boxes }) => {
      const decode = async (b64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [one, two] = await Promise.all([decode(a), decode(b)]);
      if (one.width !== two.width || one.height !== two.height)
        throw new Error(`sizes differ: ${one.width}×${one.height} and ${two.width}×${two.height}`);
      const { width, height } = one;
      const masked = new Uint8Array(width * height);
      for (const r of masks)
        for (let y = Math.max(0, r.y); y < Math.min(height, r.y + r.h); y++)
          for (let x = Math.max(0, r.x); x < Math.min(width, r.x + r.w); x++) masked[y * width + x] = 1;
      const diff = new ImageData(width, height);
      let differing = 0;
      let differingOutsideMasks = 0;
      let pixelsOutsideMasks = 0;
      const perWidget: Record<string, number> = Object.fromEntries(Object.keys(boxes).map((id) => [id, 0]));
      const boxList = Object.entries(boxes);
      for (let p = 0; p < width * height; p++) {
        const i = p * 4;
        const same =
          one.data[i] === two.data[i] &&
          one.data[i + 1] === two.data[i + 1] &&
          one.data[i + 2] === two.data[i + 2];
        if (!masked[p]) pixelsOutsideMasks++;
        // Differences in red (outside the masks) or orange (inside), the rest greyed out.
        const grey = (one.data[i]! + one.data[i + 1]! + one.data[i + 2]!) / 12;
        diff.data.set(same ? [grey, grey, grey, 255] : masked[p] ? [255, 160, 0, 255] : [255, 0, 0, 255], i);
        if (same) continue;
        differing++;
        if (!masked[p]) differingOutsideMasks++;
        const x = p % width;
        const y = (p - x) / width;
        for (const [id, r] of boxList)
          if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) perWidget[id]!++;
      }
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.putImageData(diff, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return {
        width,
        height,
        differing,
        differingOutsideMasks,
        pixelsOutsideMasks,
        perWidget,
        diffPng: btoa(binary),
      };
    },
    { a: a.toString('base64'), b: b.toString('base64'), masks, boxes },
  ) as Promise<Comparison>;
}

/**
 * Waits (at most 30 s, then goes on with a warning) until every image under `root` has loaded and every video
 * widget can show a frame (the live widget's stream cannot load here).
 */
const mediaSettled = (page: Page, root: string) =>
  page
    .waitForFunction(
      (sel) => {
        const scope = document.querySelector(sel);
        if (!scope) return false;
        const images = [...scope.querySelectorAll('img')];
        const videos = [...scope.querySelectorAll<HTMLVideoElement>('.apm-widget-video video')];
        return (
          images.every((i) => i.complete && i.naturalWidth > 0) && videos.every((v) => v.readyState >= 2)
        );
      },
      root,
      { timeout: 30_000 },
    )
    .catch(() => console.error(`${root}: media not all loaded after 30 s`));

// ---------------------------------------------------------------------------------------------------------
// The run

const loadBefore = loadavg().map((x) => round(x));
const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-bench-editor-'));
const outDir = process.env.OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'apm-bench-editor-out-'));
mkdirSync(outDir, { recursive: true });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [SERVER], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APM_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APM_ADMIN_USER: ADMIN.user,
    APM_ADMIN_PASSWORD: ADMIN.password,
    // No internet here: the weather widget's look-ups fail at once instead of waiting for a time-out.
    APM_WEATHER_GEOCODING_URL: 'http://127.0.0.1:9/geocoding',
    APM_WEATHER_FORECAST_URL: 'http://127.0.0.1:9/forecast',
  },
  stdio: 'ignore',
});
let browser: Browser | undefined;
const cleanup = async () => {
  await within(15_000, 'closing Chromium', browser?.close() ?? Promise.resolve()).catch(() => undefined);
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await within(15_000, 'stopping the server', new Promise((r) => server.once('exit', r))).catch(() =>
      server.kill('SIGKILL'),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  console.error(`bench:editor: not done in ${DEADLINE_MS / 60_000} min, stopping`);
  void cleanup().finally(() => process.exit(2));
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));

const report: Record<string, unknown> = {};
try {
  await waitFor(`${baseUrl}/apm-web/f/common/isSysInit`, server);
  browser = await launchChromium();
  const cookie = await apiSignIn(baseUrl, ADMIN.user, ADMIN.password);
  const api = <T>(url: string, body?: unknown) => apiCall<T>(baseUrl, cookie, url, body);
  const save = async (name: string, widgets: Widget[], background: number | null = null) =>
    (
      await api<{ id: number }>('/a/api/program/save', {
        document: programDocument(name, widgets, background),
      })
    ).id;
  const emptyId = await save('Bench empty', []);
  const oneId = await save('Bench one widget', oneWidget());
  const bigId = await save('Bench 500 widgets', gridWidgets(500));

  if (PARTS.includes('open')) {
    // Alternately the empty program and the 500-widget one, a warm-up of each first (compiles, caches).
    const context = await consoleContext(browser, baseUrl, EDITOR_VIEWPORT);
    const times = { empty: [] as number[], big: [] as number[] };
    for (let i = 0; i <= OPEN_RUNS; i++) {
      for (const [key, id, count] of [
        ['empty', emptyId, 0],
        ['big', bigId, 500],
      ] as const) {
        const { page, readyMs } = await openEditor(context, baseUrl, id, count);
        await page.close();
        if (i > 0) times[key].push(readyMs);
        console.error(`open ${key} #${i}${i === 0 ? ' (warm-up)' : ''}: ${round(readyMs)} ms`);
      }
    }
    report.open = {
      emptyMs: times.empty.map((x) => round(x)),
      bigMs: times.big.map((x) => round(x)),
      emptyMedianMs: round(median(times.empty)),
      bigMedianMs: round(median(times.big)),
      ratio: round(median(times.big) / median(times.empty), 2),
    };
    if (PROFILE) {
      const page = await context.newPage();
      await watchEditorReady(page, 500);
      report.openProfile = await profiled(browser, page, outDir, 'open-500', async () => {
        await page.goto(`${baseUrl}/programEditor?id=${bigId}`);
        await page.waitForFunction(
          () => (window as { __editorReadyAt?: number }).__editorReadyAt !== undefined,
        );
      });
      await page.close();
    }
    await context.close();
  }

  if (PARTS.includes('drag')) {
    const context = await consoleContext(browser, baseUrl, EDITOR_VIEWPORT);
    const cases: DragCase[] = [];
    // Baseline: one widget on an otherwise empty canvas.
    {
      const { page } = await openEditor(context, baseUrl, oneId, 1);
      await page.locator('[data-testid=editor-layer][data-layer-id="w0"]').click();
      cases.push(await dragCase(page, 'baseline: 1 widget on an empty canvas', 'w0'));
      await page.close();
    }
    // One widget of the 500, in the middle of the canvas.
    const { page } = await openEditor(context, baseUrl, bigId, 500);
    await page.locator('[data-testid=editor-layer][data-layer-id="w262"]').click();
    cases.push(await dragCase(page, '1 widget of 500', 'w262'));
    // 50 widgets of the 500 (two rows of the grid), chosen in the layers list, dragged by one that the
    // single drags did not move (w262 may end up a few px off, snapped, after them).
    const group = Array.from({ length: 50 }, (_, i) => `w${250 + i}`);
    const selection = await selectThroughLayers(page, group);
    console.error(`selected 50 widgets through the layers list: ${JSON.stringify(selection)}`);
    await page.screenshot({ path: path.join(outDir, 'fifty-selected.png') });
    cases.push(await dragCase(page, '50 selected of 500', 'w287'));
    if (PROFILE) {
      report.dragProfile = await profiled(browser, page, outDir, 'drag-50-of-500', async () => {
        await drag(page, 'w287', 60, 1);
      });
    }
    await page.close();
    await context.close();
    const base = cases[0]!;
    report.drag = {
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
    };
  }

  if (PARTS.includes('preview')) {
    const media = makeMedia(outDir);
    const uploads = {
      image: await uploadMaterial(baseUrl, cookie, 'bench pattern.png', media.png, null),
      video: await uploadMaterial(baseUrl, cookie, 'bench clip.mp4', media.mp4, null, 'video/mp4'),
      audio: await uploadMaterial(baseUrl, cookie, 'bench tone.m4a', media.m4a, null, 'audio/mp4'),
    };
    for (const material of Object.values(uploads)) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { processState } = await api<{ processState: string }>(
          `/a/api/material/detail?id=${material.id}`,
        );
        if (processState === 'done') break;
        if (processState === 'failed' || Date.now() > deadline)
          throw new Error(`material ${material.name}: processing ${processState}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const widgets = everyTypeWidgets({
      image: uploads.image.id,
      video: uploads.video.id,
      audio: uploads.audio.id,
    });
    const programId = await save('Bench every widget', widgets, uploads.image.id);
    // Both renderings see the same fixed time: clocks and countdowns show the same.
    const fixedAt = Math.floor(Date.now() / 1000) * 1000;

    // (a) The editor's preview modal, with the window sized so that the preview box is SHOT.
    const editorViewport = {
      width: Math.round((SHOT.width + 48) / 0.8),
      height: Math.ceil(SHOT.height / 0.65),
    };
    const consoleCtx = await consoleContext(browser, baseUrl, editorViewport);
    await consoleCtx.clock.setFixedTime(fixedAt);
    const { page: editor } = await openEditor(consoleCtx, baseUrl, programId, widgets.length);
    const previewBox = editor.getByTestId('program-preview');
    let box = { width: 0, height: 0, x: 0, y: 0 };
    for (let attempt = 0; attempt < 3; attempt++) {
      await editor.getByTestId('editor-preview').click();
      await previewBox.locator('.apm-widget-text').first().waitFor();
      box = (await previewBox.boundingBox())!;
      if (box.width === SHOT.width && box.height === SHOT.height) break;
      await editor.keyboard.press('Escape');
      await previewBox.waitFor({ state: 'detached' });
      editorViewport.width += Math.round((SHOT.width - box.width) / 0.8);
      editorViewport.height += Math.round((SHOT.height - box.height) / 0.65);
      await editor.setViewportSize(editorViewport);
    }
    console.error(
      `preview box ${box.width}×${box.height} at ${box.x},${box.y} in a ${editorViewport.width}×${editorViewport.height} window`,
    );
    const shot = { width: Math.round(box.width), height: Math.round(box.height) };

    // (b) A web player of the same size, paired, the program published to it.
    const playerCtx = await newContext(browser, shot);
    await playerCtx.clock.setFixedTime(fixedAt);
    const player = await playerCtx.newPage();
    player.setDefaultTimeout(60_000);
    await player.goto(`${baseUrl}/player/`);
    const code = (await player.getByTestId('pairing-code').textContent())!.trim();
    await player.waitForSelector('[data-testid=player-connection][data-state=open]', { state: 'attached' });
    const { office } = await api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const claimed = await api<{ terminalIds: number[] }>('/a/api/terminal/updateTerminalOffice', {
      pairingCode: code,
      officeId: office.id,
      name: 'Bench player',
    });
    await api('/a/api/publishProgram/saveTerminals', { programId, terminalIds: claimed.terminalIds });
    await player.locator('[data-testid=player-screen][data-view=playing] .apm-widget-text').first().waitFor();
    await player.addStyleTag({ content: '#status-dot{display:none!important}' });

    await mediaSettled(editor, '[data-testid=program-preview]');
    await mediaSettled(player, '[data-testid=player-stage]');
    // Fonts, the QR codes and the failed look-ups (weather, web, live) settle.
    await Promise.all([editor.waitForTimeout(3000), player.waitForTimeout(0)]);
    await editor.mouse.move(0, 0);
    const [previewPng, playerPng] = await Promise.all([
      previewBox.screenshot({ animations: 'disabled', caret: 'hide' }),
      player.screenshot({ animations: 'disabled', caret: 'hide' }),
    ]);
    writeFileSync(path.join(outDir, 'preview.png'), previewPng);
    writeFileSync(path.join(outDir, 'player.png'), playerPng);

    const s = shot.width / CANVAS.w;
    const boxOf = (w: Widget): Rect => ({
      x: Math.floor(w.x * s) - 2,
      y: Math.floor(w.y * s) - 2,
      w: Math.ceil(w.w * s) + 4,
      h: Math.ceil(w.h * s) + 4,
    });
    const masks = widgets.filter((w) => MASKED_TYPES.has(w.type)).map(boxOf);
    const boxes = Object.fromEntries(widgets.map((w) => [`${w.id} (${w.type})`, boxOf(w)]));
    // What the host page lets through: inherited styles of each widget that differ between the two pages.
    const styles = (page: Page, root: string) =>
      page.evaluate((sel) => {
        const inherited = [
          'lineHeight',
          'fontFamily',
          'letterSpacing',
          'wordSpacing',
          'textRendering',
        ] as const;
        const out: Record<string, Record<string, string>> = {};
        for (const el of document.querySelectorAll<HTMLElement>(`${sel} [data-widget-id]`)) {
          const style = getComputedStyle(el);
          out[el.dataset.widgetId!] = Object.fromEntries(inherited.map((k) => [k, style[k]]));
        }
        return out;
      }, root);
    const [previewStyles, playerStyles] = await Promise.all([
      styles(editor, '[data-testid=program-preview]'),
      styles(player, '[data-testid=player-stage]'),
    ]);
    const styleDifferences = Object.entries(previewStyles).flatMap(([id, css]) =>
      Object.entries(css)
        .filter(([k, v]) => playerStyles[id]?.[k] !== v)
        .map(([k, v]) => ({
          widget: id,
          property: k,
          preview: v.slice(0, 40),
          player: (playerStyles[id]?.[k] ?? '—').slice(0, 40),
        })),
    );
    const comparer = await playerCtx.newPage();
    const result = await comparePngs(comparer, previewPng, playerPng, masks, boxes);
    writeFileSync(path.join(outDir, 'diff.png'), Buffer.from(result.diffPng, 'base64'));
    const total = result.width * result.height;
    report.preview = {
      size: `${result.width}×${result.height}`,
      differingPixels: result.differing,
      differingShare: `${round((100 * result.differing) / total, 3)} %`,
      differingOutsideMasks: result.differingOutsideMasks,
      differingShareOutsideMasks: `${round((100 * result.differingOutsideMasks) / result.pixelsOutsideMasks, 3)} %`,
      masked: [...MASKED_TYPES].join(', '),
      perWidget: result.perWidget,
      styleDifferences,
      images: outDir,
    };
    await Promise.all([consoleCtx.close(), playerCtx.close()]);
  }

  // The table, then everything as JSON.
  const drags = report.drag as { cases: Record<string, unknown>[] } | undefined;
  if (drags) console.table(drags.cases);
  if (report.open) console.table([report.open]);
  if (report.preview) {
    const { perWidget, styleDifferences, ...rest } = report.preview as {
      perWidget: Record<string, number>;
      styleDifferences: unknown[];
    };
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
