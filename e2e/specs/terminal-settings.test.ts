import { describe, expect, it } from 'vitest';
import { pairWebPlayer, waitForConnection } from '../support/player.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

interface SettingsState {
  terminals: { deliveries: Record<string, { state: string } | undefined> }[];
}

describe('terminal settings and terminal info pages with a paired web player', () => {
  const stamp = Date.now().toString(36);
  const NAME = `Settings kiosk ${stamp}`;
  const suite = adminSuite();

  it('pushes brightness and rotation to an offline player (pending), which applies them when it returns (applied); the volume too; the info page shows what it reports', async () => {
    const { player, terminalId } = await pairWebPlayer(suite, NAME);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/terminal/settings',
      waitFor: '[data-testid=terminal-settings-picker]',
      viewport: WIDE_VIEWPORT,
    });
    await page.click('[data-testid=terminal-settings-picker]');
    await page.keyboard.type(stamp);
    await page.click(`.ant-select-item-option:has-text("${NAME}")`);
    await page.keyboard.press('Escape');
    await page.getByTestId('terminal-settings-form').waitFor();
    await expect
      .poll(() => page.getByTestId('terminal-settings-heartbeat').innerText())
      .toMatch(/Every \d+ s/);

    // The player goes away: what is sent now waits for it.
    await player.page.close();
    const handle = page.locator('[data-testid=terminal-settings-brightness] [role=slider]');
    await handle.focus();
    // One step a key, each seen before the next: on a loaded machine, 40 presses in a row once moved it 39 steps.
    for (let value = 99; value >= 60; value--) {
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe(String(value));
    }
    await page.click('[data-testid=terminal-settings-apply-brightness]');
    await page.locator('[data-testid=terminal-settings-rotation] label:has-text("90°")').click();
    await page.click('[data-testid=terminal-settings-apply-rotation]');
    const displayState = page.getByTestId('terminal-settings-displaySettings-state');
    await expect.poll(() => displayState.getAttribute('data-state'), { timeout: 20_000 }).toBe('pending');
    const state = await suite.api<SettingsState>(
      `/a/api/terminalSet/settingsState?terminalIds=${terminalId}`,
    );
    expect(['queued', 'sent']).toContain(state.terminals[0]!.deliveries.displaySettings?.state);

    // It comes back: the queued push is delivered and acknowledged; the page polls to "applied".
    const back = await player.context.newPage();
    await back.goto(`${suite.server.url}/player/`);
    await waitForConnection(back, 'open');
    await expect.poll(() => displayState.getAttribute('data-state'), { timeout: 30_000 }).toBe('applied');
    const screen = back.getByTestId('player-screen');
    await expect.poll(() => screen.getAttribute('data-rotation')).toBe('90');
    await expect.poll(() => screen.getAttribute('data-display-brightness')).toBe('60');
    const css = await screen.evaluate((el) => {
      const style = getComputedStyle(el);
      return { transform: style.transform, filter: style.filter, width: el.getBoundingClientRect().width };
    });
    expect(css.transform).not.toBe('none');
    expect(css.filter).toBe('brightness(0.6)');

    // The volume, sent while it is online, is applied at once.
    const volume = page.locator('[data-testid=terminal-settings-volume] [role=slider]');
    await volume.focus();
    await page.keyboard.press('Home');
    await page.click('[data-testid=terminal-settings-apply-volume]');
    const volumeState = page.getByTestId('terminal-settings-volume-state');
    await expect.poll(() => volumeState.getAttribute('data-state'), { timeout: 30_000 }).toBe('applied');
    await page.getByTestId('terminal-settings-volume-messages').waitFor();
    const violations = await scanPage(page, '/terminal/settings');

    // The info page of this terminal, opened by its id as the map and the alarm centre link to it.
    await page.goto(`${suite.server.url}/terminal/info?id=${terminalId}`);
    await page.getByTestId('terminal-info-status').waitFor();
    await expect
      .poll(() => page.getByTestId('terminal-info-health').getAttribute('data-health'), { timeout: 30_000 })
      .toBe('good');
    expect(await page.getByTestId('terminal-info-resolution').innerText()).toMatch(/^\d+x\d+$/);
    expect(await page.getByTestId('terminal-info-version').innerText()).not.toBe('—');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('terminal-info-online-periods').waitFor();
    await expect
      .poll(() => page.locator('[data-testid=terminal-delivery-state][data-state=acked]').count())
      .toBeGreaterThan(0);
    violations.push(...(await scanPage(page, '/terminal/info history')));
    await page.getByRole('tab', { name: 'Status' }).click();
    violations.push(...(await scanPage(page, '/terminal/info status')));
    await page.getByRole('tab', { name: 'Now and next' }).click();
    expect(errors).toEqual([]);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
    await player.context.close();
  });
});
