import {
  defaultMessageDocument,
  type MessageDocument,
  type MessageKind,
  type PlayEvent,
  type TerminalMessagePayload,
} from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { CommandAck } from '../src/commands.js';
import type { MessageDesk } from '../src/messages.js';
import { usePlayerPage } from './browser/page.js';

// The player's message handling in real Chromium: commands through the player's handlers, the
// desk's layer above a program played by the player's Playback, IndexedDB for what is held.
interface PagePlayer {
  desk: MessageDesk;
  available: number[];
  events: PlayEvent[];
  changes: number[][];
  stageMounts(): number;
  programScene(): string | null;
  start(): Promise<void>;
  saved(): Promise<void>;
  imagesKept(): Promise<void>;
  command(name: string, params: Record<string, unknown>): Promise<CommandAck>;
}
declare const player: PagePlayer;
const p = usePlayerPage();

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
    document: { ...defaultMessageDocument(kind), text: `Text ${id} r${revision}`, ...fields },
  };
}

const command = (name: string, params: Record<string, unknown>) =>
  p.page.evaluate(([n, prm]) => player.command(n, prm), [name, params] as const);
const show = (m: TerminalMessagePayload) => command('showMessage', { message: m });
const showing = () => p.page.evaluate(() => player.desk.showing());
const held = () => p.page.evaluate(() => player.desk.messages().map((m) => `${m.id}r${m.revision}`));
const events = () => p.page.evaluate(() => player.events.filter((e) => e.kind === 'message'));

/** Fake timers in the page, time standing still at `iso` until the test moves it. */
async function freeze(iso: string) {
  const at = Date.parse(iso);
  await p.page.clock.install({ time: at - 1000 });
  await p.page.clock.pauseAt(at);
}

async function start() {
  await p.open();
  await p.page.evaluate(() => player.start());
}

describe('layering', () => {
  it('draws messages above the program without re-mounting or restarting it', async () => {
    await start();
    await p.page.evaluate(
      () => ((document.querySelector('#stage .apm-renderer') as { marker?: number }).marker = 7),
    );
    expect(await show(message(1, 'ticker'))).toMatchObject({ ok: true, result: { showing: true } });
    expect(await show(message(2, 'takeover'))).toMatchObject({ ok: true, result: { showing: true } });
    // The takeover is what the screen shows at its centre (hit-tested with the layer made hittable).
    const top = await p.page.evaluate(() => {
      (document.querySelector('.apm-messages') as HTMLElement).style.pointerEvents = 'auto';
      const hit = document.elementFromPoint(480, 270)?.closest('[data-message-id]');
      (document.querySelector('.apm-messages') as HTMLElement).style.pointerEvents = 'none';
      return hit?.getAttribute('data-message-id');
    });
    expect(top).toBe('2');
    expect(await command('stopMessage', { messageId: 2 })).toMatchObject({
      ok: true,
      result: { stopped: true },
    });
    expect(await showing()).toEqual([1]);
    expect(await command('stopMessage', { messageId: 1 })).toMatchObject({ ok: true });
    expect(await showing()).toEqual([]);
    expect(
      await p.page.evaluate(
        () => (document.querySelector('#stage .apm-renderer') as { marker?: number }).marker,
      ),
    ).toBe(7);
    expect(await p.page.evaluate(() => [player.stageMounts(), player.programScene()])).toEqual([1, 's']);
    expect(await p.page.locator('#stage').innerText()).toContain('Program under');
  });

  it('plays a takeover program through the program playback, the program under it kept', async () => {
    await start();
    await show(message(3, 'takeover', { takeover: { programId: 2, align: 'center' } }));
    const layer = p.page.locator('#messages [data-message-id="3"]');
    await expect.poll(() => layer.innerText()).toContain('Takeover program');
    expect(await layer.getAttribute('data-takeover-content')).toBe('program');
    // A program the manifest does not hold: the takeover's text, until a manifest brings it.
    await show(message(3, 'takeover', { takeover: { programId: 99, align: 'center' } }, 2));
    expect(await layer.innerText()).toBe('Text 3 r2');
    await p.page.evaluate(() => {
      player.available.push(99);
      player.desk.programsChanged();
    });
    await expect.poll(() => layer.innerText()).toContain('Takeover program');
    expect(await p.page.evaluate(() => player.events.filter((e) => e.kind === 'message').length)).toBe(1);
    expect(await p.page.evaluate(() => player.stageMounts())).toBe(1);
  });
});

describe('schedule offline', () => {
  it('ends a message at its validUntil by fake timers, with no network, and reports its showing', async () => {
    await p.open();
    await freeze('2026-05-01T12:00:00Z');
    await p.page.route('**/*', (route) => route.abort());
    await p.page.evaluate(() => player.start());
    const notice = message(4, 'notice', { validUntil: '2026-05-01T12:01:30Z' });
    expect(await show(notice)).toMatchObject({ result: { showing: true } });
    await p.page.clock.runFor(89_999);
    expect(await showing()).toEqual([4]);
    await p.page.clock.runFor(1);
    expect(await showing()).toEqual([]);
    expect(await events()).toEqual([
      { kind: 'message', messageId: 4, startedAt: '2026-05-01T12:00:00.000Z', durationMs: 90_000 },
    ]);
    // Past its end it is not held any more once anything changes.
    await show(message(5, 'ticker', { windows: [{ start: '20:00', end: '21:00' }] }));
    expect(await held()).toEqual(['5r1']);
  });

  it('acks showing false for a message outside its windows, and shows it when its window opens', async () => {
    await p.open();
    // 13:59 in Berlin.
    await freeze('2026-05-01T11:59:00Z');
    await p.page.evaluate(() => player.start());
    const later = message(6, 'ticker', { windows: [{ start: '14:00', end: '14:05' }], durationSec: 60 });
    expect(await show(later)).toMatchObject({ ok: true, result: { showing: false } });
    await p.page.clock.runFor(60_000);
    expect(await showing()).toEqual([6]);
    await p.page.clock.runFor(60_000);
    expect(await showing()).toEqual([]);
    expect(await p.page.evaluate(() => player.changes)).toEqual([[6], []]);
  });
});

describe('commands', () => {
  it('plays a held message now for one showing; refuses one not held', async () => {
    await p.open();
    await freeze('2026-05-01T12:00:00Z');
    await p.page.evaluate(() => player.start());
    expect(await command('playMessage', { messageId: 8 })).toMatchObject({
      ok: false,
      error: 'message 8 is not held by this terminal',
    });
    await show(message(8, 'notice', { windows: [{ start: '03:00', end: '03:10' }] }));
    expect(await showing()).toEqual([]);
    expect(await command('playMessage', { messageId: 8 })).toMatchObject({
      ok: true,
      result: { showing: true },
    });
    expect(await showing()).toEqual([8]);
    // One showing: as long as its window (10 minutes).
    await p.page.clock.runFor(10 * 60_000);
    expect(await showing()).toEqual([]);
  });

  it('replaces a lower revision, ignores an older one, and stop forgets it', async () => {
    await start();
    await show(message(9, 'notice', {}, 2));
    await show(message(9, 'notice', {}, 3));
    expect(await p.page.locator('[data-message-id="9"]').innerText()).toBe('Text 9 r3');
    expect(await show(message(9, 'notice', {}, 1))).toMatchObject({ ok: true, result: { showing: true } });
    expect(await held()).toEqual(['9r3']);
    expect(await p.page.locator('[data-message-id="9"]').innerText()).toBe('Text 9 r3');
    expect(await command('stopMessage', { messageId: 9 })).toMatchObject({ result: { stopped: true } });
    expect(await held()).toEqual([]);
    expect(await p.page.locator('[data-message-id]').count()).toBe(0);
    expect(await command('stopMessage', { messageId: 9 })).toMatchObject({
      ok: true,
      result: { stopped: false },
    });
  });
});

describe('manifest and restart', () => {
  it("takes a fetched manifest's messages as the server's list", async () => {
    await start();
    await show(message(10, 'ticker'));
    await show(message(11, 'notice'));
    const requestedAt = await p.page.evaluate(() => Date.now());
    // Arrived after the manifest was requested: kept though the manifest does not list it.
    await show(message(12, 'takeover'));
    // Stopped after the request: stays stopped though the manifest still lists it.
    await command('stopMessage', { messageId: 11 });
    await p.page.evaluate(([list, at]) => player.desk.reconcile(list, at), [
      [message(11, 'notice'), message(13, 'notice', {}, 2)],
      requestedAt,
    ] as const);
    // 10 was stopped while the terminal was away.
    expect(await held()).toEqual(['12r1', '13r2']);
    expect(await showing()).toEqual([12, 13]);
    // A newer revision in the manifest replaces the one held; an older one does not.
    await p.page.evaluate(
      (list) => player.desk.reconcile(list, Date.now() + 1),
      [message(12, 'takeover', {}, 4), message(13, 'notice', {}, 1)],
    );
    expect(await held()).toEqual(['12r4', '13r2']);
  });

  it('ends a showing cut by a restart when it would have ended, and does not show an ended one again', async () => {
    await p.open();
    await freeze('2026-05-01T12:00:00Z');
    await p.page.evaluate(() => player.start());
    await show(message(16, 'takeover', { durationSec: 60 }));
    await show(message(17, 'ticker', { durationSec: 10 }));
    await p.page.clock.runFor(30_000);
    expect(await showing()).toEqual([16]);
    await p.page.evaluate(() => player.saved());
    await p.open();
    await freeze('2026-05-01T12:00:30Z');
    await p.page.route('**/*', (route) => route.abort());
    await p.page.evaluate(() => player.start());
    expect(await showing()).toEqual([16]);
    await p.page.clock.runFor(29_999);
    expect(await showing()).toEqual([16]);
    await p.page.clock.runFor(1);
    expect(await showing()).toEqual([]);
  });

  it("keeps a notice's image for showing it offline after a restart", async () => {
    await start();
    const notice = {
      ...message(18, 'notice', {
        notice: { x: 0, y: 0, width: 50, height: 50, imageMaterialId: 31, align: 'center' },
      }),
      imageUrl: '/apm-web/terminal/files/31',
    };
    await show(notice);
    const img = p.page.locator('[data-message-id="18"] img');
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(1);
    await p.page.evaluate(() => Promise.all([player.imagesKept(), player.saved()]));
    await p.open();
    await p.page.route('**/*', (route) => route.abort());
    await p.page.evaluate(() => player.start());
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(1);
    // No message needs it any more: it is dropped.
    await command('stopMessage', { messageId: 18 });
    await p.page.evaluate(() => player.imagesKept());
    const kept = await p.page.evaluate(
      async () => (await (await caches.open('apm-player-message-images-v1')).keys()).length,
    );
    expect(kept).toBe(0);
  });

  it('keeps what it holds across a restart without the server', async () => {
    await start();
    await show(message(14, 'ticker', { ticker: { position: 'top', speed: 100, direction: 'left' } }));
    await show(message(15, 'notice'));
    await command('stopMessage', { messageId: 15 });
    await p.page.evaluate(() => player.saved());
    await p.open();
    await p.page.route('**/*', (route) => route.abort());
    await p.page.evaluate(() => player.start());
    expect(await held()).toEqual(['14r1']);
    expect(await showing()).toEqual([14]);
  });
});
