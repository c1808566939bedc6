import type { PlaySummary, PlayTopRow } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  simpleProgram,
  waitForConnection,
} from '../support/player.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);
const PROGRAM = `Stats loop ${stamp}`;

describe('statistics pages', () => {
  const violations: Violation[] = [];
  // A server of its own: the page's totals are this spec's plays only.
  const suite = adminSuite({ ownServer: true });
  let programId = 0;

  it('a web player plays a program; once its plays are stored the data statistics page shows them', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const material = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'dot.png',
      makePng(64, 64, [20, 160, 20]),
      null,
    );
    // One scene of 10 s: a play is reported each time it ends, flushed by the player every 10 s.
    programId = (
      await suite.api<{ id: number }>('/a/api/program/save', {
        document: simpleProgram(PROGRAM, material.id, 'Counted', '#1040c0'),
      })
    ).id;
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminalId = await claimTerminal(
      suite.server.url,
      suite.cookie,
      code,
      office.id,
      `Stats screen ${stamp}`,
    );
    await suite.api('/a/api/publishProgram/saveTerminals', {
      programId,
      terminalIds: [terminalId],
      groupIds: [],
    });

    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&granularity=hour`;
    // Stored and acknowledged: the roll-up the pages read has them.
    await expect
      .poll(
        async () =>
          (await suite.api<PlaySummary>(`/a/api/statistics/plays?${period}&programId=${programId}`)).plays,
        { timeout: 90_000, interval: 2_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const top = await suite.api<{ list: PlayTopRow[] }>(
      `/a/api/statistics/playTop?${period}&dimension=program`,
    );
    expect(top.list[0]).toMatchObject({ id: programId, name: PROGRAM, terminals: 1 });
    expect(top.list[0]!.seconds).toBeGreaterThanOrEqual(19);
    await player.context.close();

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/stats/data',
      waitFor: '[data-testid=stats-data-page]',
      viewport: WIDE_VIEWPORT,
    });
    const value = (testId: string) => page.getByTestId(testId).locator('.ant-statistic-content-value');
    const plays = value('kpi-plays');
    await expect
      .poll(async () => Number((await plays.textContent())?.replace(/\D/g, '')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => value('kpi-terminals').textContent()).toBe('1');
    const row = page.getByTestId('stats-top-table').locator('tr', { hasText: PROGRAM });
    await row.waitFor();
    expect(Number(await row.locator('td').nth(1).textContent())).toBe(top.list[0]!.plays);
    // The chart draws; its figures are there as a table too, reached by keyboard.
    const chart = page.getByTestId('stats-plays-chart');
    await chart.locator('[role=img] canvas').waitFor();
    const toggle = chart.getByRole('button', { name: 'Show as table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await chart.locator('table tbody tr').first().waitFor();
    violations.push(...(await scanPage(page, '/stats/data')));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the behavior statistics page shows the sign-ins of the period', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'FR',
      path: '/stats/behavior',
      waitFor: '[data-testid=stats-behavior-page]',
      viewport: WIDE_VIEWPORT,
    });
    // At least the API sign-in of the suite and this page's.
    await expect
      .poll(
        async () =>
          Number(
            (
              await page
                .getByTestId('stats-logins-succeeded')
                .locator('.ant-statistic-content-value')
                .textContent()
            )?.replace(/\D/g, ''),
          ),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    await page.getByTestId('stats-logins-by-user').locator('tr', { hasText: 'admin' }).first().waitFor();
    await page.getByText('Widgets dans les programmes').first().waitFor();
    violations.push(...(await scanPage(page, '/stats/behavior')));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('found no accessibility violations on the statistics pages', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
