import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { keptPlayerSuite } from '../support/kept-player-suite.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  pixelOf,
  sendCommand,
  simpleProgram,
  waitForConnection,
  waitForDelivery,
  waitForLiveStatus,
  type PlayerPage,
} from '../support/player.js';
import { collectErrors } from '../support/session.js';

const HEADLINE = 'Fresh bread every morning';
const BLUE: [number, number, number] = [16, 64, 192];

/** Whether a decoded pixel is near a colour (JPEG is lossy). */
const near = (p: { r: number; g: number; b: number }, [r, g, b]: [number, number, number]) =>
  Math.abs(p.r - r) < 40 && Math.abs(p.g - g) < 40 && Math.abs(p.b - b) < 40;

/** The program shows: its headline, and its image loaded from the player's cache (a blob URL). */
async function expectProgramShown(page: Page, timeout = 30_000): Promise<void> {
  await page.getByText(HEADLINE).waitFor({ timeout });
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('[data-widget-id=picture] img');
      return !!img && img.src.startsWith('blob:') && img.complete && img.naturalWidth === 64;
    },
    undefined,
    { timeout },
  );
}

describe('web player', () => {
  // A server of its own: a test stops it and starts it again.
  const suite = keptPlayerSuite('apm-e2e-player');
  let player: PlayerPage;
  let errors: string[];
  let terminalId: number;
  let programId: number;
  let materialId: number;

  afterAll(async () => {
    await player?.context.close();
  });

  it('shows a pairing code in the browser language until an operator claims it', async () => {
    const chinese = await openPlayer(suite.browser, suite.server.url, 'zh-CN');
    expect(await pairingCode(chinese.page)).toMatch(/^[A-Z0-9]{6}$/);
    expect(await chinese.page.locator('#panel .title').textContent()).toBe('配对码');
    await chinese.context.close();

    player = await openPlayer(suite.browser, suite.server.url, 'en-US');
    errors = collectErrors(player.page);
    const code = await pairingCode(player.page);
    expect(await player.page.locator('#panel .title').textContent()).toBe('Pairing code');
    await waitForConnection(player.page, 'open');

    terminalId = await claimTerminal(suite.server.url, suite.cookie, code, suite.officeId, 'Bakery window');
    // The claim reaches the player over its channel: the pairing code gives way to the name.
    await expect
      .poll(() => player.page.getByTestId('terminal-name').textContent(), { timeout: 15_000 })
      .toBe('Bakery window');
    await expect(player.page.getByTestId('pairing-code').count()).resolves.toBe(0);
  });

  it('plays a program created through the API and published to it, from its cache', async () => {
    const material = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'red.png',
      makePng(64, 64, [230, 20, 20]),
      null,
    );
    materialId = material.id;
    const saved = await suite.api<{ id: number }>('/a/api/program/save', {
      document: simpleProgram('Bakery', material.id, HEADLINE, '#1040c0'),
    });
    programId = saved.id;
    await suite.api('/a/api/publishProgram/saveTerminals', {
      programId,
      terminalIds: [terminalId],
      groupIds: [],
    });
    await expectProgramShown(player.page);
    // Its heartbeat tells the console what plays.
    await waitForLiveStatus(
      suite.server.url,
      suite.cookie,
      terminalId,
      (s) => s.online && s.status?.playing.id === programId,
    );
  });

  it('answers a screenshot command with an image of what it shows', async () => {
    const commandId = await sendCommand(suite.server.url, suite.cookie, 'screenShoot', {
      terminalIds: [terminalId],
    });
    const delivery = await waitForDelivery(suite.server.url, suite.cookie, terminalId, commandId);
    expect(delivery.error).toBeNull();
    expect(delivery.state).toBe('acked');
    const screenshotId = delivery.result!.screenshotId as number;
    expect(screenshotId).toBeGreaterThan(0);

    const res = await fetch(`${suite.server.url}/apm-web/a/api/terminal/screenshot/${screenshotId}`, {
      headers: { cookie: suite.cookie },
    });
    expect(res.status).toBe(200);
    const mime = res.headers.get('content-type')!.split(';')[0]!;
    const bytes = Buffer.from(await res.arrayBuffer());
    // The canvas (1920×1080) fills the 960×540 window at half scale: the picture is at 600..900 × 50..350.
    const background = await pixelOf(player.page, bytes, mime, 40, 40);
    expect(background).toMatchObject({ width: 960, height: 540 });
    expect(near(background, BLUE)).toBe(true);
    expect(near(await pixelOf(player.page, bytes, mime, 750, 200), [230, 20, 20])).toBe(true);
  });

  it('refuses what a web player cannot do, and acknowledges a volume change', async () => {
    const update = await sendCommand(suite.server.url, suite.cookie, 'sendApkUpdate', {
      terminalIds: [terminalId],
      url: 'http://example.invalid/app.apk',
      version: '9',
    });
    expect(await waitForDelivery(suite.server.url, suite.cookie, terminalId, update)).toMatchObject({
      state: 'failed',
      error: 'not supported by the web player',
    });
    const volume = await sendCommand(suite.server.url, suite.cookie, 'command', {
      terminalIds: [terminalId],
      name: 'volume',
      params: { volume: 40 },
    });
    expect(await waitForDelivery(suite.server.url, suite.cookie, terminalId, volume)).toMatchObject({
      state: 'acked',
      result: { volume: 40 },
    });
  });

  it('blanks the screen outside its power schedule, clears and refreshes its programs, reboots', async () => {
    const hour = await player.page.evaluate(() => new Date().getHours());
    const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    const off = await sendCommand(suite.server.url, suite.cookie, 'command', {
      terminalIds: [terminalId],
      name: 'powerSchedule',
      params: { entries: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], on: at(hour + 2), off: at(hour + 3) }] },
    });
    expect(await waitForDelivery(suite.server.url, suite.cookie, terminalId, off)).toMatchObject({
      state: 'acked',
      result: { screenOn: false },
    });
    await player.page.getByTestId('player-curtain').waitFor({ state: 'visible' });
    const on = await sendCommand(suite.server.url, suite.cookie, 'command', {
      terminalIds: [terminalId],
      name: 'powerSchedule',
      params: { entries: [] },
    });
    await waitForDelivery(suite.server.url, suite.cookie, terminalId, on);
    await player.page.getByTestId('player-curtain').waitFor({ state: 'hidden' });

    // A program the terminal does not have cannot be played now.
    const other = await suite.api<{ id: number }>('/a/api/program/save', {
      document: simpleProgram('Elsewhere', materialId, 'Not here', '#000000'),
    });
    const play = await sendCommand(suite.server.url, suite.cookie, 'playProgram', {
      terminalIds: [terminalId],
      programId: other.id,
    });
    expect(await waitForDelivery(suite.server.url, suite.cookie, terminalId, play)).toMatchObject({
      state: 'failed',
      error: `program ${other.id} is not published to this terminal`,
    });

    const clear = await sendCommand(suite.server.url, suite.cookie, 'doClearProgram', {
      terminalIds: [terminalId],
    });
    expect((await waitForDelivery(suite.server.url, suite.cookie, terminalId, clear)).state).toBe('acked');
    await player.page.getByTestId('terminal-name').waitFor();
    expect(await player.page.getByText(HEADLINE).count()).toBe(0);
    const refresh = await sendCommand(suite.server.url, suite.cookie, 'refreshTerminalPrograms', {
      terminalIds: [terminalId],
    });
    expect(await waitForDelivery(suite.server.url, suite.cookie, terminalId, refresh)).toMatchObject({
      state: 'acked',
      result: { programs: 1 },
    });
    await expectProgramShown(player.page);

    // Reboot: acknowledged first, then the page reloads (once) and plays again.
    const reloaded = player.page.waitForEvent('load');
    const reboot = await sendCommand(suite.server.url, suite.cookie, 'reboot', { terminalIds: [terminalId] });
    expect((await waitForDelivery(suite.server.url, suite.cookie, terminalId, reboot)).state).toBe('acked');
    await reloaded;
    await expectProgramShown(player.page);
    await waitForConnection(player.page, 'open');
  }, 90_000);

  it('keeps playing while the server is down, also through a reload, and reconnects by itself', async () => {
    await suite.stop();
    await waitForConnection(player.page, 'closed');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await expectProgramShown(player.page, 5000);

    // A reload with no server: the service worker has the page, the caches the program.
    await player.page.reload();
    await expectProgramShown(player.page);
    await waitForConnection(player.page, 'closed');

    await suite.restart();
    // Backoff with jitter is capped at 30 s; the player comes back without being touched.
    await waitForConnection(player.page, 'open', 45_000);
    await waitForLiveStatus(suite.server.url, suite.cookie, terminalId, (s) => s.online);
    const volume = await sendCommand(suite.server.url, suite.cookie, 'command', {
      terminalIds: [terminalId],
      name: 'volume',
      params: { volume: 70 },
    });
    expect((await waitForDelivery(suite.server.url, suite.cookie, terminalId, volume)).state).toBe('acked');
    await expectProgramShown(player.page, 5000);
    // Proof of play went out on the channel for the program (a cycle lasts 10 s and the player sends
    // its events every 10 s), and downloads were reported.
    const playedProgram = () =>
      player.sent
        .filter((m) => m.type === 'play')
        .flatMap((m) => m.events as { programId?: number }[])
        .some((e) => e.programId === programId);
    await expect.poll(playedProgram, { timeout: 30_000, interval: 500 }).toBe(true);
    const progress = player.sent
      .filter((m) => m.type === 'progress')
      .flatMap((m) => m.items as { total: number; received: number }[]);
    expect(progress.some((p) => p.total > 0 && p.received === p.total)).toBe(true);
    // While the server was away the page failed to reach it; nothing else went wrong.
    expect(
      errors.filter((e) => !/ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|Failed to load/.test(e)),
    ).toEqual([]);
  }, 150_000);

  it('plays its programs one after the other, and one at once when told to', async () => {
    const second = simpleProgram('Coffee', materialId, 'Coffee to go', '#204020');
    second.scenes[0]!.durationMs = 2000;
    const saved = await suite.api<{ id: number }>('/a/api/program/save', {
      document: second,
    });
    await suite.api('/a/api/publishProgram/saveTerminals', {
      programId: saved.id,
      terminalIds: [terminalId],
      groupIds: [],
    });
    await player.page.waitForSelector('[data-testid=player-screen][data-programs="2"]', { timeout: 15_000 });
    const play = await sendCommand(suite.server.url, suite.cookie, 'playProgram', {
      terminalIds: [terminalId],
      programId: saved.id,
    });
    expect((await waitForDelivery(suite.server.url, suite.cookie, terminalId, play)).state).toBe('acked');
    await player.page.getByText('Coffee to go').waitFor({ timeout: 5000 });
    expect(await player.page.getByTestId('player-screen').getAttribute('data-program-id')).toBe(
      String(saved.id),
    );
    // After its one cycle (2 s) the next program of the list comes.
    await expectProgramShown(player.page, 10_000);
  }, 60_000);

  it('forgets its content and shows a new pairing code when an operator removes it', async () => {
    await suite.api('/a/api/terminalSet/removeTerminals', { terminalIds: [terminalId] });
    const code = await pairingCode(player.page);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await player.page.getByText(HEADLINE).count()).toBe(0);
    await expect
      .poll(() =>
        player.page.evaluate(async () => (await (await caches.open('apm-player-media-v1')).keys()).length),
      )
      .toBe(0);
    // Claimed again, it is a new terminal with nothing published to it.
    const again = await claimTerminal(
      suite.server.url,
      suite.cookie,
      code,
      suite.officeId,
      'Bakery window again',
    );
    expect(again).not.toBe(terminalId);
    await player.page.getByTestId('terminal-name').waitFor();
    expect(await player.page.getByTestId('terminal-name').textContent()).toBe('Bakery window again');
  });
});
