import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import {
  claimTerminal,
  openPlayer,
  openTerminalMonitor,
  pairingCode,
  waitForConnection,
} from '../support/player.js';
import { blankProgram } from '../support/programs.js';
import { ADMIN, adminSuite, openSignedInPage } from '../support/suite.js';

const stamp = Date.now().toString(36);
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A plan playing one program all day, from two days ago for ten days (today in any zone). */
function allDayPlan(programId: number) {
  const now = Date.now();
  return {
    entries: [
      {
        id: 'allday',
        name: 'All day',
        kind: 'normal',
        priority: 5,
        items: [{ programId }],
        startDate: day(now - 2 * DAY),
        endDate: day(now + 10 * DAY),
        weekdays: [],
        rrule: null,
        exdates: [],
        rdates: [],
        windows: [],
        everyMinutes: null,
        perHour: null,
      },
    ],
    defaultProgramId: null,
  };
}

/** Waits until the list has loaded (no spinner over the table). */
async function tableSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, {
    timeout: 15_000,
  });
}

describe('play plans in the console', () => {
  const suite = adminSuite();
  const api = <T>(url: string, body?: unknown) => apiCall<T>(suite.server.url, suite.cookie, url, body);
  const violations: Violation[] = [];
  let programId = 0;
  let terminalName = '';

  it('lists a plan made through the API, finds it by name, deletes one after confirmation (US)', async () => {
    const program = await api<{ id: number }>('/a/api/program/save', {
      document: blankProgram(`Plan program ${stamp}`, { background: '#204080' }),
    });
    programId = program.id;
    const keep = `Morning plan ${stamp}`;
    const drop = `Doomed plan ${stamp}`;
    await api('/a/api/playPlan/save', { name: keep, document: allDayPlan(programId) });
    await api('/a/api/playPlan/save', { name: drop, document: allDayPlan(programId) });

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/playPlan/list',
      waitFor: '[data-testid=plan-create]',
    });
    await page.getByTestId('plan-search-keyword').fill(stamp);
    await page.getByTestId('plan-search').click();
    const row = page.locator('.ant-table-row', { hasText: keep });
    await row.waitFor();
    expect(await row.getByTestId('plan-validity').textContent()).toBe('Current');
    await tableSettled(page);
    violations.push(...(await scanPage(page, '/playPlan/list')));

    // Search narrows the list to the one plan.
    await page.getByTestId('plan-search-keyword').fill(`Doomed plan ${stamp}`);
    await page.getByTestId('plan-search').click();
    await page.locator('.ant-table-row', { hasText: keep }).waitFor({ state: 'detached' });
    const doomed = page.locator('.ant-table-row', { hasText: drop });
    await doomed.waitFor();

    // Delete asks first; "Yes" deletes it.
    await doomed.getByTestId('plan-delete').click();
    await page.locator('.ant-popconfirm', { hasText: `Delete “${drop}”?` }).waitFor();
    await page.click('.ant-popconfirm-buttons .ant-btn-primary:has-text("Yes")');
    await page.getByText('Plans deleted: 1').waitFor();
    await doomed.waitFor({ state: 'detached' });
    const left = await api<{ list: { name: string }[] }>(
      `/a/api/playPlan/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(stamp)}`,
    );
    expect(left.list.map((p) => p.name)).toEqual([keep]);

    // New opens plan production.
    await page.getByTestId('plan-create').click();
    await page.waitForURL(/\/playPlan\/planMake$/);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('publishes the plan to a paired player and shows that terminal’s timeline (US)', async () => {
    const { office } = await api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    terminalName = `Plan screen ${stamp}`;
    await claimTerminal(suite.server.url, suite.cookie, code, office.id, terminalName);
    const name = `Morning plan ${stamp}`;

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/playPlan/list',
      waitFor: '[data-testid=plan-create]',
    });
    await page.getByTestId('plan-search-keyword').fill(name);
    await page.getByTestId('plan-search').click();
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.getByTestId('plan-publish').click();
    await page.waitForURL(/\/publishSet\?planId=\d+/);
    await page.getByText(`Publish plan: ${name}`).waitFor();
    await page.getByTestId('publish-when-plan').waitFor();
    violations.push(...(await scanPage(page, 'publishSet plan settings')));
    await page.getByTestId('publish-next').click();
    await page.getByTestId('publish-terminal-search').locator('input').fill(terminalName);
    await page.getByTestId('publish-terminal-search').locator('input').press('Enter');
    const terminalRow = page.locator('.ant-table-row', { hasText: terminalName });
    await terminalRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('publish-selected-count').getByText('1 terminals selected').waitFor();
    await page.getByTestId('publish-next').click();
    expect(await page.getByTestId('publish-confirm-count').textContent()).toBe('1');
    await page.getByTestId('publish-submit').click();
    await page.getByText('Published to 1 terminals').waitFor();
    // The delivery view follows the terminal until it plays the plan's program.
    const delivery = page.getByTestId('delivery-view').locator('.ant-table-row', { hasText: terminalName });
    await delivery.locator('[data-testid=delivery-state][data-state=playing]').waitFor({ timeout: 30_000 });
    violations.push(...(await scanPage(page, 'publishSet plan delivery')));

    // Back on the list: one terminal, and the timeline of that terminal plays the plan's program.
    await page.getByTestId('publish-back').click();
    await page.getByTestId('plan-search-keyword').fill(name);
    await page.getByTestId('plan-search').click();
    const listed = page.locator('.ant-table-row', { hasText: name });
    await listed.getByTestId('plan-terminal-count').getByText('1').waitFor();
    await listed.getByTestId('plan-timeline').click();
    const drawer = page.getByTestId('plan-timeline-drawer');
    await drawer.getByTestId('timeline-view').waitFor();
    await drawer.getByTestId('timeline-now').getByText(`Plan program ${stamp}`).waitFor();
    expect(await drawer.getByTestId('timeline-day').count()).toBeGreaterThanOrEqual(7);
    violations.push(...(await scanPage(page, '/playPlan/list timeline drawer')));

    // The player follows it.
    await player.page.waitForSelector(`[data-program-id="${programId}"]`, {
      state: 'attached',
      timeout: 30_000,
    });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
    await player.context.close();
  });

  it('shows a terminal’s schedule from the terminal monitor, with its time zone (US)', async () => {
    const { context, page, errors } = await openTerminalMonitor(suite, 'US', ADMIN);
    await page.getByTestId('terminal-search-keyword').fill(terminalName);
    await page.getByTestId('terminal-search').click();
    const row = page.locator('.ant-table-row', { hasText: terminalName });
    await row.getByTestId('terminal-schedule').click();
    const drawer = page.getByTestId('terminal-schedule-drawer');
    await drawer.getByText(`Schedule: ${terminalName}`).waitFor();
    await drawer.getByTestId('timeline-now').getByText(`Plan program ${stamp}`).waitFor();
    expect(await drawer.getByTestId('timeline-zone').textContent()).toMatch(/^Times in \S+/);
    const blocks = drawer.locator('[data-testid=timeline-block][data-kind=normal]');
    expect(await blocks.count()).toBeGreaterThanOrEqual(7);
    violations.push(...(await scanPage(page, '/terminalMonitor/monitor schedule drawer')));
    // What plays at another instant: after the plan's last day nothing, within it the program.
    const at = async (ms: number) => {
      const input = drawer.locator('input[data-testid=timeline-at], [data-testid=timeline-at] input').first();
      await input.click();
      await input.fill(new Date(ms).toISOString().slice(0, 16).replace('T', ' '));
      await input.press('Enter');
    };
    await at(Date.now() + 20 * DAY);
    await drawer.getByTestId('timeline-now').getByText('Nothing is scheduled in this period').waitFor();
    await at(Date.now() + 3 * DAY);
    await drawer.getByTestId('timeline-now').getByText(`Plan program ${stamp}`).waitFor();
    // A day, a week or a month from there.
    await drawer.getByTestId('timeline-period').getByText('Month').click();
    await expect.poll(() => drawer.getByTestId('timeline-day').count()).toBeGreaterThanOrEqual(31);
    await drawer.getByTestId('timeline-period').getByText('Day').click();
    await expect.poll(() => drawer.getByTestId('timeline-day').count()).toBeLessThanOrEqual(2);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('reviews plans: previews one, approves it, rejects another with a required note (US)', async () => {
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const good = `Reviewed good ${stamp}`;
      const bad = `Reviewed bad ${stamp}`;
      const goodPlan = await api<{ id: number; reviewState: string }>('/a/api/playPlan/save', {
        name: good,
        document: allDayPlan(programId),
      });
      expect(goodPlan.reviewState).toBe('pending');
      await api('/a/api/playPlan/save', { name: bad, document: allDayPlan(programId) });

      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        path: '/playPlan/checklist',
        waitFor: '[data-testid=plan-review-search]',
      });
      await page.getByTestId('plan-review-search').fill(stamp);
      const goodRow = page.locator('.ant-table-row', { hasText: good });
      await goodRow.waitFor();
      await tableSettled(page);
      violations.push(...(await scanPage(page, '/playPlan/checklist')));

      // Preview: the plan's next 7 days in this browser's zone, with its program.
      await goodRow.getByTestId('plan-review-preview').click();
      const drawer = page.getByTestId('plan-preview-drawer');
      await drawer.getByTestId('timeline-view').waitFor();
      await drawer.getByTestId('timeline-programs').first().getByText(`Plan program ${stamp}`).waitFor();
      expect(await drawer.getByTestId('timeline-day').count()).toBeGreaterThanOrEqual(7);
      violations.push(...(await scanPage(page, '/playPlan/checklist preview drawer')));
      await page.click('.ant-drawer-close >> visible=true');
      await drawer.waitFor({ state: 'detached' });

      await goodRow.getByTestId('plan-review-approve').click();
      await page.click('#review-note-ok');
      await page.getByText('Plans approved: 1').waitFor();
      await goodRow.waitFor({ state: 'detached' });

      // Rejecting needs a note: the field says so until one is given.
      const badRow = page.locator('.ant-table-row', { hasText: bad });
      await badRow.getByTestId('plan-review-reject').click();
      await page.click('#review-note-ok');
      await page.getByText('Please give the reason for the rejection').waitFor();
      violations.push(...(await scanPage(page, '/playPlan/checklist reject dialog')));
      await page.locator('.ant-modal textarea').fill('The logo is outdated');
      await page.click('#review-note-ok');
      await page.getByText('Plans rejected: 1').waitFor();
      await badRow.waitFor({ state: 'detached' });

      const plans = await api<{ list: { name: string; reviewState: string; reviewNote: string | null }[] }>(
        `/a/api/playPlan/list?pageNo=1&pageSize=20&keyword=${encodeURIComponent('Reviewed')}`,
      );
      expect(plans.list.find((p) => p.name === good)?.reviewState).toBe('approved');
      expect(plans.list.find((p) => p.name === bad)).toMatchObject({
        reviewState: 'rejected',
        reviewNote: 'The logo is outdated',
      });
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });

  it('found no accessibility violations on the plan pages', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
