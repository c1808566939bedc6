import { describe, expect, it } from 'vitest';
import { formatClock } from '../src/clock-format.js';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, program, scene, widget } from './browser/program.js';

// Every widget type in real Chromium, with real media (ffmpeg-made), HLS and a real web page.
declare const apm: Apm;
const b = useBrowser();
const { mount } = b;
const text = (id: string) => b.page.locator(`[data-widget-id=${id}]`).innerText();
const play = () => b.page.evaluate(() => apm.renderer.play());
const long = { durationMs: 60_000 };

describe('text', () => {
  it('keeps formatting and drops scripts, handlers and javascript links', async () => {
    const html =
      '<b>Bold</b> <i>it</i><img src="/media/1" onerror="window.hacked=1"><script>window.hacked=2</script>' +
      '<a href="javascript:window.hacked=3">link</a><iframe src="/page.html"></iframe>';
    await mount(
      program(
        scene('a', [
          widget('t', 'text', {
            html,
            font: { ...font, bold: true },
            align: 'center',
            verticalAlign: 'middle',
            marquee: null,
          }),
        ]),
      ),
    );
    const content = b.page.locator('[data-widget-id=t] .apm-text-content');
    const inner = await content.innerHTML();
    expect(inner).toContain('<b>Bold</b>');
    expect(inner).toContain('<img src="/media/1">');
    expect(inner).not.toMatch(/onerror|<script|javascript:|<iframe/);
    await b.page.locator('[data-widget-id=t] a').click();
    expect(await b.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    const style = await b.page.locator('[data-widget-id=t]').evaluate((e) => {
      const s = getComputedStyle(e);
      return [s.fontSize, s.fontWeight, s.color, s.textAlign, s.justifyContent];
    });
    expect(style).toEqual(['40px', '700', 'rgb(255, 255, 255)', 'center', 'center']);
  });

  it('scrolls a marquee at its speed and holds it while stopped', async () => {
    await mount(
      program(
        scene(
          'a',
          [
            widget(
              'm',
              'text',
              {
                html: 'News ticker',
                font,
                align: 'left',
                verticalAlign: 'middle',
                marquee: { direction: 'left', speed: 400 },
              },
              { w: 800, h: 100 },
            ),
          ],
          long,
        ),
      ),
    );
    await play();
    const content = b.page.locator('[data-widget-id=m] .apm-text-content');
    const x = () => content.evaluate((e) => new DOMMatrix(getComputedStyle(e).transform).m41);
    await expect.poll(() => content.evaluate((e) => e.getAnimations().length)).toBe(1);
    // Speed measured inside the page (canvas px per second), away from the wrap-around.
    const speed = await content.evaluate(async (e) => {
      const at = () => [new DOMMatrix(getComputedStyle(e).transform).m41, performance.now()] as const;
      for (;;) {
        const [x0, t0] = at();
        await new Promise((r) => setTimeout(r, 300));
        const [x1, t1] = at();
        if (x1 < x0) return ((x0 - x1) / (t1 - t0)) * 1000;
      }
    });
    expect(speed).toBeGreaterThan(300);
    expect(speed).toBeLessThan(500);
    await b.page.evaluate(() => apm.renderer.stop());
    // A paused animation is pending until the next frame: read its position once the pause holds.
    await content.evaluate((e) => Promise.all(e.getAnimations().map((a) => a.ready)));
    const held = await x();
    await b.page.waitForTimeout(300);
    expect(await x()).toBe(held);
  });
});

describe('image list', () => {
  it('shows each item for its duration with its transition, then starts over', async () => {
    const items = [
      { materialId: 1, durationMs: 700, transition: { name: 'none' as const, durationMs: 0 } },
      { materialId: 2, durationMs: 3000, transition: { name: 'zoom' as const, durationMs: 200 } },
    ];
    await mount(program(scene('a', [widget('i', 'image', { items, fit: 'contain' })], long)));
    const slide = () => b.page.locator('[data-widget-id=i]').getAttribute('data-slide');
    expect(await slide()).toBe('0');
    await b.page.waitForTimeout(900);
    expect(await slide()).toBe('0');
    await play();
    await expect.poll(slide, { timeout: 4000 }).toBe('1');
    const img = b.page.locator('[data-widget-id=i] img').last();
    expect(await img.getAttribute('src')).toBe('/media/2');
    expect(
      await img.evaluate((e) => [getComputedStyle(e).animationName, getComputedStyle(e).objectFit]),
    ).toEqual(['apm-in-zoom', 'contain']);
    await expect.poll(() => b.page.locator('[data-widget-id=i] img').count()).toBe(1);
    expect(await img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(64);
    await expect.poll(slide, { timeout: 6000 }).toBe('0');
  });
});

describe('video, audio and live', () => {
  it('plays a muted video playlist item after item and loops', async () => {
    await mount(
      program(
        scene(
          'a',
          [
            widget('v', 'video', {
              items: [{ materialId: 3 }, { materialId: 4 }],
              muted: true,
              loop: true,
              fit: 'cover',
            }),
          ],
          long,
        ),
      ),
    );
    await play();
    const video = b.page.locator('[data-widget-id=v] video');
    const src = () => video.evaluate((e) => (e as HTMLVideoElement).currentSrc.replace(/^.*\/media\//, ''));
    expect(await video.evaluate((e) => (e as HTMLVideoElement).muted)).toBe(true);
    await expect
      .poll(() => video.evaluate((e) => (e as HTMLVideoElement).currentTime), { timeout: 5000 })
      .toBeGreaterThan(0.2);
    await expect.poll(src, { timeout: 5000 }).toBe('4');
    await expect.poll(src, { timeout: 5000 }).toBe('3');
  });

  it('says when a video playlist can play none of its files, and not while one plays', async () => {
    await mount(
      program(
        scene(
          'a',
          [
            widget('v', 'video', {
              items: [{ materialId: 404 }, { materialId: 405 }],
              muted: true,
              loop: true,
              fit: 'cover',
            }),
          ],
          long,
        ),
      ),
    );
    await play();
    await expect
      .poll(() => b.page.evaluate(() => apm.mediaErrors), { timeout: 5000 })
      .toEqual([expect.stringMatching(/^video: none of 2 file\(s\) could be played/)]);
    await mount(
      program(
        scene(
          'a',
          [widget('v', 'video', { items: [{ materialId: 3 }], muted: true, loop: true, fit: 'cover' })],
          long,
        ),
      ),
    );
    await play();
    const video = b.page.locator('[data-widget-id=v] video');
    await expect
      .poll(() => video.evaluate((e) => (e as HTMLVideoElement).currentTime), { timeout: 5000 })
      .toBeGreaterThan(0.2);
    expect(await b.page.evaluate(() => apm.mediaErrors)).toEqual([]);
  });

  it('plays background audio at its volume times the master volume', async () => {
    await mount(
      program(
        scene('a', [widget('m', 'audio', { items: [{ materialId: 5 }], loop: true, volume: 40 })], long),
      ),
      { volume: 50 },
    );
    await play();
    const audio = b.page.locator('[data-widget-id=m] audio');
    expect(
      await audio.evaluate((e) => [(e as HTMLAudioElement).volume, (e as HTMLAudioElement).loop]),
    ).toEqual([0.2, true]);
    await expect
      .poll(() => audio.evaluate((e) => (e as HTMLAudioElement).currentTime), { timeout: 5000 })
      .toBeGreaterThan(0.1);
    await b.page.evaluate(() => apm.renderer.setVolume(100));
    expect(await audio.evaluate((e) => (e as HTMLAudioElement).volume)).toBe(0.4);
    await b.page.evaluate(() => apm.renderer.stop());
    expect(await audio.evaluate((e) => (e as HTMLAudioElement).paused)).toBe(true);
  });

  it('plays an HLS stream with hls.js', async () => {
    const url = `${b.fixture.url}live/index.m3u8`;
    await mount(program(scene('a', [widget('l', 'live', { url, muted: true })], long)));
    await play();
    const live = b.page.locator('[data-widget-id=l]');
    await expect.poll(() => live.getAttribute('data-engine'), { timeout: 10_000 }).toBe('hls.js');
    await expect
      .poll(() => live.locator('video').evaluate((e) => (e as HTMLVideoElement).currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.5);
  });

  it('releases media when the scene goes and when destroyed', async () => {
    await mount(
      program(
        scene(
          'a',
          [widget('v', 'video', { items: [{ materialId: 3 }], muted: true, loop: true, fit: 'fill' })],
          long,
        ),
        scene('b', [], long),
      ),
    );
    await play();
    const held = await b.page.evaluate(() => {
      const v = document.querySelector('video')!;
      (window as unknown as { held: HTMLVideoElement }).held = v;
      return v.getAttribute('src');
    });
    expect(held).toBe('/media/3');
    await b.page.evaluate(() => apm.renderer.next());
    expect(
      await b.page.evaluate(() => (window as unknown as { held: HTMLVideoElement }).held.getAttribute('src')),
    ).toBeNull();
    await b.page.evaluate(() => apm.renderer.destroy());
    expect(await b.page.locator('#host').innerHTML()).toBe('');
    const events = await b.page.evaluate(() => apm.events.map((e) => `${e.kind}:${e.sceneId ?? ''}`));
    // Scene a's video went with it: its widget type and its material are reported as it leaves.
    expect(events).toEqual(['scene:a', 'widget:', 'material:', 'scene:b', 'program:']);
  });
});

describe('web page', () => {
  it('frames the page and reloads it every refresh interval; a page of the host origin gets no same-origin', async () => {
    await mount(
      program(
        scene('a', [widget('w', 'web', { url: `${b.fixture.url}page.html`, refreshSeconds: 1 })], long),
      ),
    );
    await play();
    const frame = b.page.locator('[data-widget-id=w] iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    const before = b.fixture.pageLoads();
    await expect.poll(() => b.fixture.pageLoads() - before, { timeout: 4000 }).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => b.page.frameLocator('[data-widget-id=w] iframe').locator('#n').innerText())
      .toMatch(/^load \d+$/);
  });
});

describe('clock, countdown, weather, QR code', () => {
  it('shows the time in a time zone and ticks every second', async () => {
    await mount(
      program(
        scene('a', [
          widget('c', 'clock', {
            format: 'YYYY-MM-DD HH:mm',
            timeZone: 'Asia/Shanghai',
            font,
            align: 'right',
          }),
          widget('s', 'clock', { format: 'hh:mm:ss', timeZone: null, font, align: 'left' }, { y: 300 }),
        ]),
      ),
    );
    const before = formatClock(new Date(), 'YYYY-MM-DD HH:mm', 'Asia/Shanghai');
    const shown = await text('c');
    const after = formatClock(new Date(), 'YYYY-MM-DD HH:mm', 'Asia/Shanghai');
    expect([before, after]).toContain(shown);
    const seconds = await text('s');
    expect(seconds).toMatch(/^(0[1-9]|1[0-2]):[0-5]\d:[0-5]\d$/);
    await expect.poll(() => text('s'), { timeout: 4000 }).not.toBe(seconds);
  });

  it('counts down to the target and then shows the done text', async () => {
    const target = new Date(Date.now() + 4000).toISOString();
    await mount(
      program(
        scene('a', [widget('d', 'countdown', { target, format: 'mm:ss [left]', doneText: 'Started', font })]),
      ),
    );
    expect(await text('d')).toMatch(/^00:0[1-4] left$/);
    await expect.poll(() => text('d'), { timeout: 8000 }).toBe('Started');
  });

  it('shows the weather the host fetched, and "--" while it fails', async () => {
    await mount(
      program(
        scene('a', [
          widget('w', 'weather', { city: 'Rome', units: 'metric', font, refreshMinutes: 30 }),
          widget(
            'x',
            'weather',
            { city: 'Nowhere', units: 'imperial', font, refreshMinutes: 30 },
            { y: 300 },
          ),
        ]),
      ),
    );
    await expect.poll(() => text('w')).toBe('Rome ☀️ 22°C');
    expect(await text('x')).toBe('Nowhere --');
    expect((await b.page.evaluate(() => apm.weatherCalls)).sort()).toEqual([
      'Nowhere/imperial',
      'Rome/metric',
    ]);
  });

  it('draws a QR code in the chosen colours', async () => {
    await mount(
      program(
        scene('a', [
          widget('q', 'qrcode', {
            text: 'https://example.org/menu',
            foreground: '#112233',
            background: '#ffeedd',
            margin: 2,
          }),
        ]),
      ),
    );
    const svg = b.page.locator('[data-widget-id=q] svg');
    await svg.waitFor();
    const html = await svg.evaluate((e) => e.outerHTML);
    expect(html).toContain('#112233');
    expect(html).toContain('#ffeedd');
    expect(await svg.boundingBox()).toMatchObject({ width: 200, height: 100 });
  });
});
