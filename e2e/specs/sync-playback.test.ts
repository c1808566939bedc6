import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  waitForConnection,
  type PlayerPage,
} from '../support/player.js';
import { adminSuite } from '../support/suite.js';

const SCENE_MS = 1500;
const COLOURS = ['#c01010', '#10a010', '#1030c0'];

/** Three scenes of 1.5 s on a 3840×1080 canvas (two 1920×1080 screens side by side), each with a label per half. */
function wideProgram() {
  const font = { family: 'sans-serif', size: 96, color: '#ffffff' };
  const label = (id: string, x: number, text: string) => ({
    id,
    type: 'text',
    x,
    y: 400,
    w: 1200,
    h: 200,
    rotation: 0,
    z: 1,
    props: { html: `<p>${text}</p>`, font, align: 'left', verticalAlign: 'middle', marquee: null },
  });
  return {
    formatVersion: 2,
    name: 'Lobby wall',
    canvas: { w: 3840, h: 1080, realWidth: 3840, realHeight: 1080 },
    scenes: COLOURS.map((color, i) => ({
      id: `s${i}`,
      name: `Scene ${i + 1}`,
      main: true,
      background: { color, materialId: null, fit: 'cover' },
      durationMs: SCENE_MS,
      untilTouched: false,
      transition: { name: 'none', durationMs: 0 },
      widgets: [label(`left${i}`, 200, `Left ${i + 1}`), label(`right${i}`, 2200, `Right ${i + 1}`)],
    })),
  };
}

/**
 * Records, in the player page, when each scene element entered the stage (the machine's clock, ms), and a
 * heartbeat every 10 ms: how late the page's own timers ran at an instant, which on a loaded machine (two
 * screens, the console and the server on two cores) is the page's delay, not the player's.
 */
async function recordScenes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sceneLog: [number, string][]; beats: number[] };
    const now = () => performance.timeOrigin + performance.now();
    w.sceneLog = [];
    w.beats = [];
    setInterval(() => w.beats.push(now()), 10);
    new MutationObserver((records) => {
      const at = now();
      for (const r of records) {
        for (const node of Array.from(r.addedNodes)) {
          if (node instanceof HTMLElement && node.classList.contains('apm-scene'))
            w.sceneLog.push([at, node.dataset.sceneId ?? '']);
        }
      }
    }).observe(document.getElementById('stage')!, { childList: true, subtree: true });
  });
}

/** How much later than every 10 ms the page's heartbeat ran after `due` (ms): 0 on an idle machine. */
function stallAt(beats: number[], due: number): number {
  const next = beats.find((beat) => beat >= due);
  return next === undefined ? 0 : Math.max(0, next - due - 10);
}

/** Each member's clock estimate as the group's detail shows it (from the terminals' heartbeats). */
async function memberClocks(suite: ReturnType<typeof adminSuite>, groupId: number) {
  const detail = await suite.api<{
    members: { clockOffsetMs: number | null; clockDelayMs: number | null }[];
  }>(`/a/api/syncGroup/syncGroupDetail?id=${groupId}`);
  return detail.members.map((m) => ({
    offsetMs: m.clockOffsetMs,
    delayMs: m.clockDelayMs,
    settled: m.clockDelayMs !== null && m.clockDelayMs <= 20,
  }));
}

const sceneLog = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sceneLog: [number, string][]; beats: number[] };
    return { scenes: w.sceneLog, beats: w.beats };
  });

describe('synchronized playback with two real web players', () => {
  const suite = adminSuite();
  const players: PlayerPage[] = [];
  const terminalIds: number[] = [];
  let programId: number;
  let groupId: number;

  beforeAll(async () => {
    const office = (await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo')).office;
    for (const name of ['Wall left', 'Wall right']) {
      const player = await openPlayer(suite.browser, suite.server.url);
      players.push(player);
      terminalIds.push(
        await claimTerminal(suite.server.url, suite.cookie, await pairingCode(player.page), office.id, name),
      );
    }
    await Promise.all(players.map((p) => waitForConnection(p.page, 'open')));
    programId = (await suite.api<{ id: number }>('/a/api/program/save', { document: wideProgram() })).id;
  });
  afterAll(async () => {
    if (groupId) await suite.api('/a/api/syncGroup/deleteSyncGroup', { ids: [groupId] });
    await Promise.all(players.map((p) => p.context.close()));
  });

  it('starts every scene on both screens at the instants the group agreed', async () => {
    const group = await suite.api<{ id: number; epochMs: number }>('/a/api/syncGroup/saveSyncGroup', {
      name: 'Lobby mirror',
      mode: 'mirror',
      programId,
      members: terminalIds.map((terminalId) => ({ terminalId })),
    });
    groupId = group.id;
    for (const p of players) {
      await p.page.waitForSelector(`[data-testid=player-screen][data-sync-group="${group.id}"]`, {
        timeout: 30_000,
      });
    }
    // A screen plays on its estimate of the server's clock, whose error is up to half the quickest round
    // trip's delay: on a loaded machine the first round trips can take hundreds of ms. The console shows
    // each member's estimate; the scenes are measured once both are settled (quickest round trip ≤ 20 ms).
    await expect
      .poll(async () => (await memberClocks(suite, group.id)).every((m) => m.settled), { timeout: 90_000 })
      .toBe(true);
    for (const p of players) await recordScenes(p.page);
    await new Promise((r) => setTimeout(r, 5 * SCENE_MS + 300));
    const cycle = COLOURS.length * SCENE_MS;
    const clocks = JSON.stringify(await memberClocks(suite, group.id));
    for (const p of players) {
      const { scenes, beats } = await sceneLog(p.page);
      expect(scenes.length).toBeGreaterThanOrEqual(4);
      for (const [at, sceneId] of scenes) {
        // Scene i starts at epoch + k × cycle + i × 1.5 s: how far from its nearest such instant it entered.
        const index = Number(sceneId.slice(1));
        const sinceStart = at - group.epochMs - index * SCENE_MS;
        const off = sinceStart - Math.round(sinceStart / cycle) * cycle;
        // Late by no more than 100 ms beyond what the page's own timers were late by then (with both clocks
        // within 2 ms, a scene came 144 ms late in a run with a load of 10 on two cores); never 100 ms early.
        const stall = stallAt(beats, at - off);
        const where = `${sceneId} at ${at}, the page's timers ${stall.toFixed(0)} ms late (members' clocks: ${clocks})`;
        expect(off, where).toBeGreaterThan(-100);
        expect(off, where).toBeLessThan(100 + stall);
      }
    }
  });

  it("shows each screen of a wall its half of the canvas, and the group's members with their clocks", async () => {
    const group = await suite.api<{ id: number; epochMs: number }>('/a/api/syncGroup/saveSyncGroup', {
      id: groupId,
      name: 'Lobby wall',
      mode: 'wall',
      programId,
      columns: 2,
      rows: 1,
      members: terminalIds.map((terminalId, column) => ({ terminalId, column, row: 0 })),
    });
    const visible = async (page: Page, text: string) => {
      const box = await page.getByText(text, { exact: true }).boundingBox();
      return !!box && box.x + box.width > 0 && box.x < 960;
    };
    const [left, right] = players.map((p) => p.page);
    // Until the new manifest arrives each screen still mirrors the whole canvas, both halves visible.
    const onlyHalf = async (page: Page, own: string, other: string) =>
      (await visible(page, own)) && !(await visible(page, other));
    await expect.poll(() => onlyHalf(left!, 'Left 1', 'Right 1'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => onlyHalf(right!, 'Right 1', 'Left 1'), { timeout: 30_000 }).toBe(true);
    expect(group.epochMs).toBeGreaterThan(0);
    // The detail tells each member's tile and its estimate of the server's clock (the same machine: near 0).
    await expect
      .poll(
        async () => {
          const detail = await suite.api<{
            members: { terminalId: number; column: number; online: boolean; clockOffsetMs: number | null }[];
          }>(`/a/api/syncGroup/syncGroupDetail?id=${groupId}`);
          return detail.members.map((m) => ({
            column: m.column,
            online: m.online,
            close: m.clockOffsetMs !== null && Math.abs(m.clockOffsetMs) < 100,
          }));
        },
        { timeout: 20_000 },
      )
      .toEqual([
        { column: 0, online: true, close: true },
        { column: 1, online: true, close: true },
      ]);
  });
});
