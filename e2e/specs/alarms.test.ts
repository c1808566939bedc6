import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { pairWebPlayer, waitForConnection, type PlayerPage } from '../support/player.js';
import { adminSuite, openSignedInPage, type OpenedPage } from '../support/suite.js';

/** Seconds of silence after which the suite's server calls a terminal offline. */
const OFFLINE_SECONDS = 4;
const TERMINAL = 'Alarm lobby screen';

interface Alarm {
  id: number;
  type: string;
  endedAt: string | null;
  clearedAt: string | null;
  acknowledgedAt: string | null;
}

describe('alarm centre with a real web player', () => {
  const suite = adminSuite({ env: { APM_TERMINAL_OFFLINE_SECONDS: String(OFFLINE_SECONDS) } });
  let hook: Server;
  let hookUrl: string;
  const hooked: { alarms: { type: string; terminalName: string }[] }[] = [];
  let player: PlayerPage;
  let terminalId: number;
  let console_: OpenedPage;

  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hooked.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alarm`;
  });
  afterAll(() => {
    hook.close();
  });

  const alarmsOfTerminal = async () =>
    (
      await suite.api<{ list: Alarm[] }>(
        `/a/api/abnormalAlarm/abnormalAlarmList?terminalId=${terminalId}&type=offline`,
      )
    ).list;

  /** Waits until `check` holds for the terminal's offline alarms (asked every half second). */
  const waitForAlarms = async (check: (alarms: Alarm[]) => boolean, what: string, timeout = 30_000) => {
    const end = Date.now() + timeout;
    let last: Alarm[] = [];
    while (Date.now() < end) {
      last = await alarmsOfTerminal();
      if (check(last)) return last;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${what}: the terminal's offline alarms are ${JSON.stringify(last)}`);
  };

  it('pairs a player and makes a webhook notification rule in the console', async () => {
    ({ player, terminalId } = await pairWebPlayer(suite, TERMINAL));
    // The player disciplines its clock against the server's over the channel and reports the estimate.
    await expect
      .poll(
        async () =>
          (
            await suite.api<{
              status: { clockSync?: { offsetMs: number; delayMs: number; samples: number } } | null;
            }>(`/a/api/terminal/findTerminalStatus?id=${terminalId}`)
          ).status?.clockSync ?? null,
        { timeout: 20_000, interval: 500 },
      )
      .toMatchObject({ samples: expect.any(Number) });
    const live = await suite.api<{
      status: { clockSync: { offsetMs: number; delayMs: number; samples: number } };
    }>(`/a/api/terminal/findTerminalStatus?id=${terminalId}`);
    // The same machine's clock (offset 0): an estimate errs by at most half its round trip's delay (the first
    // ones, on a loaded machine, by over 100 ms), plus a few ms (each process counts from its own start).
    const { offsetMs, delayMs } = live.status.clockSync;
    expect(Math.abs(offsetMs), `offset ${offsetMs} ms, delay ${delayMs} ms`).toBeLessThanOrEqual(
      delayMs / 2 + 10,
    );
    expect(delayMs).toBeLessThan(500);

    console_ = await openSignedInPage(suite, {
      language: 'US',
      path: '/abnormalAlarm/abnormalAlarmList',
      waitFor: '[data-testid=alarm-table]',
    });
    const { page } = console_;
    await page.getByTestId('alarm-tab-rules').click();
    await page.getByTestId('alarm-rule-add').click();
    await page.getByTestId('alarm-rule-name').fill('Ops ticketing');
    await page.getByText('Webhook', { exact: true }).click();
    await page.getByTestId('alarm-rule-target').fill('not a url');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('the webhook URL is not a URL').waitFor();
    await page.getByTestId('alarm-rule-target').fill(hookUrl);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expectMessage(page, 'Rule saved');
    await page.getByTestId('alarm-rule-table').getByText('Ops ticketing').waitFor();
  });

  it('raises nothing for a quick reload of the player', async () => {
    await player.page.reload();
    await waitForConnection(player.page, 'open');
    // Longer than the offline threshold and a sweep: a reload reconnects well within it.
    await new Promise((r) => setTimeout(r, (OFFLINE_SECONDS + 2) * 1000));
    expect(await alarmsOfTerminal()).toEqual([]);
  });

  it('raises an offline alarm when the player stops, notifies the webhook, and shows it in the header and the list', async () => {
    await player.page.goto('about:blank');
    const [alarm] = await waitForAlarms((a) => a.length === 1, 'an offline alarm once the player stopped');
    expect(alarm!.endedAt).toBeNull();

    const { page } = console_;
    await page.getByRole('tab', { name: 'Alarms' }).click();
    await page.getByTestId('alarm-filter-keyword').fill(TERMINAL);
    await page.getByTestId('alarm-search').click();
    const row = page.locator(`tr[data-row-key="${alarm!.id}"]`);
    await row.getByText('Ongoing').waitFor();
    await row.getByText('Critical').waitFor();
    await row.getByText('New').waitFor();
    // The header's badge follows within its poll (30 s) or at once on a reload.
    await page.reload();
    await page.getByTestId('alarm-badge').locator('.ant-badge-count').waitFor({ timeout: 35_000 });

    const deadline = Date.now() + 20_000;
    while (!hooked.some((h) => h.alarms.some((a) => a.terminalName === TERMINAL)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(hooked.flatMap((h) => h.alarms).find((a) => a.terminalName === TERMINAL)?.type).toBe('offline');
  });

  it('acknowledges it in the console, ends it when the player returns, then resolves it', async () => {
    const { page } = console_;
    await page.getByTestId('alarm-filter-keyword').fill(TERMINAL);
    await page.getByTestId('alarm-search').click();
    const [alarm] = await alarmsOfTerminal();
    const row = page.locator(`tr[data-row-key="${alarm!.id}"]`);
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('alarm-acknowledge').click();
    await expectMessage(page, '1 alarm(s) acknowledged');
    await row.getByText('Acknowledged').waitFor();

    await player.page.goto(`${suite.server.url}/player/`);
    await waitForConnection(player.page, 'open');
    await waitForAlarms(
      (a) => a.length === 1 && a[0]!.endedAt !== null,
      'the alarm ended once the player returned',
    );
    await page.getByTestId('alarm-search').click();
    await expect.poll(() => row.getByText('Ongoing').count(), { timeout: 10_000 }).toBe(0);

    await row.click();
    const drawer = page.getByTestId('alarm-details');
    await drawer.getByText('Ops ticketing').waitFor();
    await drawer.getByText('Sent').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('alarm-resolve').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expectMessage(page, '1 alarm(s) resolved');
    await row.getByText('Resolved').waitFor();
    // From the alarm to the terminal it is about.
    await row.click();
    await page.getByTestId('alarm-terminal-info').click();
    await page.waitForURL(`**/terminal/info?id=${terminalId}`);
    await page.getByText(TERMINAL).first().waitFor();
    expect(console_.errors).toEqual([]);
    await console_.context.close();
    await player.context.close();
  });
});
