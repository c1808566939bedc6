import { describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, createOperator, createUserWithRole } from '../support/api.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { blankProgram } from '../support/programs.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

const stamp = Date.now().toString(36);
const OPERATOR = { user: `pubop${stamp}`, password: 'Operat0r#2026', name: 'Paula Publisher' };
const VIEWER = {
  roleName: `Looker ${stamp}`,
  grants: 'home:view,content:view,program:make:view',
  loginName: `publook${stamp}`,
  name: 'Lou Looker',
  password: 'L00ker#2026pass',
};

describe('publishing a program from the console', () => {
  const suite = adminSuite({
    seed: async (s) => {
      await createOperator(s.server.url, s.cookie, OPERATOR);
      await createUserWithRole(s.server.url, s.cookie, VIEWER);
    },
  });

  it('publishes an approved program to a paired player and watches it reach playing (US)', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminal = `Publish screen ${stamp}`;
    await claimTerminal(suite.server.url, suite.cookie, code, office.id, terminal);
    const operator = await apiSignIn(suite.server.url, OPERATOR.user, OPERATOR.password);
    const name = `Published live ${stamp}`;
    await apiCall(suite.server.url, operator, '/a/api/program/save', {
      document: blankProgram(name, { background: '#206040' }),
    });

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      account: OPERATOR,
      path: '/program/make',
    });
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.locator('[data-testid=program-publish]').click();
    await page.waitForURL(/\/publishSet\?programId=\d+/);
    await page.getByText(`Publish program: ${name}`).waitFor();
    const violations: Violation[] = [];
    // Settings: now, add to the terminals that play it.
    violations.push(...(await scanPage(page, 'publishSet settings')));
    await page.getByTestId('publish-next').click();
    // Terminals: search the player's terminal and choose it.
    await page.getByTestId('publish-terminal-search').locator('input').fill(terminal);
    await page.getByTestId('publish-terminal-search').locator('input').press('Enter');
    const terminalRow = page.locator('.ant-table-row', { hasText: terminal });
    await terminalRow.waitFor();
    await terminalRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('publish-selected-count').getByText('1 terminals selected').waitFor();
    violations.push(...(await scanPage(page, 'publishSet terminals')));
    await page.getByTestId('publish-next').click();
    expect(await page.getByTestId('publish-confirm-count').textContent()).toBe('1');
    await page.getByTestId('publish-submit').click();
    // The delivery view follows the terminal without a reload until it plays the program.
    await page.waitForURL(/view=delivery/);
    const delivery = page.getByTestId('delivery-view').locator('.ant-table-row', { hasText: terminal });
    await delivery.locator('[data-testid=delivery-state][data-state=playing]').waitFor({ timeout: 30_000 });
    violations.push(...(await scanPage(page, 'publishSet delivery')));
    expect(violations, describeViolations(violations)).toEqual([]);
    await player.page.waitForSelector('[data-program-id]:not([data-program-id=""])', {
      state: 'attached',
      timeout: 20_000,
    });

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
    await player.context.close();
  });

  it('shows the server’s reason when the program is not approved (US)', async () => {
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const operator = await apiSignIn(suite.server.url, OPERATOR.user, OPERATOR.password);
      const name = `Unreviewed ${stamp}`;
      const saved = await apiCall<{ id: number }>(suite.server.url, operator, '/a/api/program/save', {
        document: blankProgram(name, { background: '#206040' }),
      });
      const terminals = await apiCall<{ list: { id: number; name: string }[] }>(
        suite.server.url,
        operator,
        `/a/api/publishProgram/terminalSelect?keyword=${encodeURIComponent(stamp)}`,
      );
      expect(terminals.list.length).toBeGreaterThan(0);
      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        account: OPERATOR,
        path: '/program/make',
      });
      await page.goto(`${suite.server.url}/terminalSelection?programId=${saved.id}`);
      await page.getByText('only approved programs can be published while content review is on').waitFor();
      const terminalRow = page.locator('.ant-table-row', { hasText: terminals.list[0]!.name });
      await terminalRow.locator('.ant-checkbox-input').check();
      await page.getByTestId('publish-next').click();
      await page.getByTestId('publish-submit').click();
      await page
        .getByTestId('publish-error')
        .getByText(/only approved programs can be published/)
        .waitFor();
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
      await context.close();
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });

  it('disables Publish for a user without the publish permission, and the API answers 403 (US)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      account: { user: VIEWER.loginName, password: VIEWER.password },
      path: '/program/make',
    });
    const button = page.locator('[data-testid=program-publish]').first();
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const status = await page.evaluate(() =>
      fetch('/apm-web/a/api/publishProgram/saveTerminals', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ programId: 1, terminalIds: [1] }),
      }).then((r) => r.status),
    );
    expect(status).toBe(403);
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await context.close();
  });
});
