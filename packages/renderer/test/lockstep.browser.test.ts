import { describe, expect, it } from 'vitest';
import type { ProgramDocument } from '@apm/contract';
import type { LockstepFrame, PreviewState, WallTile } from '../src/index.js';
import { useBrowser } from './browser/session.js';
import { program, scene, widget } from './browser/program.js';

// Real Chromium plays programs on a loop clock the test sets: scenes follow it, videos keep to it.
const b = useBrowser();
type Lockstep = {
  frames: LockstepFrame[];
  mount(p: ProgramDocument, atMs: number, rate?: number, tile?: WallTile): PreviewState;
};
const mount = (p: ProgramDocument, atMs: number, rate = 1, tile?: WallTile) =>
  b.page.evaluate(
    ([doc, at, r, t]) => (window as unknown as { lockstep: Lockstep }).lockstep.mount(doc, at, r, t),
    [p, atMs, rate, tile] as const,
  );
const frames = () =>
  b.page.evaluate(() => (window as unknown as { lockstep: Lockstep }).lockstep.frames.slice());
const shown = () => b.page.evaluate(() => (window as unknown as { apm: { shown: string[] } }).apm.shown);
const play = () =>
  b.page.evaluate(() => (window as unknown as { apm: { renderer: { play(): void } } }).apm.renderer.play());

const video = (loop = true) =>
  widget('v', 'video', { items: [{ materialId: 4 }], muted: true, loop, fit: 'fill' }, { w: 640, h: 360 });

describe('lockstep', () => {
  it('shows the scene the clock is in, moves on when it does, and ignores navigation', async () => {
    await mount(program(scene('a'), scene('b'), scene('c')), 1_500);
    await play();
    expect(await shown()).toEqual(['a', 'b']);
    await b.page.waitForFunction(
      () => (window as unknown as { apm: { shown: string[] } }).apm.shown.length >= 3,
    );
    expect(await shown()).toEqual(['a', 'b', 'c']);
    await b.page.keyboard.press('ArrowRight');
    await b.page.evaluate(() =>
      (window as unknown as { apm: { renderer: { next(): void } } }).apm.renderer.next(),
    );
    expect(await shown()).toEqual(['a', 'b', 'c']);
  });

  it("shows a wall screen's tile of the canvas, filling the screen", async () => {
    const qr = (id: string, x: number, y: number) =>
      widget(
        id,
        'qrcode',
        { text: id, foreground: '#000000', background: '#ffffff', margin: 1 },
        { x, y, w: 200, h: 200 },
      );
    // Two 1920×1080 screens side by side: this one is the right one, in a 960×540 container (scale 0.5).
    const wide: ProgramDocument = {
      ...program(scene('a', [qr('left', 100, 0), qr('right', 2000, 100)])),
      canvas: { w: 3840, h: 1080, realWidth: 3840, realHeight: 1080 },
    };
    await mount(wide, 0, 1, { columns: 2, rows: 1, column: 1, row: 0 });
    expect(await b.page.locator('[data-widget-id=right]').boundingBox()).toEqual({
      x: 40,
      y: 50,
      width: 100,
      height: 100,
    });
    const left = await b.page.locator('[data-widget-id=left]').boundingBox();
    expect(left!.x + left!.width).toBeLessThanOrEqual(0);
    // The same program on the left screen shows the other half.
    await mount(wide, 0, 1, { columns: 2, rows: 1, column: 0, row: 0 });
    expect(await b.page.locator('[data-widget-id=left]').boundingBox()).toEqual({
      x: 50,
      y: 0,
      width: 100,
      height: 100,
    });
  });

  it('starts a video where the loop is, and keeps it there by rate against a clock running 1 % fast', async () => {
    // Joins 2.25 s into a 4 s scene of a 1 s looping clip: it must seek to 0.25 s, not start at 0.
    await mount(program(scene('a', [video()], { durationMs: 4000 })), 2_250, 1.01);
    await play();
    await b.page.waitForFunction(
      () => (window as unknown as { lockstep: Lockstep }).lockstep.frames.length >= 40,
      undefined,
      { timeout: 15_000 },
    );
    const all = await frames();
    // The first frame shown was off (the file started at 0); the lock seeked to the loop at once.
    expect(Math.abs(all[0]!.errorMs)).toBeGreaterThan(100);
    expect(all.slice(3).every((f) => Math.abs(f.errorMs) < 100)).toBe(true);
    const settled = all.slice(-15);
    // Proportional control leaves 10–15 ms against a clock 1 % fast on an idle machine (a real clock is off by
    // parts per million). Under CI load frames are drawn and read late: medians of 26.5 ms, single frames of 29 ms.
    // The bound holds the median; every frame after the seek is held under 100 ms above.
    const offsets = settled.map((f) => Math.abs(f.errorMs)).sort((x, y) => x - y);
    expect(offsets[Math.floor(offsets.length / 2)]).toBeLessThan(40);
    expect(Math.max(...all.map((f) => f.rate))).toBeGreaterThan(1);
  });
});
