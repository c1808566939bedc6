import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn } from '../support/api.js';
import { launchChromium } from '../support/chromium.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  simpleProgram,
  startKeptServer,
  waitForConnection,
  type PlayerPage,
} from '../support/player.js';
import type { ServerProcess } from '../support/server.js';

const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
// Windows are wall-clock times of the terminal's zone: the server's default here.
const ENV = { APM_ADMIN_USER: ADMIN.user, APM_ADMIN_PASSWORD: ADMIN.password, APM_TIME_ZONE: 'UTC' };

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An entry playing `programId` on one day in one window (UTC wall clock). */
function windowEntry(id: string, programId: number, start: number, end: number) {
  return {
    id,
    name: id,
    kind: 'normal',
    priority: 5,
    items: [{ programId }],
    startDate: day(start),
    endDate: day(start),
    weekdays: [],
    rrule: null,
    exdates: [],
    rdates: [],
    windows: [{ start: hhmm(start), end: hhmm(end) }],
    everyMinutes: null,
    perHour: null,
  };
}

describe('web player and play plans', () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let player: PlayerPage;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'apm-e2e-plans-'));
    server = await startKeptServer(ENV, dataDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await player?.context.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('switches programs at the plan boundary to the second, also while the server is stopped', async () => {
    const cookie = await apiSignIn(server.url, ADMIN.user, ADMIN.password);
    const officeId = (
      await apiCall<{ office: { id: number } }>(server.url, cookie, '/a/api/user/getUserInfo')
    ).office.id;
    player = await openPlayer(browser, server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminalId = await claimTerminal(server.url, cookie, code, officeId, 'Canteen');

    const material = await uploadMaterial(
      server.url,
      cookie,
      'dot.png',
      makePng(64, 64, [20, 160, 20]),
      null,
    );
    const save = (name: string, text: string, colour: string) =>
      apiCall<{ id: number }>(server.url, cookie, '/a/api/program/save', {
        document: simpleProgram(name, material.id, text, colour),
      });
    const breakfast = await save('Breakfast', 'Breakfast is served', '#1040c0');
    const lunch = await save('Lunch', 'Lunch is served', '#c04010');

    // The boundary: a whole minute at least 35 s ahead (time to publish, download and stop the server).
    const now = Date.now();
    const boundary = Math.ceil((now + 35_000) / 60_000) * 60_000;
    const document = {
      entries: [
        windowEntry('breakfast', breakfast.id, Math.floor(now / 60_000) * 60_000, boundary),
        windowEntry('lunch', lunch.id, boundary, boundary + 10 * 60_000),
      ],
      defaultProgramId: null,
    };
    const plan = await apiCall<{ id: number }>(server.url, cookie, '/a/api/playPlan/save', {
      name: 'Canteen day',
      document,
    });
    await apiCall(server.url, cookie, '/a/api/playPlan/saveTerminals', {
      planId: plan.id,
      terminalIds: [terminalId],
      groupIds: [],
      mode: 'replace',
    });

    // The server's timeline says where the switch is.
    const timeline = await apiCall<{
      segments: { start: string; end: string; programId: number | null; entryId: string | null }[];
    }>(
      server.url,
      cookie,
      `/a/api/playPlan/timeline?terminalId=${terminalId}&from=${new Date(boundary - 30_000).toISOString()}&to=${new Date(boundary + 30_000).toISOString()}`,
    );
    expect(timeline.segments.map((s) => [s.entryId, s.programId])).toEqual([
      ['breakfast', breakfast.id],
      ['lunch', lunch.id],
    ]);
    expect(Date.parse(timeline.segments[1]!.start)).toBe(boundary);

    await player.page.getByText('Breakfast is served').waitFor({ timeout: 30_000 });
    expect(Date.now()).toBeLessThan(boundary - 5000);

    // The server goes away; the player keeps the schedule by itself.
    await server.stop();
    await waitForConnection(player.page, 'closed');
    await player.page.getByText('Lunch is served').waitFor({ timeout: boundary - Date.now() + 10_000 });
    const switchedAt = Date.now();
    // Not before the boundary, and within two seconds after it (the page is polled every 100 ms or so).
    expect(switchedAt).toBeGreaterThanOrEqual(boundary);
    expect(switchedAt - boundary).toBeLessThan(2000);
    expect(await player.page.getByTestId('player-screen').getAttribute('data-plan-entry')).toBe('lunch');
  }, 180_000);
});
