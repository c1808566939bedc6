import type { OnlineMap, PlaySummary, PlayTopRow, StatsOptions } from '@apm/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, createUserWithRole } from '../support/api.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { useLocalMapTiles } from '../support/map-tiles.js';
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
const TERMINAL = `Stats screen ${stamp}`;
/** A reader of the statistics with no right on terminals, programs or materials. */
const STATS_READER = { user: `statsreader${stamp}`, password: 'Reader#2026pass' };

/** Opens the picker `testId`, types `text` and waits for the option named `name` in its list. */
async function findOption(page: Page, testId: string, text: string, name: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).waitFor();
  await page.keyboard.press('Escape');
}

describe('statistics pages', () => {
  const violations: Violation[] = [];
  // A server of its own: the page's totals are this spec's plays only.
  const suite = adminSuite({ ownServer: true });
  useLocalMapTiles(suite);
  let programId = 0;
  let terminalId = 0;
  let materialName = '';

  it('a web player plays a program; once its plays are stored the data statistics page shows them', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const material = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'dot.png',
      makePng(64, 64, [20, 160, 20]),
      null,
    );
    materialName = material.name;
    // One scene of 3 s: a play is reported each time it ends, flushed by the player every 10 s.
    programId = (
      await suite.api<{ id: number }>('/a/api/program/save', {
        document: simpleProgram(PROGRAM, material.id, 'Counted', '#1040c0', 3_000),
      })
    ).id;
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    terminalId = await claimTerminal(suite.server.url, suite.cookie, code, office.id, TERMINAL);
    // Placed in Milan: the page's online-rate map shows it.
    await suite.api('/a/api/terminal/setMapPosition', {
      id: terminalId,
      latitude: 45.4641,
      longitude: 9.1919,
    });
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
    expect(top.list[0]!.seconds).toBeGreaterThanOrEqual(5);
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

  it('the online-rate map shows the placed terminal, coloured by its rate, and the same as a table', async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const map = await suite.api<OnlineMap>(
      `/a/api/statistics/onlineMap?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(map.points.map((p) => [p.terminalId, p.name])).toEqual([[terminalId, TERMINAL]]);
    // The player was online while it played.
    expect(map.points[0]!.onlineRate).toBeGreaterThan(0);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/stats/data',
      waitFor: '[data-testid=stats-data-page]',
      viewport: WIDE_VIEWPORT,
    });
    const panel = page.getByTestId('stats-online-map');
    await panel.scrollIntoViewIfNeeded();
    const marker = panel.locator(`[data-terminal-id="${terminalId}"]`);
    await marker.waitFor();
    expect(await marker.getAttribute('data-state')).toMatch(/^(online|abnormal|offline)$/);
    await panel.getByTestId('stats-online-map-legend').getByText('90% or more').waitFor();
    await expect
      .poll(() => panel.getByTestId('stats-online-map-count').textContent())
      .toContain('1 of 1 terminals with a position');
    // The table instead of the map, by keyboard: the terminal with its rate.
    const toggle = panel.getByRole('button', { name: 'Show as table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const row = panel.getByTestId('stats-online-map-table').locator('tr', { hasText: TERMINAL });
    await row.waitFor();
    expect(await row.textContent()).toContain('45.46410, 9.19190');
    violations.push(...(await scanPage(page, '/stats/data (map)')));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reader with the statistics permission only finds terminals, programs and materials in the pickers', async () => {
    await createUserWithRole(suite.server.url, suite.cookie, {
      roleName: `Statistics reader ${stamp}`,
      grants: 'stats:view',
      loginName: STATS_READER.user,
      name: 'Statistics Reader',
      password: STATS_READER.password,
    });
    const reader = await apiSignIn(suite.server.url, STATS_READER.user, STATS_READER.password);
    // The lists behind the console's own pickers are refused to this reader; the statistics options are not.
    await expect(
      apiCall(suite.server.url, reader, '/a/api/terminal/list?pageNo=1&pageSize=20'),
    ).rejects.toThrow(/403/);
    const options = await apiCall<StatsOptions>(
      suite.server.url,
      reader,
      `/a/api/statistics/options/terminals?keyword=${stamp}`,
    );
    expect(options.list.map((o) => o.id)).toEqual([terminalId]);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      account: STATS_READER,
      path: '/stats/data',
      waitFor: '[data-testid=stats-data-page]',
      viewport: WIDE_VIEWPORT,
    });
    await findOption(page, 'stats-terminal-picker', stamp, TERMINAL);
    await findOption(page, 'stats-program-picker', stamp, PROGRAM);
    // Counting materials offers a material picker.
    await page.getByTestId('stats-subject').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Materials' })
      .click();
    await findOption(page, 'stats-material-picker', materialName.slice(0, 3), materialName);
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
