import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDrawer, expectMessage } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { blankProgram } from '../support/programs.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import {
  claimTerminal,
  openPlayer,
  openTerminalMonitor,
  pairingCode,
  waitForConnection,
  type PlayerPage,
} from '../support/player.js';
import { ADMIN, adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);

/** In message production: names the message, writes its text and chooses the terminal `terminal` as its target. */
async function fillMessage(page: Page, name: string, text: string, terminal: string) {
  await page.getByTestId('message-name').fill(name);
  await page.getByTestId('message-text').fill(text);
  await page.getByTestId('message-target-terminals').click();
  const search = page.getByTestId('message-terminal-search').locator('input');
  await search.fill(terminal);
  await search.press('Enter');
  await page
    .locator('.ant-modal .ant-table-row', { hasText: terminal })
    .locator('.ant-checkbox-input')
    .check();
  await page.click('#message-terminals-ok');
  await page.getByTestId('message-target-terminal-count').getByText('1 terminals chosen').waitFor();
}

/** Answers Yes in the confirmation that asks `question` (earlier ones stay in the page, hidden). */
async function confirmYes(page: Page, question: string) {
  const pop = page.locator('.ant-popconfirm:visible', { hasText: question });
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary', { hasText: 'Yes' }).click();
  await pop.waitFor({ state: 'hidden' });
}

/** The message `id` on the player's screen (above the program). */
const onScreen = (player: PlayerPage, id: number) =>
  player.page.locator(`[data-testid=message-layer] [data-message-id="${id}"]`);

/** The id of the message the delivery drawer of the list was opened for (`?delivery=N`). */
const deliveryId = (page: Page) => Number(new URL(page.url()).searchParams.get('delivery'));

/** A user who may look at messages and their delivery, and do nothing else with them. */
const WATCHER = { user: `mw${stamp}`, password: 'Watcher#2026pass' };

describe('messages', () => {
  const suite = adminSuite({
    seed: (s) =>
      createUserWithRole(s.server.url, s.cookie, {
        roleName: `Message watcher ${stamp}`,
        grants: 'home:view,content:view,message:list:view',
        loginName: WATCHER.user,
        name: 'Mia Watcher',
        password: WATCHER.password,
      }),
  });
  const violations: Violation[] = [];
  // The first test's player, terminal and ticker, for the terminal's own view of its messages.
  let player: PlayerPage;
  let terminal = '';
  let ticker = '';
  let tickerId = 0;

  it('sends a ticker made in the form to a paired player, counts its acknowledgement live, then a takeover that is stopped (US)', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    terminal = `Message screen ${stamp}`;
    await claimTerminal(suite.server.url, suite.cookie, code, office.id, terminal);

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/message/form',
      waitFor: '[data-testid=message-form]',
      viewport: WIDE_VIEWPORT,
    });
    // A ticker: the preview draws it with the shared renderer as it is typed.
    ticker = `Ticker ${stamp}`;
    await fillMessage(page, ticker, `Doors close at 18:00 ${stamp}`, terminal);
    await page.locator('[data-testid=message-preview] [data-message-kind=ticker]').waitFor();
    await expect.poll(() => page.getByTestId('message-status').innerText()).toBe('Unsaved changes');
    violations.push(...(await scanPage(page, '/message/form ticker')));

    await page.getByTestId('message-save-send').click();
    await expectMessage(page, 'Sent to 1 terminals');
    await page.waitForURL(/\/publishMessage\/list\?delivery=\d+/);
    tickerId = deliveryId(page);
    // The drawer follows the acknowledgement as the player answers.
    const drawer = page.getByTestId('message-delivery-drawer');
    await drawer.getByTestId('message-delivery-acked').getByText('1 of 1 terminals acknowledged').waitFor({
      timeout: 30_000,
    });
    await drawer
      .locator('.ant-table-row', { hasText: terminal })
      .getByTestId('message-delivery-state')
      .waitFor();
    // Filtered by state: none failed; all of them is the one terminal.
    await drawer.getByTestId('message-delivery-count-failed').click();
    await drawer.getByText('No terminals in this state').waitFor();
    await drawer.getByText('All 1').click();
    await drawer.locator('.ant-table-row', { hasText: terminal }).waitFor();
    await onScreen(player, tickerId).waitFor({ state: 'attached', timeout: 30_000 });
    expect(await onScreen(player, tickerId).getAttribute('data-message-kind')).toBe('ticker');
    violations.push(...(await scanPage(page, '/publishMessage/list delivery drawer')));
    await closeDrawer(page);

    // The list shows it sent, with its acknowledgement count; its preview draws it.
    await page.getByTestId('message-search-keyword').fill(ticker);
    await page.getByTestId('message-search').click();
    const row = page.locator('.ant-table-row', { hasText: ticker });
    await row.getByTestId('message-state').getByText('Sent').waitFor();
    await row.getByTestId('message-delivery').getByText('1 of 1 terminals acknowledged').waitFor();
    await row.getByTestId('message-preview').click();
    await page.locator('[data-testid=message-preview-modal] [data-message-kind=ticker]').waitFor();
    violations.push(...(await scanPage(page, '/publishMessage/list preview')));
    await page.keyboard.press('Escape');
    await page.getByTestId('message-preview-modal').waitFor({ state: 'detached' });

    // A takeover, sent from the form; it covers the player's screen until it is stopped from the list.
    await page.getByTestId('message-create').click();
    await page.waitForURL(/\/message\/form$/);
    await page.getByTestId('message-form').waitFor();
    await page.getByTestId('message-kind').getByText('Takeover').click();
    const takeover = `Takeover ${stamp}`;
    await fillMessage(page, takeover, `Please leave the building ${stamp}`, terminal);
    await page.locator('[data-testid=message-preview] [data-message-kind=takeover]').waitFor();
    violations.push(...(await scanPage(page, '/message/form takeover')));
    await page.getByTestId('message-save-send').click();
    await expectMessage(page, 'Sent to 1 terminals');
    await page.waitForURL(/\/publishMessage\/list\?delivery=\d+/);
    const takeoverId = deliveryId(page);
    await page
      .getByTestId('message-delivery-drawer')
      .getByTestId('message-delivery-acked')
      .getByText('1 of 1 terminals acknowledged')
      .waitFor({ timeout: 30_000 });
    await onScreen(player, takeoverId).waitFor({ state: 'attached', timeout: 30_000 });
    await closeDrawer(page);

    const banner = page.getByTestId('message-running-takeover').filter({ hasText: takeover });
    await banner.getByTestId('message-stop-takeover').click();
    await confirmYes(page, `Stop “${takeover}” on every screen now?`);
    await expectMessage(page, `“${takeover}” is being stopped on every screen`);
    await onScreen(player, takeoverId).waitFor({ state: 'detached', timeout: 30_000 });
    await banner.waitFor({ state: 'detached' });
    // The ticker stays.
    expect(await onScreen(player, tickerId).count()).toBe(1);

    const stopped = await suite.api<{ status: string }>(
      `/a/api/publishMessage/getPublishMessage?id=${takeoverId}`,
    );
    expect(stopped.status).toBe('stopped');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('lists a terminal’s messages in its details, stops the ticker there only and plays it again (US)', async () => {
    const { context, page, errors } = await openTerminalMonitor(suite, 'US', ADMIN);
    await page.getByTestId('terminal-search-keyword').fill(terminal);
    await page.getByTestId('terminal-search').click();
    await page.locator('.ant-table-row', { hasText: terminal }).getByTestId('terminal-details').click();
    const drawer = page.getByTestId('terminal-details-drawer');
    await drawer.getByRole('tab', { name: 'Messages' }).click();
    const held = drawer.getByTestId('terminal-messages').locator('.ant-table-row', { hasText: ticker });
    await held.getByTestId('terminal-message-state').getByText('Showing').waitFor({ timeout: 30_000 });
    violations.push(...(await scanPage(page, '/terminalMonitor/monitor terminal messages')));

    await held.getByTestId('terminal-message-stop').click();
    await confirmYes(page, `Stop “${ticker}” on this terminal only?`);
    await expectMessage(page, `“${ticker}” is being stopped on this terminal`);
    await onScreen(player, tickerId).waitFor({ state: 'detached', timeout: 30_000 });

    // Played there again now.
    await drawer.getByTestId('terminal-play-message').click();
    await page.getByTestId('terminal-play-message-select').click();
    await page.keyboard.type(ticker);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ticker }).click();
    await page.click('#terminal-play-message-ok');
    await expectMessage(page, 'The message was sent to the terminal');
    await onScreen(player, tickerId).waitFor({ state: 'attached', timeout: 30_000 });

    // Stopped there once more, then played from the commands menu, whose progress follows the command.
    await held.getByTestId('terminal-message-state').getByText('Showing').waitFor({ timeout: 30_000 });
    await held.getByTestId('terminal-message-stop').click();
    await confirmYes(page, `Stop “${ticker}” on this terminal only?`);
    await onScreen(player, tickerId).waitFor({ state: 'detached', timeout: 30_000 });
    await drawer.getByTestId('terminal-commands').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=terminal-command-playMessage]')
      .click();
    await page.getByTestId('terminal-play-message-select').click();
    await page.keyboard.type(ticker);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ticker }).click();
    await page.click('#terminal-play-message-ok');
    await expectMessage(page, 'The command “Play message now” was sent (terminals: 1)');
    await page.getByTestId('terminal-command-progress').waitFor();
    await onScreen(player, tickerId).waitFor({ state: 'attached', timeout: 30_000 });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
    await player.context.close();
  });

  it('refuses to send a message without terminals (saying why), moves it to the recycle bin, restores it, deletes it for good (US)', async () => {
    const name = `Bin ${stamp}`;
    const saved = await suite.api<{ id: number }>('/a/api/publishMessage/ajaxSave', {
      name,
      document: {
        kind: 'notice',
        text: 'Lift out of order',
        font: { family: 'sans-serif', size: 40, color: '#ffffff', bold: false, italic: false },
        background: '#000000cc',
        notice: { x: 25, y: 25, width: 50, height: 50, imageMaterialId: null, align: 'center' },
        priority: 5,
        validFrom: null,
        validUntil: null,
        weekdays: [],
        windows: [],
        repeat: null,
        durationSec: null,
      },
      targets: { terminalIds: [], groupIds: [], officeIds: [] },
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/publishMessage/list',
      waitFor: '[data-testid=message-create]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('message-search-keyword').fill(name);
    await page.getByTestId('message-search').click();
    const row = page.locator('.ant-table-row', { hasText: name });
    // Without targets it cannot be sent: the refusal says why, in the console's language.
    await row.getByTestId('message-send').click();
    await confirmYes(page, `Send “${name}” to its 0 terminals now?`);
    await expectMessage(page, 'Its targets hold no claimed terminal', { error: true });
    await row.getByTestId('message-delete').click();
    await confirmYes(page, `Move “${name}” to the recycle bin?`);
    await expectMessage(page, 'Moved to the recycle bin: 1');
    await row.waitFor({ state: 'detached' });

    await page.getByTestId('message-view-bin').click();
    const binned = page.locator('.ant-table-row', { hasText: name });
    await binned.getByTestId('message-restore').click();
    await confirmYes(page, `Restore “${name}” from the recycle bin?`);
    await expectMessage(page, 'Restored: 1');
    await binned.waitFor({ state: 'detached' });
    const restored = await suite.api<{ deletedAt: string | null }>(
      `/a/api/publishMessage/getPublishMessage?id=${saved.id}`,
    );
    expect(restored.deletedAt).toBeNull();

    // Deleted again, then for good from the recycle bin.
    await page.getByTestId('message-view').getByText('Messages').click();
    await row.getByTestId('message-delete').click();
    await confirmYes(page, `Move “${name}” to the recycle bin?`);
    await expectMessage(page, 'Moved to the recycle bin: 1');
    await page.getByTestId('message-view-bin').click();
    await binned.getByTestId('message-purge').click();
    await confirmYes(page, `Delete “${name}” for good? This cannot be undone.`);
    await expectMessage(page, 'Deleted for good: 1');
    violations.push(...(await scanPage(page, '/publishMessage/list recycle bin')));
    const gone = await fetch(
      `${suite.server.url}/apm-web/a/api/publishMessage/getPublishMessage?id=${saved.id}`,
      { headers: { cookie: suite.cookie } },
    );
    expect(gone.status).toBe(404);
    // The refused send answers 400: the only error the browser may log.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('refuses to save a message without a name or text, naming the fields (US)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/message/form',
      waitFor: '[data-testid=message-form]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('message-save').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Please fill in Name' }).waitFor();
    await expectMessage(page, 'Please correct the marked fields', { error: true });
    await page.getByTestId('message-name').fill(`Empty ${stamp}`);
    await page.getByTestId('message-save').click();
    await page
      .locator('.ant-form-item-explain-error', {
        hasText: 'Please enter the text (or choose an image or a program)',
      })
      .waitFor();
    // An emptied number names its field too.
    await page.getByTestId('message-text').fill('Hello');
    await page.getByTestId('message-font-size').fill('');
    await page.getByTestId('message-save').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Please fill in Font size' }).waitFor();
    const listed = await suite.api<{ count: number }>(
      `/a/api/publishMessage/list?keyword=${encodeURIComponent(`Empty ${stamp}`)}`,
    );
    expect(listed.count).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('makes a notice with an image of the library, drawn in the preview, and saves it (FR)', async () => {
    const image = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      `notice-${stamp}.png`,
      makePng(64, 48, [240, 120, 10]),
      null,
    );
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'FR',
      path: '/message/form',
      waitFor: '[data-testid=message-form]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('message-kind').getByText('Encart').click();
    const name = `Encart ${stamp}`;
    await page.getByTestId('message-name').fill(name);
    await page.getByTestId('message-text').fill('Ascenseur en panne');
    await page.getByTestId('message-notice-image').click();
    const drawer = page.getByTestId('material-drawer');
    await drawer.getByTestId('material-drawer-search').locator('input').fill(`notice-${stamp}`);
    await drawer.getByTestId('material-drawer-search').locator('input').press('Enter');
    await drawer
      .getByTestId('material-pick-card')
      .filter({ hasText: `notice-${stamp}` })
      .click();
    await drawer.getByTestId('material-drawer-pick').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('message-notice-image-name').getByText(`notice-${stamp}.png`).waitFor();
    await page.locator('[data-testid=message-preview] [data-message-kind=notice] img').waitFor();
    violations.push(...(await scanPage(page, '/message/form notice (FR)')));
    await page.getByTestId('message-save').click();
    await expectMessage(page, 'Message enregistré');
    await page.waitForURL(/\/message\/form\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await suite.api<{ document: { kind: string; notice: { imageMaterialId: number } } }>(
      `/a/api/publishMessage/getPublishMessage?id=${id}`,
    );
    expect(saved.document).toMatchObject({ kind: 'notice', notice: { imageMaterialId: image.id } });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('makes a takeover that plays a program instead of text, the program playing in the preview (US)', async () => {
    const programName = `Evacuation ${stamp}`;
    const program = await suite.api<{ id: number }>('/a/api/program/save', {
      document: blankProgram(programName, { background: '#204080' }),
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/message/form',
      waitFor: '[data-testid=message-form]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('message-kind').getByText('Takeover').click();
    const name = `Program takeover ${stamp}`;
    await page.getByTestId('message-name').fill(name);
    await page.getByTestId('message-takeover-program').click();
    await page.keyboard.type(programName);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: programName })
      .click();
    // No text needed: the program plays full screen in its place.
    await page.locator('[data-testid=message-preview] [data-takeover-content=program]').waitFor();
    await page.getByTestId('message-save').click();
    await expectMessage(page, 'Message saved');
    await page.waitForURL(/\/message\/form\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await suite.api<{ document: { takeover: { programId: number }; text: string } }>(
      `/a/api/publishMessage/getPublishMessage?id=${id}`,
    );
    expect(saved.document).toMatchObject({ text: '', takeover: { programId: program.id } });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('shows a user who may only look the message actions disabled, saying why (CN)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'CN',
      account: WATCHER,
      path: '/publishMessage/list',
      waitFor: '[data-testid=message-table]',
      viewport: WIDE_VIEWPORT,
    });
    await page.waitForSelector('.ant-card-head-title:has-text("消息管理")');
    await page.getByTestId('message-search-keyword').fill(ticker);
    await page.getByTestId('message-search').click();
    const row = page.locator('.ant-table-row', { hasText: ticker });
    await row.getByTestId('message-state').getByText('已发送').waitFor();
    expect(await page.getByTestId('message-create').isDisabled()).toBe(true);
    for (const action of ['message-edit', 'message-resend', 'message-stop', 'message-delete']) {
      expect(await row.getByTestId(action).isDisabled(), action).toBe(true);
    }
    // The delivery is there to read.
    await row.getByTestId('message-delivery-open').click();
    await page.getByTestId('message-delivery-acked').getByText('1 / 1 台终端已确认').waitFor();
    expect(await page.getByTestId('message-delivery-resend-failed').isDisabled()).toBe(true);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('found no accessibility violations on the message pages', () => {
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
