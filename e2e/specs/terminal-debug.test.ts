import { describe, expect, it } from 'vitest';
import { describeViolations, scanPage } from '../support/axe.js';
import { pairWebPlayer, waitForConnection } from '../support/player.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

describe('terminal debugging page with a paired web player', () => {
  const stamp = Date.now().toString(36);
  const NAME = `Debug kiosk ${stamp}`;
  const suite = adminSuite();

  it('streams a line the player logged, shows its errors, pings it with a round trip, clears its cache and reloads it (acknowledged)', async () => {
    const { player, terminalId } = await pairWebPlayer(suite, NAME);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: `/terminal/debug?id=${terminalId}`,
      waitFor: '[data-testid=terminal-debug-log-state]',
      viewport: WIDE_VIEWPORT,
      defaultTimeout: 20_000,
    });

    // A line the player logs now reaches the page through the stream.
    const marker = `e2e marker ${stamp}`;
    await player.page.evaluate((text) => console.warn(text), marker);
    const log = page.getByTestId('terminal-debug-log');
    await expect.poll(() => log.innerText(), { timeout: 20_000 }).toContain(marker);
    await expect.poll(() => log.locator('[data-level=warn]', { hasText: marker }).count()).toBe(1);
    // Filtering by text keeps the marker only.
    await page.getByRole('textbox', { name: 'Filter the lines' }).fill(stamp);
    await expect.poll(() => log.locator('[data-level]').count()).toBe(1);
    const violations = await scanPage(page, '/terminal/debug log');

    // Its last errors, asked over the channel.
    await player.page.evaluate((text) => console.error(text), `e2e failure ${stamp}`);
    await page.getByRole('tab', { name: 'Last errors' }).click();
    await expect
      .poll(() => page.getByTestId('terminal-debug-errors').innerText(), { timeout: 15_000 })
      .toContain(`e2e failure ${stamp}`);

    // A ping answers with its round trip, and the statistics follow.
    await page.getByRole('tab', { name: 'Ping' }).click();
    await page.getByTestId('terminal-debug-ping').click();
    const rtt = page.getByTestId('terminal-debug-ping-rtt').first();
    await rtt.waitFor();
    expect(await rtt.innerText()).toMatch(/^\d+(\.\d)? ms$/);
    expect(await page.getByTestId('terminal-debug-ping-stats').innerText()).toMatch(/min [\d.]+ ms/);
    violations.push(...(await scanPage(page, '/terminal/debug ping')));

    // The screen wall shows the institution's terminals with their live state.
    await page.getByRole('tab', { name: 'Screen wall' }).click();
    await expect
      .poll(() => page.locator('[data-testid=terminal-debug-tile][data-health=online]').count())
      .toBeGreaterThan(0);
    violations.push(...(await scanPage(page, '/terminal/debug wall')));

    // Clear cache, confirmed, is acknowledged by the player.
    await page.getByRole('tab', { name: 'Remote actions' }).click();
    await page.getByTestId('terminal-debug-clearCache').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    const cleared = page.locator(
      '[data-testid=terminal-debug-clearCache-delivery] [data-testid=terminal-delivery-state]',
    );
    await expect.poll(() => cleared.getAttribute('data-state'), { timeout: 20_000 }).toBe('acked');
    const clearAck = player.sent.find(
      (m) => m.type === 'ack' && (m.result as { deletedFiles?: number })?.deletedFiles !== undefined,
    );
    expect(clearAck).toBeTruthy();

    // Reload: acknowledged, then the player's page loads again and reconnects.
    await player.page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.getByTestId('terminal-debug-reload').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    const reloaded = page.locator(
      '[data-testid=terminal-debug-reload-delivery] [data-testid=terminal-delivery-state]',
    );
    await expect.poll(() => reloaded.getAttribute('data-state'), { timeout: 20_000 }).toBe('acked');
    await expect
      .poll(
        () =>
          player.page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false),
        {
          timeout: 20_000,
        },
      )
      .toBe(false);
    await waitForConnection(player.page, 'open');

    expect(errors).toEqual([]);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
    await player.context.close();
  });
});
