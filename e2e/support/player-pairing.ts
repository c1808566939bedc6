/**
 * Pairing web players: open one in a context of its own, read its pairing code, claim it through the API.
 * Apart from `player.ts` so that scripts outside the test runner (benchmarks) can use it too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall } from './api.js';

/** A player page in its own browser context (its own storage: its own terminal). */
export interface PlayerPage {
  context: BrowserContext;
  page: Page;
  /** Every message the player sent on its channels, parsed, in order (across reloads). */
  sent: { type: string; [key: string]: unknown }[];
}

/** Opens `/player/` in a fresh context with the given browser language. */
export async function openPlayer(browser: Browser, baseUrl: string, locale = 'en-US'): Promise<PlayerPage> {
  const context = await browser.newContext({ locale, viewport: { width: 960, height: 540 } });
  const page = await context.newPage();
  const sent: PlayerPage['sent'] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string')
        sent.push(JSON.parse(frame.payload) as PlayerPage['sent'][number]);
    });
  });
  await page.goto(`${baseUrl}/player/`);
  return { context, page, sent };
}

/** The pairing code the player shows, once it shows one. */
export async function pairingCode(page: Page): Promise<string> {
  const code = page.getByTestId('pairing-code');
  await code.waitFor({ timeout: 20_000 });
  return (await code.textContent())!.trim();
}

/** The connection state of the player's status corner (`open`, `closed`, `connecting`...). */
export async function waitForConnection(page: Page, state: string, timeout = 20_000): Promise<void> {
  await page.waitForSelector(`[data-testid=player-connection][data-state=${state}]`, {
    state: 'attached',
    timeout,
  });
}

/** Claims the terminal showing `code` into an office; answers its id. */
export async function claimTerminal(
  baseUrl: string,
  cookie: string,
  code: string,
  officeId: number,
  name: string,
): Promise<number> {
  const done = await apiCall<{ terminalIds: number[] }>(
    baseUrl,
    cookie,
    '/a/api/terminal/updateTerminalOffice',
    {
      pairingCode: code,
      officeId,
      name,
    },
  );
  return done.terminalIds[0]!;
}
