import {
  defaultMessageDocument,
  type MessageDocument,
  type MessageKind,
  type TerminalMessagePayload,
} from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser/session.js';
import { program, scene } from './browser/program.js';

// The messages layer and preview in real Chromium: the host is 960×540, half a 1920×1080 screen.
interface Messages {
  mount(timeZone?: string, memory?: unknown): void;
  set(list: TerminalMessagePayload[]): number[];
  preview(payload: TerminalMessagePayload, width: number, height: number): void;
  layer: {
    playNow(id: number): boolean;
    showing(): number[];
    memory(): unknown;
    redraw(id: number): boolean;
    destroy(): void;
  };
  unavailable: number[];
  updatePreview(payload: TerminalMessagePayload): void;
  destroyPreview(): void;
  ended: { messageId: number; startedAt: number; durationMs: number }[];
  changes: number[][];
  programs: number[];
}
declare const messages: Messages;
const b = useBrowser();

function message(
  id: number,
  kind: MessageKind,
  fields: Partial<MessageDocument> = {},
  revision = 1,
): TerminalMessagePayload {
  return {
    id,
    revision,
    name: `M${id}`,
    document: { ...defaultMessageDocument(kind), text: `Text ${id}`, ...fields },
  };
}

/** Fake timers in the page, time standing still at `iso` until the test moves it. */
async function freeze(iso: string) {
  const at = Date.parse(iso);
  await b.page.clock.install({ time: at - 1000 });
  await b.page.clock.pauseAt(at);
}
const mount = (timeZone = 'UTC') => b.page.evaluate((zone) => messages.mount(zone), timeZone);
const set = (list: TerminalMessagePayload[]) => b.page.evaluate((l) => messages.set(l), list);
const showing = () => b.page.evaluate(() => messages.layer.showing());
const box = (id: number) =>
  b.page.locator(`[data-message-id="${id}"]`).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return {
      x: r.x,
      y: r.y,
      w: r.width,
      h: r.height,
      font: getComputedStyle(e).fontSize,
      z: getComputedStyle(e).zIndex,
    };
  });

describe('tickers', () => {
  it('draws the band at its position with the font scaled by height / 1080', async () => {
    await mount();
    const ticker = (id: number, position: 'top' | 'bottom' | 'custom', offsetPercent?: number) =>
      message(id, 'ticker', { ticker: { position, offsetPercent, speed: 100, direction: 'left' } });
    expect(await set([ticker(1, 'top'), ticker(2, 'bottom'), ticker(3, 'custom', 50)])).toEqual([1, 3, 2]);
    // 48 px on 1080 → 24 px on 540; the band is 1.5 em.
    expect(await box(1)).toMatchObject({ x: 0, y: 0, w: 960, h: 36, font: '24px' });
    expect(await box(2)).toMatchObject({ y: 540 - 36, h: 36 });
    expect(await box(3)).toMatchObject({ y: 270 });
    const color = await b.page
      .locator('[data-message-id="2"]')
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(color).toBe('rgba(0, 0, 0, 0.8)');
  });

  it('scrolls smoothly at its speed scaled by width / 1920, in its direction', async () => {
    await mount();
    await set([
      message(1, 'ticker', { text: 'News', ticker: { position: 'bottom', speed: 400, direction: 'left' } }),
    ]);
    const text = b.page.locator('[data-message-id="1"] .apm-message-text');
    await expect.poll(() => text.evaluate((e) => e.getAnimations().length)).toBe(1);
    const speed = await text.evaluate(async (e) => {
      const at = () => [new DOMMatrix(getComputedStyle(e).transform).m41, performance.now()] as const;
      for (;;) {
        const [x0, t0] = at();
        await new Promise((r) => setTimeout(r, 300));
        const [x1, t1] = at();
        // Away from the wrap-around, moving left.
        if (x1 < x0) return ((x0 - x1) / (t1 - t0)) * 1000;
      }
    });
    // 400 px/s on 1920 → 200 px/s on 960.
    expect(speed).toBeGreaterThan(170);
    expect(speed).toBeLessThan(230);
    await set([
      message(
        1,
        'ticker',
        { text: 'News', ticker: { position: 'bottom', speed: 400, direction: 'right' } },
        2,
      ),
    ]);
    const moving = await b.page.locator('[data-message-id="1"] .apm-message-text').evaluate(async (e) => {
      const x0 = new DOMMatrix(getComputedStyle(e).transform).m41;
      await new Promise((r) => setTimeout(r, 200));
      return new DOMMatrix(getComputedStyle(e).transform).m41 - x0;
    });
    expect(moving).toBeGreaterThan(0);
  });

  it('ends a repeated ticker after its passes', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount();
    // 1920 px/s on 1920 → 960 px/s here: a pass is (960 + text width) / 960 s.
    await set([
      message(1, 'ticker', { repeat: 3, ticker: { position: 'bottom', speed: 1920, direction: 'left' } }),
    ]);
    const textWidth = await b.page
      .locator('.apm-message-text')
      .evaluate((e) => (e as HTMLElement).offsetWidth);
    const passMs = ((960 + textWidth) / 960) * 1000;
    await b.page.clock.runFor(Math.floor(3 * passMs) - 50);
    expect(await showing()).toEqual([1]);
    await b.page.clock.runFor(100);
    expect(await showing()).toEqual([]);
    const [ended] = await b.page.evaluate(() => messages.ended);
    expect(ended!.messageId).toBe(1);
    expect(Math.abs(ended!.durationMs - 3 * passMs)).toBeLessThan(5);
    // Its occurrence (valid all the time) is over: it does not start again.
    await b.page.clock.runFor(120_000);
    expect(await showing()).toEqual([]);
  });
});

describe('notice and takeover', () => {
  it('draws the notice box at its % with its image over its text, under the tickers', async () => {
    await mount();
    const notice = message(5, 'notice', {
      text: 'Line one\nLine two',
      notice: { x: 10, y: 20, width: 50, height: 40, imageMaterialId: 1, align: 'left' },
    });
    await set([notice, message(6, 'ticker')]);
    expect(await box(5)).toMatchObject({
      x: 96,
      y: 108,
      w: 480,
      h: 216,
      font: `${(40 * 540) / 1080}px`,
      z: '1',
    });
    expect(await box(6)).toMatchObject({ z: '2' });
    const img = b.page.locator('[data-message-id="5"] img');
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(64);
    expect(await b.page.locator('[data-message-id="5"] .apm-message-text').innerText()).toBe(
      'Line one\nLine two',
    );
  });

  it('covers the screen with a takeover: its text (never HTML), or its program', async () => {
    await mount();
    const html = '<img src=x onerror="window.hacked=1">Evacuate';
    await set([message(7, 'takeover', { text: html })]);
    expect(await box(7)).toMatchObject({ x: 0, y: 0, w: 960, h: 540, z: '3' });
    expect(await b.page.locator('[data-message-id="7"]').innerText()).toBe(html);
    expect(await b.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await set([message(7, 'takeover', { takeover: { programId: 12, align: 'center' } }, 2)]);
    const el = b.page.locator('[data-message-id="7"]');
    expect(await el.getAttribute('data-takeover-content')).toBe('program');
    expect(await el.innerText()).toBe('program 12');
    // A program the host cannot play: the text shows.
    await set([message(7, 'takeover', { takeover: { programId: 404, align: 'center' } }, 3)]);
    expect(await el.getAttribute('data-takeover-content')).toBe('text');
    expect(await el.innerText()).toBe('Text 7');
    expect(await b.page.evaluate(() => messages.programs)).toEqual([12, -12]);
  });

  it('draws a showing again when its program becomes available, its time going on', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount();
    await b.page.evaluate(() => messages.unavailable.push(77));
    await set([message(7, 'takeover', { takeover: { programId: 77, align: 'center' }, durationSec: 30 })]);
    const el = b.page.locator('[data-message-id="7"]');
    expect(await el.getAttribute('data-takeover-content')).toBe('text');
    await b.page.clock.runFor(10_000);
    await b.page.evaluate(() => messages.unavailable.splice(0));
    expect(await b.page.evaluate(() => [messages.layer.redraw(7), messages.layer.redraw(8)])).toEqual([
      true,
      false,
    ]);
    expect(await el.getAttribute('data-takeover-content')).toBe('program');
    expect(await b.page.evaluate(() => messages.ended)).toEqual([]);
    await b.page.clock.runFor(20_000);
    expect(await showing()).toEqual([]);
    expect(await b.page.evaluate(() => messages.ended.map((e) => e.durationMs))).toEqual([30_000]);
    expect(await b.page.evaluate(() => messages.programs)).toEqual([77, -77]);
  });

  it('leaves what the container shows untouched under it', async () => {
    await b.mount(program(scene('a', [], { durationMs: 60_000 })));
    await b.page.evaluate(() =>
      (window as unknown as { apm: { renderer: { play(): void } } }).apm.renderer.play(),
    );
    await b.page.evaluate(() => {
      (document.querySelector('.apm-renderer') as HTMLElement & { marker?: number }).marker = 1;
    });
    await mount();
    await set([message(7, 'takeover'), message(8, 'ticker')]);
    await set([]);
    await set([message(8, 'ticker')]);
    expect(
      await b.page.evaluate(() => (document.querySelector('.apm-renderer') as { marker?: number }).marker),
    ).toBe(1);
    expect(await b.page.locator('.apm-renderer').count()).toBe(1);
    expect(await b.state()).toMatchObject({ sceneId: 'a', playing: true });
  });
});

describe('schedule on the layer', () => {
  it('starts and ends on time by its windows and validUntil, with no network', async () => {
    await freeze('2026-05-01T08:59:00Z');
    await mount('Europe/Berlin');
    const windowed = message(1, 'notice', {
      windows: [{ start: '11:00', end: '11:30' }],
      validUntil: '2026-05-02T09:10:00Z',
    });
    expect(await set([windowed])).toEqual([]);
    await b.page.route('**/*', (route) => route.abort());
    // 11:00 CEST = 09:00Z.
    await b.page.clock.runFor(59_000);
    expect(await showing()).toEqual([]);
    await b.page.clock.runFor(1_000);
    expect(await showing()).toEqual([1]);
    await b.page.clock.runFor(30 * 60_000 - 1);
    expect(await showing()).toEqual([1]);
    await b.page.clock.runFor(1);
    expect(await showing()).toEqual([]);
    // The next day: from 11:00 until validUntil (09:10Z).
    await b.page.clock.runFor(23.5 * 3_600_000);
    expect(await showing()).toEqual([1]);
    await b.page.clock.runFor(10 * 60_000);
    expect(await showing()).toEqual([]);
    expect(await b.page.evaluate(() => messages.ended.map((e) => e.durationMs))).toEqual([
      1_800_000, 600_000,
    ]);
    expect(await b.page.evaluate(() => messages.changes)).toEqual([[1], [], [1], []]);
  });

  it('shows a lower priority again when a higher one ends, ending each after durationSec', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount();
    expect(await set([message(1, 'takeover', { priority: 3 })])).toEqual([1]);
    expect(
      await set([
        message(1, 'takeover', { priority: 3 }),
        message(2, 'takeover', { priority: 9, durationSec: 20 }),
      ]),
    ).toEqual([2]);
    await b.page.clock.runFor(20_000);
    expect(await showing()).toEqual([1]);
    expect(await b.page.evaluate(() => messages.ended.map((e) => [e.messageId, e.durationMs]))).toEqual([
      [1, 0],
      [2, 20_000],
    ]);
    // Stopped (absent from the list): it ends now.
    await b.page.clock.runFor(5_000);
    expect(await set([])).toEqual([]);
    expect(await b.page.evaluate(() => messages.ended.at(-1))).toMatchObject({
      messageId: 1,
      durationMs: 5_000,
    });
  });

  it('plays a held message now for one showing, outside its windows', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount();
    const late = message(3, 'ticker', { windows: [{ start: '20:00', end: '21:00' }], durationSec: 15 });
    expect(await set([late])).toEqual([]);
    expect(await b.page.evaluate(() => messages.layer.playNow(4))).toBe(false);
    expect(await b.page.evaluate(() => messages.layer.playNow(3))).toBe(true);
    expect(await showing()).toEqual([3]);
    await b.page.clock.runFor(15_000);
    expect(await showing()).toEqual([]);
  });
});

describe('memory across a reload', () => {
  it('goes on with a showing under way and does not repeat one that ended', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount();
    const list = [message(1, 'notice', { durationSec: 60 }), message(2, 'ticker', { durationSec: 10 })];
    expect(await set(list)).toEqual([1, 2]);
    await b.page.clock.runFor(30_000);
    expect(await showing()).toEqual([1]);
    const memory = await b.page.evaluate(() => messages.layer.memory());
    // A new layer (a reload) with what the old one remembered.
    await b.page.evaluate((m) => messages.mount('UTC', m as never), memory);
    expect(await set(list)).toEqual([1]);
    await b.page.clock.runFor(29_999);
    expect(await showing()).toEqual([1]);
    await b.page.clock.runFor(1);
    expect(await showing()).toEqual([]);
    // Without it, both start over.
    await b.page.evaluate(() => messages.mount('UTC'));
    expect(await set(list)).toEqual([1, 2]);
  });

  it('reads an unknown time zone as UTC', async () => {
    await freeze('2026-05-01T12:00:00Z');
    await mount('Mars/Olympus_Mons');
    expect(await set([message(3, 'notice', { windows: [{ start: '12:00', end: '13:00' }] })])).toEqual([3]);
  });
});

describe('preview', () => {
  it('draws one message now at the size asked, updated as it is edited', async () => {
    const notice = message(9, 'notice', { windows: [{ start: '03:00', end: '03:01' }] });
    await b.page.evaluate((p) => messages.preview(p, 480, 270), notice);
    const screen = b.page.getByTestId('message-preview');
    expect(await screen.evaluate((e) => [e.clientWidth, e.clientHeight])).toEqual([480, 270]);
    expect(await box(9)).toMatchObject({ w: 240, h: 135, font: '10px' });
    await b.page.evaluate((p) => messages.updatePreview(p), {
      ...notice,
      document: { ...notice.document, text: 'Edited' },
    });
    expect(await b.page.locator('[data-message-id="9"]').innerText()).toBe('Edited');
    expect(await b.page.locator('[data-message-id]').count()).toBe(1);
    await b.page.evaluate(() => messages.destroyPreview());
    expect(await screen.count()).toBe(0);
  });
});
