import type { ProgramDocument, Widget } from '@apm/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fingerprint,
  fingerprintDistance,
  isBlank,
  luminanceSpread,
  motionVideoIds,
  moves,
  mustHaveChanged,
  programMotion,
  sameSceneChance,
} from '../../src/terminal/screen-motion.js';

const box = (id: string, type: Widget['type'], props: Record<string, unknown>, size = 1): Widget =>
  ({ id, type, x: 0, y: 0, w: 1920 * size, h: 1080 * size, rotation: 0, z: 1, props }) as Widget;
const video = (ids: number[], loop = true, size = 1) =>
  box(
    'v',
    'video',
    { items: ids.map((materialId) => ({ materialId })), muted: true, loop, fit: 'cover' },
    size,
  );
const scene = (widgets: Widget[], durationMs = 10_000, untilTouched = false) => ({
  id: `s${Math.random().toString(36).slice(2, 8)}`,
  name: 's',
  main: true,
  background: { color: '#000000', materialId: null, fit: 'cover' as const },
  durationMs,
  untilTouched,
  transition: { name: 'none' as const, durationMs: 0 },
  widgets,
});
const doc = (...scenes: ReturnType<typeof scene>[]): ProgramDocument => ({
  formatVersion: 2,
  name: 'p',
  canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
  scenes,
});
const lengths = (ms: number | null) => () => ms;

describe('screen motion', () => {
  it('fingerprints a screenshot: one colour is blank, small text on black is not', async () => {
    const black = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const print = await fingerprint(black);
    expect(print).toHaveLength(32 * 32);
    expect(isBlank(print)).toBe(true);
    const caption = await sharp(black)
      .composite([
        {
          input: { create: { width: 200, height: 24, channels: 3, background: '#fff' } },
          left: 40,
          top: 1000,
        },
      ])
      .jpeg()
      .toBuffer();
    const captioned = await fingerprint(caption);
    expect(luminanceSpread(captioned)).toBeGreaterThan(10);
    expect(isBlank(captioned)).toBe(false);
    expect(fingerprintDistance(print, captioned)).toBeGreaterThan(2);
    expect(fingerprintDistance(captioned, await fingerprint(caption))).toBe(0);
    await expect(fingerprint(Buffer.from('not an image'))).rejects.toThrow();
  });

  it('tells the chance two moments show the same scene of a loop', () => {
    expect(sameSceneChance([10_000, 10_000], 0)).toBe(1);
    expect(sameSceneChance([10_000, 10_000], 360_000)).toBe(1);
    expect(sameSceneChance([10_000, 10_000], 370_000)).toBe(0);
    expect(sameSceneChance([10_000, 10_000], 365_000)).toBeCloseTo(0.5);
    expect(sameSceneChance([5_000, 15_000], 10_000)).toBeCloseTo(0.5);
    expect(sameSceneChance([10_000, 10_000, 10_000], 7_500)).toBeCloseTo(0.25);
  });

  it('sees motion in scenes on a timer, large live streams and looping videos only', () => {
    const two = programMotion(doc(scene([]), scene([box('t', 'text', {})])), lengths(null));
    expect(two).toMatchObject({ sceneLoopMs: [10_000, 10_000], mayBeOneColour: true, live: false });
    expect(mustHaveChanged(two, 370_000)).toBe(true);
    expect(mustHaveChanged(two, 360_500)).toBe(false);
    // Waiting for a touch, the loop stops: nothing must change.
    expect(moves(programMotion(doc(scene([]), scene([], 10_000, true)), lengths(null)))).toBe(false);

    const live = programMotion(
      doc(scene([box('l', 'live', { url: 'http://x/a.m3u8', muted: true })])),
      lengths(null),
    );
    expect(live.live && mustHaveChanged(live, 360_000)).toBe(true);
    const corner = box('l', 'live', { url: 'http://x/a.m3u8', muted: true }, 0.3);
    expect(moves(programMotion(doc(scene([corner])), lengths(null)))).toBe(false);
    const hidden = { ...box('l', 'live', { url: 'http://x/a.m3u8', muted: true }), hidden: true } as Widget;
    expect(moves(programMotion(doc(scene([hidden])), lengths(null)))).toBe(false);

    const clip = doc(scene([video([7, 8])], 60_000));
    expect(motionVideoIds(clip)).toEqual([7, 8]);
    expect(programMotion(clip, lengths(null)).video).toBeNull();
    const known = programMotion(clip, lengths(15_000));
    expect(known.video).toEqual({ lengthMs: 30_000, sceneMs: 60_000 });
    expect(mustHaveChanged(known, 300_000)).toBe(false);
    expect(mustHaveChanged(known, 310_000)).toBe(true);
    // Played once in a longer scene, it holds its last frame.
    expect(programMotion(doc(scene([video([7], false)], 60_000)), lengths(15_000)).video).toBeNull();
    expect(motionVideoIds(doc(scene([video([7], true, 0.3)])))).toEqual([]);
  });
});
