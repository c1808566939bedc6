import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDrawer, expectMessage } from '../support/antd.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { blankProgram } from '../support/programs.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);
const PROGRAM = `Sync wall loop ${stamp}`;
const SCREENS = [`Sync left ${stamp}`, `Sync right ${stamp}`];

/** Chooses the option `name` of the searchable select `testId` (typing narrows it on the server). */
async function choose(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
}

describe('synchronized playback page', () => {
  const violations: Violation[] = [];
  const suite = adminSuite({
    seed: async (s) => {
      const { office } = await s.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
      for (const [i, name] of SCREENS.entries()) {
        const res = await fetch(`${s.server.url}/apm-web/terminal/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            deviceId: `sync-${stamp}-${i}`,
            platform: 'simulator',
            appVersion: '1.0.0',
            resolution: '1920x1080',
          }),
        });
        const device = ((await res.json()) as { data: { pairingCode: string } }).data;
        await s.api('/a/api/terminal/updateTerminalOffice', {
          pairingCode: device.pairingCode,
          officeId: office.id,
          name,
        });
      }
      await s.api('/a/api/program/save', { document: blankProgram(PROGRAM, { w: 3840, h: 1080 }) });
    },
  });

  it('creates a wall of two terminals, lists it, edits it into a mirror, shows its members, deletes it', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/terminal/sync',
      waitFor: '[data-testid=sync-create]',
      viewport: WIDE_VIEWPORT,
    });
    const name = `Lobby wall ${stamp}`;
    await page.getByTestId('sync-create').click();
    await page.getByTestId('sync-name').fill(name);
    await choose(page, 'sync-program', PROGRAM);
    // Without terminals the wall is refused on its field.
    await page.click('#sync-save');
    await page
      .locator('.ant-form-item-explain-error', { hasText: 'A video wall needs at least one terminal' })
      .waitFor();
    for (const screen of SCREENS) await choose(page, 'sync-terminals', screen);
    await page.keyboard.press('Escape');
    // 2 × 1 by default: the chosen terminals fill the tiles in order, on a canvas split in two halves.
    const grid = page.getByTestId('sync-wall-grid');
    await grid.getByText('1920 × 1080 px').first().waitFor();
    await expect.poll(() => page.getByTestId('sync-tile-0-0').innerText()).toContain(SCREENS[0]);
    await expect.poll(() => page.getByTestId('sync-tile-1-0').innerText()).toContain(SCREENS[1]);
    violations.push(...(await scanPage(page, '/terminal/sync form')));
    await page.click('#sync-save');
    await expectMessage(page, 'Sync group saved');

    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Video wall\s+2 × 1/);
    expect(await row.innerText()).toContain(PROGRAM);
    expect(await row.innerText()).toContain('0 / 2');
    violations.push(...(await scanPage(page, '/terminal/sync list')));

    // Edit: renamed, and played as a mirror on both.
    await row.getByTestId('sync-edit').click();
    const renamed = `Lobby mirror ${stamp}`;
    await page.getByTestId('sync-name').fill(renamed);
    await page.getByTestId('sync-mode').getByText('Mirror').click();
    await page.click('#sync-save');
    await expectMessage(page, 'Sync group saved');
    const mirrored = page.locator('.ant-table-row', { hasText: renamed });
    await mirrored.waitFor();
    expect(await mirrored.innerText()).toContain('Mirror');

    // Details: both members with their live state.
    await mirrored.getByTestId('sync-details').click();
    const members = page.getByTestId('sync-members');
    for (const screen of SCREENS) await members.locator('.ant-table-row', { hasText: screen }).waitFor();
    expect(await members.innerText()).toContain('Offline');
    violations.push(...(await scanPage(page, '/terminal/sync details')));
    await closeDrawer(page);

    // Delete, after the confirmation.
    await mirrored.getByTestId('sync-delete').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await expectMessage(page, 'Sync group deleted');
    await mirrored.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('found no accessibility violations on the synchronized playback page', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
