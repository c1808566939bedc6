import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseFromMenu, closeDrawer, confirmDialog, expectMessage } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { openTerminalMonitor } from '../support/player.js';
import { ADMIN, adminSuite, expectPageInLanguage } from '../support/suite.js';

const WATCHER = { user: 'wendy', password: 'Watcher#2026pass' };

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'Terminal management' },
  {
    cookie: 'CN',
    title: '终端管理',
    claimed: '终端已添加',
    groupSaved: '分组已保存',
    saved: '终端已保存',
    done: '已完成',
    removed: '已移除 1 台终端',
  },
] as const;

interface TerminalRow {
  id: number;
  name: string;
  state: 'pending' | 'claimed';
  officeId: number | null;
  groupId: number | null;
  groupName: string | null;
  online: boolean;
}

interface Registration {
  terminalId: number;
  token: string;
  pairingCode: string;
}

/** What the stand-in terminal in the browser has seen on its channel. */
interface ChannelLog {
  welcomed: boolean;
  commands: string[];
  closeCode: number | null;
}

describe('terminal management page', () => {
  let office: { id: number; name: string };
  const suite = adminSuite({
    seed: async (s) => {
      const me = await s.api<{ office: { id: number; name: string } }>('/a/api/user/getUserInfo');
      office = me.office;
      // May look at terminals but neither add, edit, remove nor command them.
      await createUserWithRole(s.server.url, s.cookie, {
        roleName: 'Terminal watcher',
        grants: 'home:view,terminal:view,terminal:monitor:view',
        loginName: WATCHER.user,
        name: 'Wendy Watcher',
        password: WATCHER.password,
        officeId: office.id,
      });
    },
  });

  /** Registers a device the way a player does (device API, no session). */
  const register = async (deviceId: string, name: string): Promise<Registration> => {
    const res = await fetch(`${suite.server.url}/apm-web/terminal/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId,
        name,
        platform: 'simulator',
        appVersion: '9.1.0',
        resolution: '1920x1080',
      }),
    });
    const body = (await res.json()) as { code: number; data: Registration };
    expect([res.status, body.code]).toEqual([200, 0]);
    return body.data;
  };

  const findTerminal = async (keyword: string) =>
    (await suite.api<{ list: TerminalRow[] }>(`/a/api/terminal/list?keyword=${encodeURIComponent(keyword)}`))
      .list[0];

  /**
   * Plays the terminal in a page of the server's origin: opens the channel with the device token,
   * sends a heartbeat, and acknowledges commands (a screenshot is drawn on a canvas and uploaded).
   */
  const connectTerminal = async (page: Page, token: string) => {
    // Any page of the server's origin that is not the console (whose routing could reload it).
    await page.goto(`${suite.server.url}/apm-web/f/common/publishKey`);
    await page.evaluate((deviceToken: string) => {
      const log: ChannelLog = { welcomed: false, commands: [], closeCode: null };
      (window as unknown as { channelLog: ChannelLog }).channelLog = log;
      const ws = new WebSocket(
        `${location.origin.replace(/^http/, 'ws')}/apm-web/terminal/ws?token=${encodeURIComponent(deviceToken)}`,
      );
      const status = {
        playing: { kind: 'idle' },
        volume: 35,
        appVersion: '9.1.0',
        clock: new Date().toISOString(),
        resolution: '1920x1080',
      };
      const screenshot = async (commandId: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = 96;
        canvas.height = 54;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#1677ff';
        g.fillRect(0, 0, 96, 54);
        const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const res = await fetch(`/apm-web/terminal/screenshots?commandId=${commandId}`, {
          method: 'POST',
          headers: { authorization: `Device ${deviceToken}`, 'content-type': 'image/png' },
          body: png,
        });
        return ((await res.json()) as { data: { screenshotId: number } }).data.screenshotId;
      };
      ws.onmessage = async (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; commandId?: number; name?: string };
        if (message.type === 'welcome') {
          log.welcomed = true;
          ws.send(JSON.stringify({ type: 'heartbeat', seq: 1, status }));
        } else if (message.type === 'command' && message.commandId) {
          log.commands.push(message.name!);
          const result =
            message.name === 'screenshot' ? { screenshotId: await screenshot(message.commandId) } : {};
          ws.send(JSON.stringify({ type: 'ack', commandId: message.commandId, ok: true, result }));
        }
      };
      ws.onclose = (event) => (log.closeCode = event.code);
    }, token);
    await page.waitForFunction(() => (window as unknown as { channelLog: ChannelLog }).channelLog.welcomed);
  };
  const channelLog = (page: Page) =>
    page.evaluate(() => (window as unknown as { channelLog: ChannelLog }).channelLog);

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      path: '/terminalMonitor/monitor',
      texts: [english.title],
    }));

  it('claims, groups, renames, moves, commands and removes a terminal', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await openTerminalMonitor(suite, lang.cookie, ADMIN);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    const tag = lang.cookie.toLowerCase();
    const device = await register(`e2e-device-${tag}-0001`, `Player ${lang.cookie}`);

    // The waiting terminal is listed as pending (the administrator sees every pending terminal).
    await page.click('[data-testid=terminal-count-pending]');
    const pendingRow = page.locator('.ant-table-row', { hasText: `e2e-device-${tag}-0001` });
    await pendingRow.locator('[data-presence=pending]').waitFor();

    // Claim it by its pairing code.
    await page.click('[data-testid=terminal-claim]');
    // Found by scanning the operator's network (the device registered from this machine): picking it fills
    // in its pairing code.
    await page.click('[data-testid=terminal-scan-start]');
    await page
      .locator('[data-testid=terminal-scan] .ant-table-row', { hasText: `e2e-device-${tag}-0001` })
      .locator('[data-testid=terminal-scan-pick]')
      .click();
    await page.waitForFunction(
      (code) => document.querySelector<HTMLInputElement>('#terminalClaim_pairingCode')?.value === code,
      device.pairingCode,
    );
    // Typed over in lower case with a space, as read off a screen: the same code.
    const code = device.pairingCode.toLowerCase();
    await page.fill('#terminalClaim_pairingCode', `${code.slice(0, 3)} ${code.slice(3)}`);
    await page.click('#terminalClaim_officeId');
    await page.click(`.ant-select-tree-title:text-is("${office.name}")`);
    await page.fill('#terminalClaim_name', `Lobby ${lang.cookie}`);
    await page.click('#terminal-claim-save');
    await expectMessage(page, lang.claimed);
    const claimed = await findTerminal(`e2e-device-${tag}-0001`);
    expect(claimed).toMatchObject({
      id: device.terminalId,
      name: `Lobby ${lang.cookie}`,
      state: 'claimed',
    });
    expect(claimed!.officeId).toBe(office.id);

    // A wrong pairing code is refused with a message, and nothing is claimed.
    await page.click('[data-testid=terminal-claim]');
    await page.fill('#terminalClaim_pairingCode', 'ZZZZZZ');
    await page.click('#terminalClaim_officeId');
    await page.click(`.ant-select-tree-title:text-is("${office.name}")`);
    await page.click('#terminal-claim-save');
    await page.waitForSelector('[data-testid=terminal-claim-error]');
    // Closed by its button: Escape may only close the office picker's dropdown.
    await page.click('#terminal-claim-cancel');
    await page.waitForSelector('#terminalClaim_pairingCode', { state: 'detached' });

    // A group in the institution, chosen from the tree.
    await page.click('[data-testid=terminal-count-total]');
    await page.click(
      `[data-testid=terminal-office-tree] [data-testid=terminal-office-node]:has-text("${office.name}")`,
    );
    await page.click('[data-testid=terminal-createGroup]');
    await page.fill('#terminalGroup_name', `Entrance ${lang.cookie}`);
    await page.click('#terminal-group-save');
    await expectMessage(page, lang.groupSaved);
    // Back to the whole institution, where the terminal is.
    await page.click(`[data-testid=terminal-group-tree] .ant-tree-title:text-is("全部分组")`);

    // Rename it and move it into the group.
    const row = page.locator('.ant-table-row', { hasText: `e2e-device-${tag}-0001` });
    await row.locator('[data-testid=terminal-edit]').click();
    await page.fill('#terminalEdit_name', `Lobby ${lang.cookie} renamed`);
    await page.click('#terminalEdit_groupId');
    await page.click(`.ant-select-tree-title:text-is("Entrance ${lang.cookie}")`);
    await page.click('#terminal-edit-save');
    await expectMessage(page, lang.saved);
    await row.locator(`[data-testid=terminal-group]:text-is("Entrance ${lang.cookie}")`).waitFor();
    const moved = await findTerminal(`e2e-device-${tag}-0001`);
    expect(moved).toMatchObject({
      name: `Lobby ${lang.cookie} renamed`,
      groupName: `Entrance ${lang.cookie}`,
    });

    // The terminal connects; the row turns online with the next live-status refresh.
    // A device, not a page of ours: it runs on an API answer, whose CSP (rightly) allows no connection.
    const devicePage = await (await suite.browser.newContext({ bypassCSP: true })).newPage();
    await connectTerminal(devicePage, device.token);
    // The console's tab in front again: a background tab's animations stall, and clicks wait for them.
    await page.bringToFront();
    await row.locator('[data-presence=online]').waitFor({ timeout: 20_000 });

    // A screenshot from the row's menu; its delivery state reaches "done", with the image.
    await chooseFromMenu(
      page,
      row.locator('[data-testid=terminal-row-commands]'),
      page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=terminal-command-screenshot]`),
    );
    const progress = page.locator('[data-testid=terminal-command-progress]');
    await progress
      .locator(`[data-testid=terminal-delivery-state][data-state=acked]:has-text("${lang.done}")`)
      .waitFor({
        timeout: 15_000,
      });
    await progress.locator('[data-testid=terminal-command-screenshot] img').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid=terminal-command-screenshot] img')
          ?.naturalWidth === 96,
    );
    expect((await channelLog(devicePage)).commands).toEqual(['screenshot']);
    await page.keyboard.press('Escape');
    await progress.waitFor({ state: 'detached' });

    // The details drawer lists the command with its delivery state.
    await row.locator('[data-testid=terminal-details]').click();
    const drawer = page.locator('[data-testid=terminal-details-drawer]');
    await drawer.locator('.ant-tabs-tab').nth(2).click();
    await drawer.locator('.ant-table-row [data-state=acked]').waitFor();
    await drawer.locator('.ant-tabs-tab').nth(3).click();
    await drawer.locator('[data-testid=terminal-details-screenshot] img').waitFor();
    await closeDrawer(page);

    // Remove it: it disappears from the list and its channel is closed.
    await row.locator('[data-testid=terminal-remove]').click();
    await confirmDialog(page, '#terminal-remove-ok');
    await expectMessage(page, lang.removed);
    await row.waitFor({ state: 'detached' });
    expect(await findTerminal(`e2e-device-${tag}-0001`)).toBeUndefined();
    await devicePage.waitForFunction(
      () => (window as unknown as { channelLog: ChannelLog }).channelLog.closeCode === 4401,
    );

    // Only the refused pairing code (404) may have been logged.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('shows a viewer the terminals with the changing controls disabled', async () => {
    const device = await register('e2e-device-view-0001', 'Viewer screen');
    await suite.api('/a/api/terminal/updateTerminalOffice', {
      pairingCode: device.pairingCode,
      officeId: office.id,
      name: 'Watched screen',
    });
    const { context, page, errors } = await openTerminalMonitor(suite, 'US', WATCHER);
    const row = page.locator('.ant-table-row', { hasText: 'Watched screen' });
    await row.waitFor();
    expect(await page.isDisabled('[data-testid=terminal-claim]')).toBe(true);
    expect(await row.locator('[data-testid=terminal-edit]').isDisabled()).toBe(true);
    expect(await row.locator('[data-testid=terminal-remove]').isDisabled()).toBe(true);
    expect(await row.locator('[data-testid=terminal-row-commands]').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
