import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseFromMenu, confirmDialog, shownMessages } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { openTerminalMonitor } from '../support/player.js';
import { ADMIN, adminSuite } from '../support/suite.js';

/** May send commands, but neither change settings nor see programs. */
const OPERATOR = { user: 'oscar', password: 'Operator#2026pass' };
const PROGRAM = 'Morning news';
const APP_URL = 'https://updates.example.com/player-2.0.0.apk';

/**
 * What the page shows in French, the language the flow runs in: a string the console forgot to translate would show
 * there (the terminal page in English is checked by the terminal management spec).
 */
const FRENCH = {
  cookie: 'FR',
  done: 'Effectuée',
  failed: 'Échec',
  monday: 'Lundi',
  friday: 'Vendredi',
  saturday: 'Samedi',
  sunday: 'Dimanche',
  chooseWeekdays: 'Veuillez choisir Jours',
  badTime: 'Extinction à doit être une heure au format HH:mm, p. ex. 08:30',
  latitudeRange: 'Latitude doit être compris entre -90 et 90',
};

/** A command as the stand-in terminal received it. */
interface Received {
  name: string;
  params: Record<string, unknown>;
}

/** What the stand-in terminal in the browser has seen on its channel. */
interface ChannelLog {
  welcomed: boolean;
  commands: Received[];
}

describe('terminal command menu', () => {
  let office: { id: number; name: string };
  let programId: number;
  const suite = adminSuite({
    seed: async (s) => {
      office = (await s.api<{ office: { id: number; name: string } }>('/a/api/user/getUserInfo')).office;
      // With the audit switch off (the default) a saved program is approved.
      programId = (await s.api<{ id: number }>('/a/api/program/save', { document: textProgram(PROGRAM) })).id;
      await createUserWithRole(s.server.url, s.cookie, {
        roleName: 'Terminal operator',
        grants: 'home:view,terminal:view,terminal:monitor:view,terminal:monitor:command',
        loginName: OPERATOR.user,
        name: 'Oscar Operator',
        password: OPERATOR.password,
        officeId: office.id,
      });
    },
  });

  /** Registers a device (device API) and claims it into the office; answers its id and token. */
  const claimedDevice = async (deviceId: string, name: string) => {
    const res = await fetch(`${suite.server.url}/apm-web/terminal/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId,
        name,
        platform: 'simulator',
        appVersion: '1.0.0',
        resolution: '1920x1080',
      }),
    });
    const device = (
      (await res.json()) as { data: { terminalId: number; token: string; pairingCode: string } }
    ).data;
    await suite.api('/a/api/terminal/updateTerminalOffice', {
      pairingCode: device.pairingCode,
      officeId: office.id,
      name,
    });
    return device;
  };

  /**
   * Plays the terminal in a page of the server's origin: opens the channel with the device token,
   * sends heartbeats, records each command with its params and acknowledges it — except an app
   * update, refused the way the web player does.
   */
  const connectTerminal = async (page: Page, token: string) => {
    await page.goto(`${suite.server.url}/apm-web/f/common/publishKey`);
    await page.evaluate((deviceToken) => {
      const log: ChannelLog = { welcomed: false, commands: [] };
      (window as unknown as { channelLog: ChannelLog }).channelLog = log;
      const ws = new WebSocket(
        `${location.origin.replace(/^http/, 'ws')}/apm-web/terminal/ws?token=${encodeURIComponent(deviceToken)}`,
      );
      const status = {
        playing: { kind: 'idle' },
        volume: 35,
        appVersion: '1.0.0',
        clock: new Date().toISOString(),
        resolution: '1920x1080',
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as {
          type: string;
          commandId?: number;
          name?: string;
          params?: Record<string, unknown>;
          heartbeatSeconds?: number;
        };
        if (message.type === 'welcome') {
          log.welcomed = true;
          // Beats as asked, or the server takes the terminal for gone during the longer flow.
          let seq = 0;
          const beat = () => ws.send(JSON.stringify({ type: 'heartbeat', seq: ++seq, status }));
          beat();
          setInterval(beat, (message.heartbeatSeconds ?? 30) * 1000);
        } else if (message.type === 'command' && message.commandId) {
          log.commands.push({ name: message.name!, params: message.params ?? {} });
          const answer =
            message.name === 'updateApp'
              ? { ok: false, error: 'not supported by the web player' }
              : message.name === 'reportLocation'
                ? { ok: true, result: { latitude: 48.8584, longitude: 2.2945, accuracy: 12 } }
                : { ok: true, result: {} };
          ws.send(JSON.stringify({ type: 'ack', commandId: message.commandId, ...answer }));
        }
      };
    }, token);
    await page.waitForFunction(() => (window as unknown as { channelLog: ChannelLog }).channelLog.welcomed);
  };
  const lastCommand = async (page: Page) =>
    (await page.evaluate(() => (window as unknown as { channelLog: ChannelLog }).channelLog.commands)).at(-1);

  /** The open drop-down menu's entry of a command. */
  const menuEntry = (page: Page, command: string) =>
    page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=terminal-command-${command}]`);

  /** Waits until the progress dialog shows the delivery in `state` (tag text `label`), then closes it. */
  const expectDelivery = async (page: Page, state: string, label: string) => {
    const progress = page.locator('[data-testid=terminal-command-progress]');
    try {
      await progress
        .locator(`[data-testid=terminal-delivery-state][data-state=${state}]:has-text("${label}")`)
        .waitFor({ timeout: 15_000 });
    } catch (failure) {
      // What the dialogs and messages show says why (a refusal, or a state that never came).
      const shown = await page.locator('.ant-modal-wrap:visible').allTextContents();
      const messages = await shownMessages(page);
      throw new Error(
        `no ${state} delivery; dialogs: ${shown.join(' | ')}; messages: ${messages.join(' | ')}`,
        {
          cause: failure,
        },
      );
    }
    return progress;
  };
  const closeProgress = async (page: Page) => {
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=terminal-command-progress]').waitFor({ state: 'detached' });
  };

  /** Closes an open select drop-down by clicking the dialog's title (Escape could close the dialog). */
  const closeDropdown = async (page: Page) => {
    await page.click('.ant-modal-title');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
  };

  /** Picks an option of the open select drop-down by its text. */
  const pickOption = (page: Page, text: string) =>
    page.click(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`,
    );

  it('sends each form command and follows its delivery', { timeout: 180_000 }, async () => {
    const lang = FRENCH;
    const name = `Kiosk ${lang.cookie}`;
    const device = await claimedDevice(`e2e-commands-${lang.cookie.toLowerCase()}`, name);
    const { context, page, errors } = await openTerminalMonitor(suite, lang.cookie, ADMIN);
    // A device, not a page of ours: it runs on an API answer, whose CSP (rightly) allows no connection.
    const devicePage = await (await suite.browser.newContext({ bypassCSP: true })).newPage();
    await connectTerminal(devicePage, device.token);
    // The console's tab in front again: a background tab's animations stall, and clicks wait for them.
    await page.bringToFront();
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.locator('[data-presence=online]').waitFor({ timeout: 20_000 });
    const openMenu = (command: string) =>
      chooseFromMenu(page, row.locator('[data-testid=terminal-row-commands]'), menuEntry(page, command));

    // Play program now: the program is found by searching.
    await openMenu('playProgram');
    await page.click('#terminalPlay_programId');
    await page.fill('#terminalPlay_programId', 'morning');
    await page.click(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:has-text("${PROGRAM}")`,
    );
    await page.click('#terminal-play-ok');
    await expectDelivery(page, 'acked', lang.done);
    expect(await lastCommand(devicePage)).toEqual({ name: 'playProgram', params: { programId } });
    await closeProgress(page);

    // Power schedule: two rows, a bad time refused by the field's name first.
    await openMenu('powerSchedule');
    await page.click('#terminal-power-ok');
    await page.locator(`.ant-form-item-explain-error:text-is("${lang.chooseWeekdays}")`).waitFor();
    await page.click('#terminalPower_entries_0_weekdays');
    await pickOption(page, lang.friday);
    await pickOption(page, lang.monday);
    await closeDropdown(page);
    await page.fill('#terminalPower_entries_0_on', '08:00');
    await page.fill('#terminalPower_entries_0_off', '8 pm');
    await page.click('[data-testid=terminal-power-add]');
    await page.click('#terminalPower_entries_1_weekdays');
    await pickOption(page, lang.saturday);
    await pickOption(page, lang.sunday);
    await closeDropdown(page);
    await page.fill('#terminalPower_entries_1_on', '22:00');
    await page.fill('#terminalPower_entries_1_off', '02:00');
    await page.click('#terminal-power-ok');
    await page.locator(`.ant-form-item-explain-error:text-is("${lang.badTime}")`).waitFor();
    await page.fill('#terminalPower_entries_0_off', '20:00');
    await page.click('#terminal-power-ok');
    await expectDelivery(page, 'acked', lang.done);
    const entries = [
      { weekdays: [1, 5], on: '08:00', off: '20:00' },
      { weekdays: [0, 6], on: '22:00', off: '02:00' },
    ];
    expect(await lastCommand(devicePage)).toEqual({ name: 'powerSchedule', params: { entries } });
    await closeProgress(page);
    // Opened again for this one terminal, the form shows the stored schedule.
    await openMenu('powerSchedule');
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLInputElement>('#terminalPower_entries_1_off')?.value ?? '') === '02:00',
    );
    expect(await page.inputValue('#terminalPower_entries_0_on')).toBe('08:00');
    await page.click('#terminal-power-cancel');
    await page.locator('#terminalPower_entries_0_on').waitFor({ state: 'detached' });

    // Get position: the terminal answers where it is, and the server keeps it.
    await openMenu('reportLocation');
    await expectDelivery(page, 'acked', lang.done);
    expect(await lastCommand(devicePage)).toEqual({ name: 'reportLocation', params: {} });
    await closeProgress(page);
    await expect
      .poll(
        async () =>
          (
            await suite.api<{ latitude: number | null }>(
              `/a/api/terminal/terminalDetails?id=${device.terminalId}`,
            )
          ).latitude,
      )
      .toBe(48.8584);

    // Set location: an out-of-range latitude is refused by name.
    await openMenu('setLocation');
    await page.fill('#terminalLocation_latitude', '95');
    await page.fill('#terminalLocation_longitude', '9.19');
    await page.click('#terminal-location-ok');
    await page.locator(`.ant-form-item-explain-error:text-is("${lang.latitudeRange}")`).waitFor();
    await page.fill('#terminalLocation_latitude', '45.4642');
    await page.fill('#terminalLocation_address', 'Piazza del Duomo 1, Milano');
    await page.click('#terminal-location-ok');
    await expectDelivery(page, 'acked', lang.done);
    expect(await lastCommand(devicePage)).toEqual({
      name: 'setLocation',
      params: { latitude: 45.4642, longitude: 9.19, address: 'Piazza del Duomo 1, Milano' },
    });
    await closeProgress(page);

    // Delete cached files: asks first, then deletes all (no material ids).
    await openMenu('deleteFiles');
    await confirmDialog(page, '#terminal-command-confirm');
    await expectDelivery(page, 'acked', lang.done);
    expect(await lastCommand(devicePage)).toEqual({ name: 'deleteFiles', params: {} });
    await closeProgress(page);

    // Update app: asks first; the stand-in device refuses it, and the refusal shows with its reason.
    await openMenu('updateApp');
    await page.fill('#terminalUpdate_url', APP_URL);
    await page.fill('#terminalUpdate_version', ' 2.0.0 ');
    await page.click('#terminal-update-ok');
    await confirmDialog(page, '#terminal-update-confirm');
    const progress = await expectDelivery(page, 'failed', lang.failed);
    await progress
      .locator('[data-testid=terminal-delivery-error]:text-is("not supported by the web player")')
      .waitFor();
    expect(await lastCommand(devicePage)).toEqual({
      name: 'updateApp',
      params: { url: APP_URL, version: '2.0.0' },
    });
    await closeProgress(page);

    // The server kept the settings and the location.
    const details = await suite.api<{
      settings: Record<string, unknown>;
      latitude: number;
      address: string;
    }>(`/a/api/terminal/terminalDetails?id=${device.terminalId}`);
    expect(details).toMatchObject({
      settings: { powerSchedule: entries },
      latitude: 45.4642,
      address: 'Piazza del Duomo 1, Milano',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers an operator only the commands its permissions allow', async () => {
    await claimedDevice('e2e-commands-operator', 'Operator screen');
    const { context, page, errors } = await openTerminalMonitor(suite, 'US', OPERATOR);
    const row = page.locator('.ant-table-row', { hasText: 'Operator screen' });
    await row.locator('[data-testid=terminal-row-commands]').click();
    await menuEntry(page, 'deleteFiles').waitFor();
    const disabled = async (command: string) =>
      (await page
        .locator(
          `.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item-disabled [data-testid=terminal-command-${command}]`,
        )
        .count()) === 1;
    const states: Record<string, boolean> = {};
    for (const c of [
      'playProgram',
      'powerSchedule',
      'setLocation',
      'deleteFiles',
      'updateApp',
      'screenshot',
    ]) {
      states[c] = await disabled(c);
    }
    // Settings need terminal:settings:edit; choosing a program needs to see programs.
    expect(states).toEqual({
      playProgram: true,
      powerSchedule: true,
      setLocation: true,
      deleteFiles: false,
      updateApp: false,
      screenshot: false,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A program of one scene with a line of text (no materials). */
function textProgram(name: string) {
  return {
    formatVersion: 2,
    name,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [
      {
        id: 'main',
        name: 'Main',
        main: true,
        background: { color: '#203040', materialId: null, fit: 'cover' },
        durationMs: 10_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [
          {
            id: 'headline',
            type: 'text',
            x: 100,
            y: 800,
            w: 1700,
            h: 200,
            rotation: 0,
            z: 1,
            props: {
              html: `<p>${name}</p>`,
              font: { family: 'sans-serif', size: 72, color: '#ffffff' },
              align: 'left',
              verticalAlign: 'middle',
              marquee: null,
            },
          },
        ],
      },
    ],
  };
}
