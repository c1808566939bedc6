import type { Canvas, Scene } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, scene, widget } from './browser/program.js';

// The editor's still canvas in real Chromium: same widget mounts as playback, updated in place.
declare const apm: Apm & {
  mountCanvas(scene: Scene, canvas: Canvas): void;
  updateCanvas(scene: Scene): void;
  scene: Scene;
};
const b = useBrowser();
const canvas: Canvas = { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 };
const text = (html: string) => ({
  html,
  font,
  align: 'left' as const,
  verticalAlign: 'top' as const,
  marquee: null,
});

/** Marks every widget element so a later check can tell kept elements from mounted-again ones. */
const mark = () =>
  b.page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.apm-scene-canvas [data-widget-id]').forEach((el) => {
      el.dataset.mark = 'old';
    }),
  );
const widgetsInOrder = () =>
  b.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.apm-scene-canvas [data-widget-id]')].map(
      (el) => `${el.dataset.widgetId}:${el.dataset.mark ?? 'new'}`,
    ),
  );

describe('scene canvas (editor)', () => {
  it('draws widgets at canvas size in z-order, leaves hidden ones out, and updates only what changed', async () => {
    const a = widget('a', 'text', text('alpha'), { x: 10, y: 20, w: 300, h: 100, z: 2 });
    const bb = widget('b', 'text', text('beta'), { x: 400, y: 20, w: 300, h: 100, z: 1 });
    const ghost = { ...widget('g', 'text', text('ghost'), { z: 3 }), hidden: true };
    const first = scene('s', [a, bb, ghost], {
      background: { color: '#112233', materialId: null, fit: 'cover' },
    });
    await b.page.evaluate(([s, c]) => apm.mountCanvas(s, c), [first, canvas] as const);

    const sceneBox = await b.page.locator('.apm-scene-canvas').boundingBox();
    expect(sceneBox).toMatchObject({ width: 1920, height: 1080 });
    expect(await b.page.locator('[data-widget-id=a]').boundingBox()).toMatchObject({
      x: sceneBox!.x + 10,
      y: sceneBox!.y + 20,
      width: 300,
      height: 100,
    });
    expect(await widgetsInOrder()).toEqual(['b:new', 'a:new']);
    expect(await b.page.locator('[data-widget-id=a]').innerText()).toBe('alpha');
    await mark();

    // Moved and raised: the same element, placed again and reordered; b untouched.
    await b.page.evaluate(() => {
      const [a0, b0, g0] = apm.scene.widgets;
      apm.updateCanvas({ ...apm.scene, widgets: [{ ...a0!, x: 50, z: 0 }, b0!, g0!] });
    });
    expect(await widgetsInOrder()).toEqual(['a:old', 'b:old']);
    expect((await b.page.locator('[data-widget-id=a]').boundingBox())!.x).toBe(sceneBox!.x + 50);

    // New text: mounted again; shown ghost appears; removed b goes.
    await b.page.evaluate(() => {
      const [a0, , g0] = apm.scene.widgets as [Scene['widgets'][number], unknown, Scene['widgets'][number]];
      const props = { ...(a0.props as object), html: 'changed' };
      apm.updateCanvas({ ...apm.scene, widgets: [{ ...a0, props } as typeof a0, { ...g0, hidden: false }] });
    });
    expect(await widgetsInOrder()).toEqual(['a:new', 'g:new']);
    expect(await b.page.locator('[data-widget-id=a]').innerText()).toBe('changed');

    // Another background colour repaints the scene.
    await b.page.evaluate(() =>
      apm.updateCanvas({
        ...apm.scene,
        background: { color: '#ff0000', materialId: null, fit: 'cover' },
        widgets: [apm.scene.widgets[0]!],
      }),
    );
    expect(
      await b.page.locator('.apm-scene-canvas').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(255, 0, 0)');
    expect(await widgetsInOrder()).toEqual(['a:new']);
  });
  it('draws the same text whatever the host page styles (line height, font), like the player', async () => {
    const program = {
      formatVersion: 2 as const,
      name: 'T',
      canvas,
      scenes: [scene('s', [widget('t', 'text', { ...text('abc'), font: { ...font, family: '' } })])],
    };
    const styleOf = () =>
      b.page.evaluate(() => {
        const el = document.querySelector<HTMLElement>('[data-widget-id=t]')!;
        const cs = getComputedStyle(el);
        return { lineHeight: cs.lineHeight, fontFamily: cs.fontFamily, height: el.scrollHeight };
      });
    await b.mount(program);
    const plain = await styleOf();
    // A console around the renderer (antd sets these on its body): the widget does not inherit them.
    await b.page.evaluate(() => {
      document.body.style.lineHeight = '1.5714';
      document.body.style.fontFamily = 'serif';
      document.body.style.fontSize = '14px';
    });
    await b.mount(program);
    expect(await styleOf()).toEqual(plain);
    await b.page.evaluate(([sc, c]) => apm.mountCanvas(sc, c), [program.scenes[0]!, canvas] as const);
    expect(await styleOf()).toEqual(plain);
  });
});
