import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDrawer, expectMessage } from '../support/antd.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);

/** Adds a row to a policy list of the strategy form and fills its inputs (ids `strategy_<list>_<row>_<field>`). */
async function addRow(page: Page, list: string, row: number, values: Record<string, string>) {
  await page.getByTestId(`strategy-${list}-add`).click();
  for (const [field, value] of Object.entries(values)) {
    await page.locator(`#strategy_${list}_${row}_${field}`).fill(value);
  }
}

describe('strategies', () => {
  const suite = adminSuite();
  const violations: Violation[] = [];

  it('makes a strategy in the console, links a paired web player, sends it and sees it applied (US)', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminal = `Strategy screen ${stamp}`;
    await claimTerminal(suite.server.url, suite.cookie, code, office.id, terminal);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/terminal/strategy',
      waitFor: '[data-testid=strategy-create]',
      viewport: WIDE_VIEWPORT,
    });
    const name = `Lobby hours ${stamp}`;
    await page.getByTestId('strategy-create').click();
    await page.getByTestId('strategy-name').fill(name);
    // All day (equal times): whatever the clock says when the player applies it.
    await addRow(page, 'volume', 0, { from: '00:00', to: '00:00', volume: '35' });
    await addRow(page, 'brightness', 0, { from: '00:00', to: '00:00', brightness: '60' });
    await addRow(page, 'downloadWindows', 0, { from: '01:00', to: '05:00' });

    // A bad time is named on its field, and so is a second rule overlapping the first (the contract's check).
    await page.locator('#strategy_volume_0_to').fill('24:00');
    await page.click('#strategy-save');
    await page.locator('.ant-form-item-explain-error', { hasText: 'Enter a time as HH:MM (24 h)' }).waitFor();
    await page.locator('#strategy_volume_0_to').fill('00:00');
    await addRow(page, 'brightness', 1, { from: '08:00', to: '09:00', brightness: '10' });
    await page.click('#strategy-save');
    await page
      .locator('.ant-form-item-explain-error', {
        hasText: 'document.brightness.1.from: 08:00–09:00 overlaps brightness rule 1',
      })
      .waitFor();
    await page.getByTestId('strategy-brightness-remove-1').click();
    violations.push(...(await scanPage(page, '/terminal/strategy form')));
    await page.click('#strategy-save');
    await expectMessage(page, 'Strategy saved');

    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    await row.getByTestId('strategy-terminals').click();
    const drawer = page.getByTestId('strategy-terminals-drawer');
    await drawer.getByText('No terminals follow this strategy yet').waitFor();
    await drawer.getByTestId('strategy-link').click();
    const search = page.getByTestId('strategy-link-search').locator('input');
    await search.fill(terminal);
    await search.press('Enter');
    await page
      .locator('.ant-modal .ant-table-row', { hasText: terminal })
      .locator('.ant-checkbox-input')
      .check();
    await page.click('#strategy-link-ok');
    await expectMessage(page, '1 terminals linked (0 moved from another strategy)');
    const linked = drawer.locator('.ant-table-row', { hasText: terminal });
    await linked.locator('[data-state=pending]', { hasText: 'To send' }).waitFor();

    await drawer.getByTestId('strategy-send').click();
    await expectMessage(page, 'Sent to 1 terminals');
    // Polled while the send is under way: the player's acknowledgement shows without a reload.
    await linked.locator('[data-state=acked]', { hasText: 'Applied · r1' }).waitFor({ timeout: 30_000 });
    await linked.getByText('Download windows').waitFor();
    violations.push(...(await scanPage(page, '/terminal/strategy terminals drawer')));

    // The player applied what a browser can: the media volume and the stage's brightness.
    const screen = player.page.getByTestId('player-screen');
    await player.page.waitForSelector('[data-testid=player-screen][data-volume="35"][data-brightness="60"]', {
      state: 'attached',
      timeout: 20_000,
    });
    expect(await player.page.getByTestId('player-stage').evaluate((el) => el.style.filter)).toBe(
      'brightness(60%)',
    );
    expect(await screen.getAttribute('data-blank')).not.toBe('true');
    await closeDrawer(page);

    // The list counts the terminal; nothing waits for a send.
    await expect.poll(() => row.getByTestId('strategy-terminal-count').innerText()).toBe('1');
    violations.push(...(await scanPage(page, '/terminal/strategy list')));
    expect(errors).toEqual([]);
    await context.close();
    await player.context.close();
  });

  it('found no accessibility violations on the strategy page', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
