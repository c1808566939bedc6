import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseFromMenu, closeDrawer, confirmDialog, expectMessage } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { openTerminalMonitor } from '../support/player.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

/** May look at terminals and send commands, but not change their settings (terminal:settings:edit). */
const OPERATOR = { user: 'zoe', password: 'Operator#2026pass' };
const STAMP = Date.now().toString(36);
const BRANCH = `Zone branch ${STAMP}`;
const TERMINAL = `Zone kiosk ${STAMP}`;

interface OfficeInfo {
  id: number;
  timeZone: string | null;
  inheritedTimeZone: string;
  effectiveTimeZone: string;
}

interface TerminalInfo {
  timeZone: string | null;
  effectiveTimeZone: string;
}

describe('time zones of offices and terminals in the console', () => {
  let branchId: number;
  let terminalId: number;
  const suite = adminSuite({
    seed: async (s) => {
      const root = (await s.api<{ id: number }[]>('/a/api/office/treeDataNew'))[0]!;
      branchId = (await s.api<{ id: number }>('/a/api/office/save', { parentId: root.id, name: BRANCH })).id;
      const res = await fetch(`${s.server.url}/apm-web/terminal/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          deviceId: `e2e-zone-${STAMP}`,
          name: TERMINAL,
          platform: 'simulator',
          appVersion: '1.0.0',
          resolution: '1920x1080',
        }),
      });
      const device = ((await res.json()) as { data: { terminalId: number; pairingCode: string } }).data;
      terminalId = device.terminalId;
      await s.api('/a/api/terminal/updateTerminalOffice', {
        pairingCode: device.pairingCode,
        officeId: branchId,
        name: TERMINAL,
      });
      await createUserWithRole(s.server.url, s.cookie, {
        roleName: 'Zone operator',
        grants: 'home:view,terminal:view,terminal:monitor:view,terminal:monitor:command',
        loginName: OPERATOR.user,
        name: 'Zoe Operator',
        password: OPERATOR.password,
        officeId: branchId,
      });
    },
  });

  const officeInfo = () => suite.api<OfficeInfo>(`/a/api/office/officeInfo?id=${branchId}`);
  const terminalInfo = () => suite.api<TerminalInfo>(`/a/api/terminal/terminalDetails?id=${terminalId}`);

  /** Types into an open time zone picker and picks the option of `zone` ("Europe/Berlin (UTC+01:00)"). */
  const pickZone = async (page: Page, input: Locator, search: string, zone: string) => {
    await input.click();
    await input.fill(search);
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${zone} (UTC"]`,
      )
      .click();
  };

  /** Searches the terminal list for the test's terminal and opens its details drawer. */
  const openDetails = async (page: Page) => {
    await page.getByTestId('terminal-search-keyword').fill(TERMINAL);
    await page.getByTestId('terminal-search').click();
    const row = page.locator('.ant-table-row', { hasText: TERMINAL });
    await row.getByTestId('terminal-details').click();
    return page.getByTestId('terminal-details-drawer');
  };

  it(
    'sets an office’s zone in its form and a terminal’s in the monitor; both show it, inherited or own (US)',
    {
      timeout: 120_000,
    },
    async () => {
      const violations: Violation[] = [];
      const before = await officeInfo();
      expect(before.timeZone).toBeNull();
      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        path: '/sys/office',
        defaultTimeout: 20_000,
        waitFor: '[data-testid=office-search] input',
      });
      await page.fill('[data-testid=office-search] input', BRANCH);
      await page
        .locator('[data-testid=office-search-hit]')
        .filter({ has: page.getByText(BRANCH, { exact: true }) })
        .click();
      const shown = page.getByTestId('office-time-zone-value');
      await shown.getByText(`${before.effectiveTimeZone} (UTC`, { exact: false }).waitFor();
      expect(await shown.textContent()).toMatch(/\(inherited\)$/);
      // The empty field names what it inherits.
      const field = page.locator('.ant-form-item', { has: page.locator('#officeForm_timeZone') });
      await field.getByText(`Inherit: ${before.inheritedTimeZone} (UTC`, { exact: false }).waitFor();

      // Search by a part of the name with a space for the underscore; the option shows the offset.
      await pickZone(page, page.locator('#officeForm_timeZone'), 'berlin', 'Europe/Berlin');
      violations.push(...(await scanPage(page, '/sys/office time zone field')));
      await page.getByTestId('office-save').click();
      await expectMessage(page, 'Institution saved');
      await page.waitForFunction(() =>
        /^Europe\/Berlin \(UTC\+0[12]:00\)$/.test(
          document.querySelector('[data-testid=office-time-zone-value]')?.textContent ?? '',
        ),
      );
      expect(await officeInfo()).toMatchObject({
        timeZone: 'Europe/Berlin',
        effectiveTimeZone: 'Europe/Berlin',
      });

      // The terminal in the office inherits it.
      await page.goto(`${suite.server.url}/terminalMonitor/monitor`);
      await page.getByTestId('terminal-claim').waitFor();
      let drawer = await openDetails(page);
      const zoneOf = drawer.getByTestId('terminal-details-time-zone');
      await zoneOf.getByText(/^Europe\/Berlin \(UTC\+0[12]:00\) \(inherited\)$/).waitFor();

      // Its own zone through the command menu: the dialog names what it would inherit.
      const entry = page.locator(
        '.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=terminal-command-timeZone]',
      );
      await chooseFromMenu(page, drawer.getByTestId('terminal-commands'), entry);
      const dialog = page.locator('.ant-modal', { has: page.locator('#terminalTimeZone_timeZone') });
      await dialog.getByText('Inherit: Europe/Berlin (UTC', { exact: false }).waitFor();
      await pickZone(page, page.locator('#terminalTimeZone_timeZone'), 'tokyo', 'Asia/Tokyo');
      violations.push(...(await scanPage(page, '/terminalMonitor/monitor time zone dialog')));
      await confirmDialog(page, '#terminal-timeZone-ok');
      await expectMessage(page, 'Time zone saved (terminals: 1)');
      await zoneOf.getByText('Asia/Tokyo (UTC+09:00)', { exact: true }).waitFor();
      expect(await terminalInfo()).toMatchObject({ timeZone: 'Asia/Tokyo', effectiveTimeZone: 'Asia/Tokyo' });
      await closeDrawer(page);

      // Cleared again: it inherits the office's zone.
      drawer = await openDetails(page);
      await chooseFromMenu(page, drawer.getByTestId('terminal-commands'), entry);
      const select = page.locator('.ant-modal .ant-select', {
        has: page.locator('#terminalTimeZone_timeZone'),
      });
      await select.getByText('Asia/Tokyo (UTC+09:00)').waitFor();
      await select.hover();
      await select.locator('.ant-select-clear').click();
      await confirmDialog(page, '#terminal-timeZone-ok');
      await expectMessage(page, 'Time zone saved (terminals: 1)');
      await zoneOf.getByText(/\(inherited\)$/).waitFor();
      expect(await terminalInfo()).toMatchObject({ timeZone: null, effectiveTimeZone: 'Europe/Berlin' });

      expect(violations, describeViolations(violations)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('offers the terminal’s zone only to those who may change its settings; labels in Chinese (CN)', async () => {
    const { context, page, errors } = await openTerminalMonitor(suite, 'CN', OPERATOR);
    const drawer = await openDetails(page);
    await drawer
      .getByTestId('terminal-details-time-zone')
      .getByText(/（继承）$/)
      .waitFor();
    await drawer.getByTestId('terminal-commands').click();
    const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', {
      has: page.getByTestId('terminal-command-timeZone'),
    });
    await entry.getByText('时区').waitFor();
    expect(await entry.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
    // Unchanged by anyone.
    expect((await terminalInfo()).timeZone).toBeNull();
  });
});
