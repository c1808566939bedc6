import { describe, expect, it } from 'vitest';
import type { Apm } from './browser/session.js';
import { useBrowser } from './browser/session.js';
import { font, program, scene, widget } from './browser/program.js';

// Custom HTML widgets (a package zip unpacked into a sandboxed frame) and data widgets, in real Chromium.
declare const apm: Apm;
const b = useBrowser();
const long = { durationMs: 60_000 };

/** What the package's script reported from inside its frame. */
interface WidgetReport {
  label: string;
  color: string;
  origin: string;
  cookie: string;
  parentDom: boolean;
  network: string;
  imageLoaded: boolean;
  styled: string;
}

const html = (settings: Record<string, string | number | boolean>) =>
  widget('h', 'html', { packageId: 1, materialId: 6, settings }, { w: 400, h: 200 });

/** Waits for the widget's report (it posts it to its parent once its checks ran). */
async function report(): Promise<WidgetReport> {
  return b.page.evaluate(
    () =>
      new Promise<WidgetReport>((resolve) => {
        addEventListener('message', (e: MessageEvent) => {
          const r = (e.data as { widgetReport?: WidgetReport } | null)?.widgetReport;
          if (r) resolve(r);
        });
      }),
  );
}

describe('html widget', () => {
  it('runs the package in a sandboxed frame: its files by relative path, its settings over the defaults', async () => {
    const reported = report();
    await b.mount(program(scene('a', [html({ label: 'Ciao' })], long)));
    const r = await reported;
    expect(r.label).toBe('Ciao');
    // The colour was not set by the widget: the manifest's default applies.
    expect(r.color).toBe('#00ff00');
    expect(r.imageLoaded).toBe(true);
    expect(r.styled).toBe('rgb(1, 2, 3)');
    const frame = b.page.locator('[data-widget-id=h] iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const inner = b.page.frameLocator('[data-widget-id=h] iframe');
    await expect.poll(() => inner.locator('#out').innerText()).toBe('Ciao');
  });

  it('keeps the widget away from the page, its cookies and the network', async () => {
    await b.page.evaluate(() => (document.cookie = 'session=secret'));
    const reported = report();
    await b.mount(program(scene('a', [html({})], long)));
    const r = await reported;
    expect(r.label).toBe('Hello');
    expect(r.origin).toBe('null');
    expect(r.parentDom).toBe(false);
    expect(r.cookie).not.toContain('secret');
    expect(r.network).toBe('blocked');
  });

  it('leaves the widget empty when its package cannot be had, and removes the frame with the scene', async () => {
    await b.mount(
      program(scene('a', [widget('h', 'html', { packageId: 1, materialId: 99, settings: {} })], long)),
    );
    await expect
      .poll(() => b.page.locator('[data-widget-id=h]').getAttribute('data-widget-error'))
      .toMatch(/HTTP 404/);
    await b.page.evaluate(() => apm.renderer.destroy());
    expect(await b.page.locator('iframe').count()).toBe(0);
  });
});

describe('data widget', () => {
  const data = (display: 'list' | 'ticker', extra: object = {}) =>
    widget(
      'd',
      'data',
      { sourceId: 7, display, maxItems: 3, font, speed: 400, refreshSeconds: 60, ...extra },
      { w: 800, h: 400 },
    );

  it('lists the first items of its source as text', async () => {
    await b.mount(program(scene('a', [data('list')], long)));
    const items = b.page.locator('[data-widget-id=d] .apm-data-item');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.first().innerText()).toBe('Headline 1\nStory 1');
  });

  it('scrolls the titles as a ticker at its speed, held while stopped', async () => {
    await b.mount(program(scene('a', [data('ticker')], long)));
    const content = b.page.locator('[data-widget-id=d] .apm-data-content');
    await expect.poll(() => content.textContent()).toBe('Headline 1  •  Headline 2  •  Headline 3');
    await b.page.evaluate(() => apm.renderer.play());
    const x = () => content.evaluate((e) => new DOMMatrix(getComputedStyle(e).transform).m41);
    const a = await x();
    await b.page.waitForTimeout(300);
    expect(await x()).toBeLessThan(a - 50);
    await b.page.evaluate(() => apm.renderer.stop());
    const held = await x();
    await b.page.waitForTimeout(300);
    expect(await x()).toBe(held);
  });

  it('shows nothing while its source fails', async () => {
    await b.mount(program(scene('a', [data('list', { sourceId: 404 })], long)));
    await b.page.waitForTimeout(300);
    expect(await b.page.locator('[data-widget-id=d] .apm-data-item').count()).toBe(0);
  });
});
