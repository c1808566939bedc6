/**
 * bench:sync — how close two synchronized web players stay: the built server, two players in Debian's
 * Chromium (each its own context: its own terminal) in one mirror sync group playing a looping video, for
 * SYNC_SECONDS (default 600).
 *
 * Measured from outside the players: each page records every video frame it presents (the frame's media
 * time and when it was shown, by `requestVideoFrameCallback`), on the machine's clock — here the server's
 * too — so each frame's error against the group's loop is known without trusting the players' own
 * estimates of the server's clock; the pair's drift is the difference of their errors at the same moment.
 * Baseline, in the same run: the same two pages playing the same file in a bare `<video loop>` each, both
 * started at the same instant, without lockstep.
 *
 * Figures go to bench/README.md ("Synchronized playback").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiSignIn } from '../e2e/support/api.js';
import { launchChromium } from '../e2e/support/chromium.js';
import { uploadMaterial } from '../e2e/support/materials.js';
import { claimTerminal, openPlayer, pairingCode } from '../e2e/support/player-pairing.js';
import { startServer, stopServer, waitFor } from './editor/server.js';
import { ADMIN } from './editor/settings.js';

const SECONDS = Number(process.env.SYNC_SECONDS ?? 600);
/** The clip loops every this long; the scene (one cycle of the group's loop) is a minute. */
const CLIP_S = 10;
const SCENE_MS = 60_000;

/** A 640×360, 30 fps test pattern of CLIP_S seconds (H.264, as signage players are given). */
function makeClip(dir: string): Buffer {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${CLIP_S}:size=640x360:rate=30`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '30', file],
  ]);
  return readFileSync(file);
}

/** One scene of one looping, muted, full-screen video. */
function videoProgram(materialId: number) {
  return {
    formatVersion: 2,
    name: 'Sync bench',
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [
      {
        id: 'clip',
        name: 'Clip',
        main: true,
        background: { color: '#000000', materialId: null, fit: 'cover' },
        durationMs: SCENE_MS,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [
          {
            id: 'video',
            type: 'video',
            x: 0,
            y: 0,
            w: 1920,
            h: 1080,
            rotation: 0,
            z: 1,
            props: { items: [{ materialId }], muted: true, loop: true, fit: 'fill' },
          },
        ],
      },
    ],
  };
}

/**
 * Records, in the page, [wall-clock ms when shown, media time s] of every frame of every video that
 * appears. A string, not a function: tsx names the functions it compiles (`__name`), which the page lacks.
 */
const RECORD_FRAMES = `(() => {
  window.benchFrames = [];
  const seen = new WeakSet();
  setInterval(() => {
    for (const video of document.querySelectorAll('video')) {
      if (seen.has(video)) continue;
      seen.add(video);
      const onFrame = (_now, m) => {
        window.benchFrames.push([performance.timeOrigin + m.expectedDisplayTime, m.mediaTime, video.playbackRate]);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }
  }, 50);
})()`;

const recordFrames = (page: Page) => page.evaluate(RECORD_FRAMES);

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchFrames: [number, number, number][] }).benchFrames);

/** Each frame's error (ms, + ahead) against a loop begun at `epochMs`: scenes of SCENE_MS, the clip looping inside. */
function errors(frames: [number, number, number?][], epochMs: number): [number, number][] {
  const period = CLIP_S * 1000;
  return frames.map(([at, mediaS]) => {
    const inScene = (((at - epochMs) % SCENE_MS) + SCENE_MS) % SCENE_MS;
    let error = mediaS * 1000 - (inScene % period);
    if (error > period / 2) error -= period;
    if (error < -period / 2) error += period;
    return [at, error];
  });
}

/** |error of A − error of B| at each of A's frames, B's nearest frame within 40 ms. */
function pairDrift(a: [number, number][], b: [number, number][]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const [at, error] of a) {
    while (j + 1 < b.length && Math.abs(b[j + 1]![0] - at) <= Math.abs(b[j]![0] - at)) j++;
    if (b[j] && Math.abs(b[j]![0] - at) <= 40) out.push(Math.abs(error - b[j]![1]));
  }
  return out;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
/** How many pairs were 0–5, 5–10, … ms apart (to see one-frame slips apart from jitter). */
const histogram = (drift: number[]) => {
  const bins = [5, 10, 17, 25, 34, 50, Infinity];
  return bins
    .map(
      (top, i) =>
        `≤${top === Infinity ? '∞' : top}: ${drift.filter((d) => d <= top && (i === 0 || d > bins[i - 1]!)).length}`,
    )
    .join(', ');
};
const describe = (label: string, drift: number[], a: number[], b: number[]) =>
  `${label}: pair drift p50 ${ms(quantile(drift, 0.5))}, p95 ${ms(quantile(drift, 0.95))}, max ${ms(Math.max(...drift))} ` +
  `over ${drift.length} frame pairs; each player's |error| p95 ${ms(quantile(a, 0.95))} / ${ms(quantile(b, 0.95))}\n  pairs by drift (ms): ${histogram(drift)}`;

/** The baseline: both pages play the clip in a bare looping `<video>`, started at the same wall-clock instant. */
async function baseline(pages: Page[], clip: Buffer, seconds: number) {
  const startAt = Date.now() + 3000;
  await Promise.all(
    pages.map(async (page) => {
      await page.setContent('<body style="margin:0;background:#000"></body>');
      await recordFrames(page);
      await page.evaluate(
        `(() => {
          const bytes = Uint8Array.from(atob(${JSON.stringify(clip.toString('base64'))}), (c) => c.charCodeAt(0));
          const v = document.createElement('video');
          v.src = URL.createObjectURL(new Blob([bytes], { type: 'video/mp4' }));
          v.muted = true;
          v.loop = true;
          v.style.cssText = 'width:100vw;height:100vh';
          document.body.appendChild(v);
          setTimeout(() => void v.play(), ${startAt} - Date.now());
        })()`,
      );
    }),
  );
  await new Promise((r) => setTimeout(r, seconds * 1000 + 3000));
  const [a, b] = await Promise.all(pages.map((p) => framesOf(p).then((f) => errors(f, startAt))));
  return { a: a!, b: b! };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-bench-sync-'));
  const { server, baseUrl } = await startServer(path.join(dir, 'data'));
  let browser: Browser | null = null;
  try {
    await waitFor(`${baseUrl}/apm-web/f/common/isSysInit`, server);
    const cookie = await apiSignIn(baseUrl, ADMIN.user, ADMIN.password);
    const clipBytes = makeClip(dir);
    const clip = await uploadMaterial(baseUrl, cookie, 'clip.mp4', clipBytes, null, 'video/mp4');
    const program = await apiCall<{ id: number }>(baseUrl, cookie, '/a/api/program/save', {
      document: videoProgram(clip.id),
    });
    browser = await launchChromium();
    const players = await Promise.all([openPlayer(browser, baseUrl), openPlayer(browser, baseUrl)]);
    const office = (await apiCall<{ office: { id: number } }>(baseUrl, cookie, '/a/api/user/getUserInfo'))
      .office.id;
    const terminalIds: number[] = [];
    for (const [i, player] of players.entries()) {
      terminalIds.push(
        await claimTerminal(baseUrl, cookie, await pairingCode(player.page), office, `Sync ${i + 1}`),
      );
    }
    const group = await createMirrorGroup(baseUrl, cookie, program.id, terminalIds);
    for (const player of players) {
      await player.page.waitForSelector('video', { state: 'attached', timeout: 60_000 });
      await recordFrames(player.page);
    }
    console.log(`sync group ${group.id} (epoch ${group.epochMs}); measuring ${SECONDS} s…`);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const raw = await Promise.all(players.map((p) => framesOf(p.page)));
    const members = (
      await apiCall<{
        members: {
          name: string;
          clockOffsetMs: number | null;
          clockDelayMs: number | null;
          frameErrorP95Ms: number | null;
        }[];
      }>(baseUrl, cookie, `/a/api/syncGroup/syncGroupDetail?id=${group.id}`)
    ).members;
    for (const m of members) {
      console.log(
        `${m.name}: its clock estimate ${m.clockOffsetMs} ms (round trip ${m.clockDelayMs} ms), its own frame error p95 ${m.frameErrorP95Ms} ms`,
      );
    }
    if (process.env.SYNC_DUMP)
      writeFileSync(process.env.SYNC_DUMP, JSON.stringify({ epochMs: group.epochMs, raw }));
    const [a, b] = raw.map((f) => errors(f, group.epochMs));
    // The first 10 s are the players joining (seek, then rate): measured apart from the steady state.
    const steady = (e: [number, number][]) => e.filter(([at]) => at > e[0]![0] + 10_000);
    const lock = { a: steady(a!), b: steady(b!) };
    const base = await baseline(
      players.map((p) => p.page),
      clipBytes,
      Math.min(SECONDS, 120),
    );
    console.log(
      describe(
        'lockstep (after the first 10 s)',
        pairDrift(lock.a, lock.b),
        lock.a.map((e) => Math.abs(e[1])),
        lock.b.map((e) => Math.abs(e[1])),
      ),
    );
    console.log(
      describe(
        'baseline (bare videos started together)',
        pairDrift(base.a, base.b),
        base.a.map((e) => Math.abs(e[1])),
        base.b.map((e) => Math.abs(e[1])),
      ),
    );
  } finally {
    await browser?.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes the two terminals a mirror group playing the program; answers its id and the loop's start. */
async function createMirrorGroup(baseUrl: string, cookie: string, programId: number, terminalIds: number[]) {
  return apiCall<{ id: number; epochMs: number }>(baseUrl, cookie, '/a/api/syncGroup/saveSyncGroup', {
    name: 'Bench mirror',
    mode: 'mirror',
    programId,
    members: terminalIds.map((terminalId) => ({ terminalId })),
  });
}

await main();
