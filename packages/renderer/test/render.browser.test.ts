import { describe, expect, it } from 'vitest';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, program, scene, widget } from './browser/program.js';

// Real Chromium renders real programs: layout, scale, scene timing, transitions, buttons.
declare const apm: Apm;
const b = useBrowser();
const { mount, state } = b;
const box = (selector: string) => b.page.locator(selector).boundingBox();

describe('layout and scale', () => {
  it('fits the canvas into the container and places widgets at scale, rotated and in z-order', async () => {
    const s = await mount(
      program(
        scene('a', [
          widget(
            'top',
            'qrcode',
            { text: 'https://example.org', foreground: '#000000', background: '#ffffff', margin: 1 },
            { x: 100, y: 200, w: 400, h: 400, z: 5 },
          ),
          widget(
            'under',
            'text',
            { html: 'under', font, align: 'left', verticalAlign: 'top', marquee: null },
            { x: 100, y: 200, w: 400, h: 400, z: 1, rotation: 90 },
          ),
          {
            ...widget('ghost', 'text', {
              html: 'ghost',
              font,
              align: 'left',
              verticalAlign: 'top',
              marquee: null,
            }),
            hidden: true,
          },
          {
            ...widget(
              'faint',
              'text',
              { html: 'faint', font, align: 'left', verticalAlign: 'top', marquee: null },
              { y: 700, z: 3 },
            ),
            opacity: 0.5,
          },
        ]),
      ),
    );
    expect(s).toMatchObject({
      scale: 0.5,
      sceneStack: ['a'],
      activeMainSceneId: 'a',
      sceneId: 'a',
      slideIndex: 0,
      playing: false,
      mode: 'player',
    });
    expect(await box('[data-widget-id=top]')).toEqual({ x: 50, y: 100, width: 200, height: 200 });
    const order = await b.page.$$eval('.apm-widget', (els) =>
      els.map((e) => (e as HTMLElement).dataset.widgetId),
    );
    expect(order).toEqual(['under', 'faint', 'top']);
    expect(await b.page.locator('[data-widget-id=faint]').evaluate((e) => getComputedStyle(e).opacity)).toBe(
      '0.5',
    );
    expect(
      await b.page.locator('[data-widget-id=under]').evaluate((e) => getComputedStyle(e).transform),
    ).toMatch(/^matrix\(0, 1, -1, 0/);
    await b.page.locator('[data-widget-id=top] svg').waitFor();
  });

  it('follows a fixed scale, then the container again', async () => {
    await mount(
      program(
        scene('a', [
          widget(
            'q',
            'qrcode',
            { text: 'x', foreground: '#000', background: '#fff', margin: 0 },
            { w: 1920, h: 1080 },
          ),
        ]),
      ),
    );
    await b.page.evaluate(() => apm.renderer.setScale(0.25));
    expect((await state()).scale).toBe(0.25);
    expect(await box('[data-widget-id=q]')).toEqual({ x: 240, y: 135, width: 480, height: 270 });
    await b.page.evaluate(() => {
      apm.renderer.setScale(null);
      document.getElementById('host')!.style.width = '480px';
    });
    await expect.poll(async () => (await state()).scale).toBe(0.25);
    await b.page.evaluate(() => (document.getElementById('host')!.style.width = '1920px'));
    await expect.poll(async () => (await state()).scale).toBe(0.5);
  });

  it('stretches each axis with fill', async () => {
    const s = await mount(program(scene('a')), { fit: 'fill' });
    expect(s.scaleX).toBe(0.5);
    expect(s.scaleY).toBe(0.5);
    await b.page.evaluate(() => (document.getElementById('host')!.style.height = '1080px'));
    await expect.poll(async () => (await state()).scaleY).toBe(1);
    expect((await state()).scaleX).toBe(0.5);
  });
});

describe('scenes', () => {
  it("waits for play, then moves on by duration with the next scene's transition and reports proof of play", async () => {
    await mount(
      program(
        scene('a'),
        scene('b', [], { transition: { name: 'lightSpeed', direction: 'left', durationMs: 300 } }),
      ),
    );
    await b.page.waitForTimeout(1300);
    expect((await state()).sceneId).toBe('a');
    await b.page.evaluate(() => apm.renderer.play());
    await expect.poll(async () => (await state()).sceneId, { timeout: 3000 }).toBe('b');
    const animation = await b.page
      .locator('.apm-scene[data-scene-id=b]')
      .evaluate((e) => getComputedStyle(e).animationName);
    expect(animation).toBe('apm-in-lightSpeed-left');
    await expect.poll(() => b.page.locator('.apm-scene').count()).toBe(1);
    await expect.poll(async () => (await state()).sceneId, { timeout: 3000 }).toBe('a');
    const events = await b.page.evaluate(() => apm.events);
    const scenes = events.filter((e) => e.kind === 'scene');
    expect(scenes.map((e) => e.sceneId)).toEqual(['a', 'b']);
    expect(scenes[1]!.durationMs).toBeGreaterThanOrEqual(950);
    expect(scenes[1]!.durationMs).toBeLessThan(3000);
    expect(events.find((e) => e.kind === 'program')).toMatchObject({ programId: 42 });
    expect(await b.page.evaluate(() => apm.cycles)).toBe(1);
  });

  it('pauses on stop and resumes with the time that was left', async () => {
    await mount(program(scene('a', [], { durationMs: 1500 }), scene('b')));
    await b.page.evaluate(() => apm.renderer.play());
    await b.page.waitForTimeout(700);
    await b.page.evaluate(() => apm.renderer.stop());
    await b.page.waitForTimeout(1500);
    expect(await state()).toMatchObject({ sceneId: 'a', playing: false });
    await b.page.evaluate(() => apm.renderer.play());
    await b.page.waitForTimeout(400);
    expect((await state()).sceneId).toBe('a');
    await expect.poll(async () => (await state()).sceneId, { timeout: 2000 }).toBe('b');
    // Proof of play counts the 1.5 s the scene played, not the 1.5 s it stood stopped.
    const [shown] = await b.page.evaluate(() => apm.events);
    expect(shown).toMatchObject({ kind: 'scene', sceneId: 'a', programId: 42 });
    expect(shown!.durationMs).toBeGreaterThanOrEqual(1450);
    expect(shown!.durationMs).toBeLessThan(3000);
  });

  it('reports no play for a program that never played', async () => {
    await mount(program(scene('a'), scene('b')));
    await b.page.waitForTimeout(300);
    await b.page.evaluate(() => {
      apm.renderer.next();
      apm.renderer.destroy();
    });
    expect(await b.page.evaluate(() => apm.events)).toEqual([]);
  });

  it('stays on an "until touched" scene until the screen is touched', async () => {
    await mount(program(scene('a', [], { untilTouched: true }), scene('b', [], { durationMs: 60_000 })));
    await b.page.evaluate(() => apm.renderer.play());
    await b.page.waitForTimeout(1500);
    expect((await state()).sceneId).toBe('a');
    await b.page.mouse.click(300, 300);
    expect((await state()).sceneId).toBe('b');
    await b.page.mouse.click(300, 300);
    expect((await state()).sceneId).toBe('b');
  });

  it('stops after the last scene without loop and says the cycle ended', async () => {
    await mount(program(scene('a'), scene('b')), { loop: false });
    await b.page.evaluate(() => apm.renderer.play());
    await expect.poll(() => b.page.evaluate(() => apm.cycles), { timeout: 4000 }).toBe(1);
    expect(await state()).toMatchObject({ sceneId: 'b', playing: false });
    expect((await b.page.evaluate(() => apm.events)).filter((e) => e.kind === 'program')).toHaveLength(1);
  });

  it('moves through scenes with the buttons: jump, previous, next, exit', async () => {
    const btn = (
      id: string,
      action: 'exit' | 'previous' | 'next' | 'scene',
      x: number,
      targetSceneId?: string,
    ) =>
      widget(
        id,
        'button',
        { label: id, action, targetSceneId, font, background: '#3366ff', radius: 8 },
        { x, y: 0, w: 200, h: 100 },
      );
    await mount(
      program(
        scene('home', [btn('go', 'scene', 0, 'info'), btn('nx', 'next', 400), btn('ex', 'exit', 800)], {
          untilTouched: true,
        }),
        scene('info', [btn('back', 'previous', 0)], { main: false, durationMs: 60_000 }),
        scene('second', [btn('pv', 'previous', 0)], { durationMs: 60_000 }),
      ),
    );
    await b.page.evaluate(() => apm.renderer.play());
    await b.page.getByRole('button', { name: 'go' }).click();
    expect(await state()).toMatchObject({
      sceneStack: ['home', 'info'],
      activeMainSceneId: 'home',
      sceneId: 'info',
      slideIndex: 1,
    });
    await b.page.getByRole('button', { name: 'back' }).click();
    expect(await state()).toMatchObject({ sceneStack: ['home'], sceneId: 'home' });
    await b.page.getByRole('button', { name: 'ex' }).click();
    expect(await b.page.evaluate(() => apm.exits)).toBe(1);
    // A button press is not also a touch of an "until touched" scene.
    expect((await state()).sceneId).toBe('home');
    await b.page.getByRole('button', { name: 'nx' }).click();
    expect(await state()).toMatchObject({ sceneId: 'second', slideIndex: 2 });
    await b.page.getByRole('button', { name: 'pv' }).click();
    expect((await state()).sceneId).toBe('home');
    expect(await b.page.evaluate(() => apm.renderer.goToScene('missing'))).toBe(false);
    expect(await b.page.evaluate(() => apm.shown)).toEqual(['home', 'info', 'home', 'second', 'home']);
  });

  it('paints the scene background colour and image', async () => {
    await mount(program(scene('a', [], { background: { color: '#123456', materialId: 1, fit: 'contain' } })));
    const style = await b.page.locator('.apm-scene').evaluate((e) => {
      const s = getComputedStyle(e);
      return { color: s.backgroundColor, image: s.backgroundImage, size: s.backgroundSize };
    });
    expect(style).toEqual({
      color: 'rgb(18, 52, 86)',
      image: `url("${b.fixture.url}media/1")`,
      size: 'contain',
    });
  });

  it("fetches the next scene's first images while the current one shows", async () => {
    const images = (ids: number[]) =>
      widget('i', 'image', {
        items: ids.map((materialId) => ({
          materialId,
          durationMs: 5000,
          transition: { name: 'none' as const, durationMs: 0 },
        })),
        fit: 'cover',
      });
    const before = b.fixture.requests().length;
    await mount(
      program(
        scene('a'),
        scene('b', [{ ...images([2, 1]), id: 'j' }], {
          background: { color: '#000000', materialId: 1, fit: 'cover' },
        }),
      ),
    );
    await expect
      .poll(() =>
        b.fixture
          .requests()
          .slice(before)
          .filter((p) => p.startsWith('/media/')),
      )
      .toEqual(['/media/1', '/media/2']);
    expect((await state()).sceneId).toBe('a');
  });

  it('loads no web page or stream from a URL that is not http(s), even in an unvalidated document', async () => {
    const unsafe = 'javascript:parent.hacked=1';
    const doc = program(
      scene('a', [
        widget('w', 'web', { url: unsafe, refreshSeconds: 0 }),
        widget('l', 'live', { url: unsafe, muted: true }, { y: 300 }),
      ]),
    );
    await mount(doc);
    await b.page.evaluate(() => apm.renderer.play());
    await b.page.waitForTimeout(300);
    expect(await b.page.locator('iframe').count()).toBe(0);
    expect(await b.page.locator('[data-widget-id=l] video').getAttribute('src')).toBeNull();
    expect(await b.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });
});
