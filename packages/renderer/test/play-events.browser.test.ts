import { describe, expect, it } from 'vitest';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, program, scene, widget } from './browser/program.js';

// Proof of play below the scene: materials of image and video widgets, widget types, button presses.
declare const apm: Apm;
const b = useBrowser();
const { mount } = b;
const long = { durationMs: 60_000 };
const none = { name: 'none' as const, durationMs: 0 };
const play = () => b.page.evaluate(() => apm.renderer.play());
const eventsOf = (kind: string) => b.page.evaluate((k) => apm.events.filter((e) => e.kind === k), kind);

describe('material, widget and click events', () => {
  it('reports each image item for the time it was shown while playing', async () => {
    const items = [
      { materialId: 1, durationMs: 600, transition: none },
      { materialId: 2, durationMs: 5000, transition: none },
    ];
    await mount(program(scene('a', [widget('i', 'image', { items, fit: 'contain' })], long)));
    // Mounted but stopped: nothing counts yet.
    await b.page.waitForTimeout(400);
    await play();
    await expect.poll(() => eventsOf('material'), { timeout: 4000 }).toHaveLength(1);
    const [first] = await eventsOf('material');
    expect(first).toMatchObject({ kind: 'material', materialId: 1, programId: 42 });
    expect(first!.durationMs).toBeGreaterThanOrEqual(550);
    expect(first!.durationMs).toBeLessThan(1500);
    await b.page.waitForTimeout(300);
    await b.page.evaluate(() => apm.renderer.stop());
    await b.page.waitForTimeout(700);
    await b.page.evaluate(() => apm.renderer.destroy());
    const shown = await eventsOf('material');
    expect(shown.map((e) => e.materialId)).toEqual([1, 2]);
    // The second item played about 300 ms, then stood stopped for 700 ms that do not count.
    expect(shown[1]!.durationMs).toBeGreaterThanOrEqual(250);
    expect(shown[1]!.durationMs).toBeLessThan(700);
  });

  it('reports the video items played and not one that failed', async () => {
    await mount(
      program(
        scene(
          'a',
          [
            widget('v', 'video', {
              items: [{ materialId: 404 }, { materialId: 3 }],
              muted: true,
              loop: false,
              fit: 'cover',
            }),
          ],
          long,
        ),
      ),
    );
    await play();
    const video = b.page.locator('[data-widget-id=v] video');
    await expect
      .poll(() => video.evaluate((e) => (e as HTMLVideoElement).currentSrc.replace(/^.*\/media\//, '')), {
        timeout: 5000,
      })
      .toBe('3');
    await b.page.waitForTimeout(300);
    await b.page.evaluate(() => apm.renderer.destroy());
    const shown = await eventsOf('material');
    expect(shown.map((e) => e.materialId)).toEqual([3]);
    expect(shown[0]!.durationMs).toBeGreaterThan(0);
  });

  it('reports each widget type once per showing of a scene, and button presses with the widget id', async () => {
    const text = { html: 'hi', font, align: 'left' as const, verticalAlign: 'top' as const, marquee: null };
    const button = {
      label: 'Next',
      action: 'next' as const,
      font,
      background: '#336699',
      radius: 4,
    };
    await mount(
      program(
        scene(
          'a',
          [
            widget('t1', 'text', text),
            widget('t2', 'text', text, { y: 300 }),
            widget('go', 'button', button, { x: 600, y: 600, w: 300, h: 100 }),
          ],
          long,
        ),
        scene('b', [widget('t3', 'text', text)], long),
      ),
    );
    await play();
    await b.page.waitForTimeout(300);
    await b.page.locator('[data-widget-id=go] button').click();
    await expect.poll(async () => (await b.state()).sceneId).toBe('b');
    await b.page.waitForTimeout(200);
    await b.page.evaluate(() => apm.renderer.destroy());
    const widgets = await eventsOf('widget');
    expect(widgets.map((e) => e.widgetType).sort()).toEqual(['button', 'text', 'text']);
    expect(widgets.every((e) => e.durationMs > 0 && e.programId === 42)).toBe(true);
    expect(await eventsOf('click')).toEqual([
      expect.objectContaining({
        kind: 'click',
        widgetType: 'button',
        widgetId: 'go',
        durationMs: 0,
        programId: 42,
      }),
    ]);
  });

  it('reports nothing below the scene for a program that never played', async () => {
    const items = [{ materialId: 1, durationMs: 5000, transition: none }];
    await mount(program(scene('a', [widget('i', 'image', { items, fit: 'contain' })], long)));
    await b.page.waitForTimeout(300);
    await b.page.evaluate(() => apm.renderer.destroy());
    expect(await b.page.evaluate(() => apm.events)).toEqual([]);
  });
});
