import { describe, expect, it } from 'vitest';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, program, scene, widget } from './browser/program.js';

// Real Chromium: the target screen in a preview, and a program used with the keyboard alone.
declare const apm: Apm;
const b = useBrowser();
const { mount, state } = b;

const btn = (id: string, action: 'exit' | 'previous' | 'next' | 'scene', x: number, targetSceneId?: string) =>
  widget(
    id,
    'button',
    { label: id, action, targetSceneId, font, background: '#3366ff', radius: 8 },
    { x, y: 0, w: 200, h: 100 },
  );
const play = () => b.page.evaluate(() => apm.renderer.play());
const sceneId = async () => (await state()).sceneId;

describe('target screen', () => {
  it('letterboxes a portrait screen in the preview, bars in the scene background', async () => {
    const doc = program(
      scene(
        'a',
        [widget('q', 'qrcode', { text: 'x', foreground: '#000000', background: '#ffffff', margin: 1 })],
        {
          background: { color: '#123456', materialId: null, fit: 'cover' },
        },
      ),
    );
    doc.canvas = { w: 1920, h: 1080, realWidth: 1080, realHeight: 1920 };
    const s = await mount(doc, { mode: 'preview' });
    // Host 960×540: the 1080×1920 screen is 303.75×540, centred; the canvas is contained in it.
    const u = 540 / 1920;
    expect(s.screen.realWidth).toBe(1080);
    expect(s.screen.realHeight).toBe(1920);
    expect(s.screen.scale).toBeCloseTo(u, 9);
    expect(s.scale).toBeCloseTo(0.5625 * u, 9);
    const screenBox = (await b.page.locator('.apm-screen').boundingBox())!;
    expect(screenBox.x).toBeCloseTo((960 - 1080 * u) / 2, 1);
    expect(screenBox.width).toBeCloseTo(1080 * u, 1);
    expect(screenBox.height).toBeCloseTo(540, 1);
    const widgetBox = (await b.page.locator('[data-widget-id=q]').boundingBox())!;
    expect(widgetBox.x).toBeCloseTo(screenBox.x, 1);
    expect(widgetBox.y).toBeCloseTo(((1920 - 607.5) / 2) * u, 1);
    expect(widgetBox.width).toBeCloseTo(400 * 0.5625 * u, 1);
    const colours = await b.page.evaluate(() => ({
      screen: getComputedStyle(document.querySelector('.apm-screen')!).backgroundColor,
      outside: getComputedStyle(document.querySelector('.apm-renderer')!).backgroundColor,
    }));
    expect(colours.screen).toBe('rgb(18, 52, 86)');
    expect(colours.outside).not.toBe(colours.screen);
  });

  it('fills the whole container in a player, which is the screen', async () => {
    const doc = program(scene('a'));
    doc.canvas = { w: 1920, h: 1080, realWidth: 1080, realHeight: 1920 };
    const s = await mount(doc);
    expect(s.screen).toMatchObject({ x: 0, y: 0, width: 960, height: 540 });
    expect(s.scale).toBe(0.5);
  });
});

describe('keyboard', () => {
  it('in a player, Enter touches an "until touched" scene and arrows or page keys move through scenes', async () => {
    await mount(
      program(
        scene('a', [], { untilTouched: true }),
        scene('b', [], { durationMs: 60_000 }),
        scene('c', [], { durationMs: 60_000 }),
      ),
    );
    await b.page.keyboard.press('Enter');
    expect(await sceneId()).toBe('a'); // not playing yet: no touch
    await play();
    await b.page.keyboard.press('Enter');
    expect(await sceneId()).toBe('b');
    await b.page.keyboard.press('Enter'); // a timed scene ignores touches
    expect(await sceneId()).toBe('b');
    await b.page.keyboard.press('ArrowRight');
    expect(await sceneId()).toBe('c');
    await b.page.keyboard.press('ArrowLeft');
    expect(await sceneId()).toBe('b');
    await b.page.keyboard.press('PageDown');
    expect(await sceneId()).toBe('c');
    await b.page.keyboard.press('PageUp');
    await b.page.keyboard.press('PageUp');
    expect(await sceneId()).toBe('a');
    await b.page.keyboard.press(' ');
    expect(await sceneId()).toBe('b');
    expect(await b.page.evaluate(() => apm.shown)).toEqual(['a', 'b', 'c', 'b', 'c', 'b', 'a', 'b']);
  });

  it('reaches buttons with Tab, shows a focus ring, and activates them with Enter and Space', async () => {
    await mount(
      program(
        scene('home', [btn('go', 'scene', 0, 'info'), btn('ex', 'exit', 400)], { untilTouched: true }),
        scene('info', [btn('back', 'previous', 0)], { main: false, durationMs: 60_000 }),
      ),
    );
    await play();
    await b.page.keyboard.press('Tab'); // the renderer itself
    await b.page.keyboard.press('Tab');
    const ring = await b.page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { label: el.textContent, visible: el.matches(':focus-visible'), outline: style.outlineStyle };
    });
    expect(ring).toEqual({ label: 'go', visible: true, outline: 'solid' });
    await b.page.keyboard.press('Enter');
    expect(await state()).toMatchObject({ sceneStack: ['home', 'info'], sceneId: 'info' });
    await b.page.getByRole('button', { name: 'back' }).focus();
    await b.page.keyboard.press(' ');
    expect(await state()).toMatchObject({ sceneStack: ['home'], sceneId: 'home' });
    await b.page.getByRole('button', { name: 'ex' }).focus();
    await b.page.keyboard.press('Enter');
    await b.page.keyboard.press(' ');
    expect(await b.page.evaluate(() => apm.exits)).toBe(2);
    // The button's key is not also a touch of the "until touched" scene.
    expect(await sceneId()).toBe('home');
  });

  it('in a preview, leaves the page keys alone unless the host opts in', async () => {
    const doc = program(scene('a', [], { untilTouched: true }), scene('b', [], { durationMs: 60_000 }));
    await mount(doc, { mode: 'preview' });
    await play();
    await b.page.keyboard.press('ArrowRight');
    await b.page.keyboard.press('Enter');
    expect(await sceneId()).toBe('a');
    // The focused preview still takes Enter as a touch.
    await b.page.locator('.apm-renderer').focus();
    await b.page.keyboard.press('Enter');
    expect(await sceneId()).toBe('b');

    await mount(doc, { mode: 'preview', keyboard: true });
    await play();
    await b.page.keyboard.press('ArrowRight');
    expect(await sceneId()).toBe('b');
    // Keys typed into a field elsewhere on the page are the field's.
    await b.page.evaluate(() => document.body.appendChild(document.createElement('input')));
    await b.page.locator('input').focus();
    await b.page.keyboard.press('ArrowLeft');
    await b.page.keyboard.press('Enter');
    expect(await sceneId()).toBe('b');
  });

  it('stops listening once destroyed', async () => {
    await mount(program(scene('a', [], { durationMs: 60_000 }), scene('b', [], { durationMs: 60_000 })));
    await b.page.evaluate(() => {
      const r = apm.renderer;
      r.destroy();
      (window as unknown as { gone: typeof r }).gone = r;
    });
    await b.page.keyboard.press('ArrowRight');
    expect(
      await b.page.evaluate(() => (window as unknown as { gone: Apm['renderer'] }).gone.getState().sceneId),
    ).toBe('a');
  });
});
