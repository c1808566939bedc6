/** Web-player helpers of the end-to-end tests: open a player, claim it, publish to it, command it. */
import type { Browser, Page } from 'playwright-core';
import { apiCall } from './api.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  waitForConnection,
  type PlayerPage,
} from './player-pairing.js';
import type { ServerProcess } from './server.js';
import { openSignedInPage, type Account, type AdminSuite, type OpenedPage } from './suite.js';

export { claimTerminal, openPlayer, pairingCode, waitForConnection, type PlayerPage };

/** A web player claimed as a terminal. */
export interface PairedPlayer {
  player: PlayerPage;
  terminalId: number;
}

/** Where {@link pairWebPlayer} pairs: a server, Chromium, an administrator's session, and the office (else theirs). */
export interface PairingTarget {
  server: Pick<ServerProcess, 'url'>;
  browser: Browser;
  cookie: string;
  officeId?: number;
}

/**
 * Opens a web player (browser language `locale`), waits until its channel is open, claims it as `name` into the
 * target's office (the administrator's own unless given) and answers once the player shows that name: the claim
 * has reached it. The caller closes the player's context.
 */
export async function pairWebPlayer(
  target: PairingTarget,
  name: string,
  locale = 'en-US',
): Promise<PairedPlayer> {
  const { url } = target.server;
  const officeId =
    target.officeId ??
    (await apiCall<{ office: { id: number } }>(url, target.cookie, '/a/api/user/getUserInfo')).office.id;
  const player = await openPlayer(target.browser, url, locale);
  const code = await pairingCode(player.page);
  await waitForConnection(player.page, 'open');
  const terminalId = await claimTerminal(url, target.cookie, code, officeId, name);
  await player.page.getByTestId('terminal-name').filter({ hasText: name }).waitFor({ timeout: 20_000 });
  return { player, terminalId };
}

/**
 * A program of one scene: a coloured background, an image of `materialId` and a line of text. The scene
 * (and the image) lasts `sceneMs`: a play is reported each time it ends.
 */
export function simpleProgram(
  name: string,
  materialId: number,
  text: string,
  background: string,
  sceneMs = 10_000,
) {
  const font = { family: 'sans-serif', size: 72, color: '#ffffff' };
  return {
    formatVersion: 2,
    name,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [
      {
        id: 'main',
        name: 'Main',
        main: true,
        background: { color: background, materialId: null, fit: 'cover' },
        durationMs: sceneMs,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [
          {
            id: 'picture',
            type: 'image',
            x: 1200,
            y: 100,
            w: 600,
            h: 600,
            rotation: 0,
            z: 1,
            props: {
              items: [{ materialId, durationMs: sceneMs, transition: { name: 'none', durationMs: 0 } }],
              fit: 'fill',
            },
          },
          {
            id: 'headline',
            type: 'text',
            x: 100,
            y: 800,
            w: 1700,
            h: 200,
            rotation: 0,
            z: 2,
            props: {
              html: `<p>${text}</p>`,
              font,
              align: 'left',
              verticalAlign: 'middle',
              marquee: null,
            },
          },
        ],
      },
    ],
  };
}

/**
 * Opens the console's terminal monitor in a 1600×1000 window of its own, signed in as `account`, once it shows
 * its claim button. A step that hangs fails with its own locator (20 s) instead of the test's time-out.
 */
export function openTerminalMonitor(
  suite: Pick<AdminSuite, 'server' | 'browser'>,
  language: string,
  account: Account,
): Promise<OpenedPage> {
  return openSignedInPage(suite, {
    language,
    viewport: { width: 1600, height: 1000 },
    defaultTimeout: 20_000,
    account,
    path: '/terminalMonitor/monitor',
    waitFor: '[data-testid=terminal-claim]',
  });
}

/** One command's delivery as the console sees it. */
export interface Delivery {
  id: number;
  state: string;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** Sends a command through a console route; answers its id. */
export async function sendCommand(
  baseUrl: string,
  cookie: string,
  route: string,
  body: Record<string, unknown>,
): Promise<number> {
  const sent = await apiCall<{ commands: { id: number }[] }>(
    baseUrl,
    cookie,
    `/a/api/terminalSet/${route}`,
    body,
  );
  return sent.commands[0]!.id;
}

/** Waits until a terminal's command is acknowledged or failed; answers its delivery. */
export async function waitForDelivery(
  baseUrl: string,
  cookie: string,
  terminalId: number,
  commandId: number,
  timeoutMs = 30_000,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await apiCall<{ list: Delivery[] }>(
      baseUrl,
      cookie,
      `/a/api/terminal/commands?terminalId=${terminalId}&pageSize=50`,
    );
    const delivery = page.list.find((d) => d.id === commandId);
    if (delivery && (delivery.state === 'acked' || delivery.state === 'failed')) return delivery;
    if (Date.now() > deadline)
      throw new Error(`command ${commandId} not answered: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Waits until the console sees the terminal online (or offline) with a condition on its status. */
export async function waitForLiveStatus(
  baseUrl: string,
  cookie: string,
  terminalId: number,
  check: (status: { online: boolean; status: { playing: { kind: string; id?: number } } | null }) => boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = await apiCall<Parameters<typeof check>[0]>(
      baseUrl,
      cookie,
      `/a/api/terminal/findTerminalStatus?id=${terminalId}`,
    );
    if (check(live)) return;
    if (Date.now() > deadline) throw new Error(`live status not reached: ${JSON.stringify(live)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Colour of the pixel at (x, y) of an image, decoded by the browser. */
export async function pixelOf(page: Page, bytes: Buffer, mime: string, x: number, y: number) {
  return page.evaluate(
    async ({ b64, mime, x, y }) => {
      const blob = await (await fetch(`data:${mime};base64,${b64}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
      return { width: bitmap.width, height: bitmap.height, r: r!, g: g!, b: b! };
    },
    { b64: bytes.toString('base64'), mime, x, y },
  );
}
