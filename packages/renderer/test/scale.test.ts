import { describe, expect, it } from 'vitest';
import { fitCanvas, fitScreen } from '../src/scale.js';

const canvas = { w: 1920, h: 1080 };

describe('fitCanvas', () => {
  it('contains a wide canvas in a tall box, centred vertically', () => {
    expect(fitCanvas(canvas, { width: 960, height: 1000 }, 'contain')).toEqual({
      scaleX: 0.5,
      scaleY: 0.5,
      offsetX: 0,
      offsetY: 230,
    });
  });

  it('covers the box, cropping the overflowing axis evenly', () => {
    const fit = fitCanvas(canvas, { width: 960, height: 1080 }, 'cover');
    expect(fit.scaleX).toBe(1);
    expect(fit.offsetX).toBe(-480);
    expect(fit.offsetY).toBe(0);
  });

  it('stretches each axis with fill', () => {
    expect(fitCanvas(canvas, { width: 1080, height: 1920 }, 'fill')).toEqual({
      scaleX: 0.5625,
      scaleY: 1920 / 1080,
      offsetX: 0,
      offsetY: 0,
    });
  });

  it('scales up to a larger screen', () => {
    expect(fitCanvas(canvas, { width: 3840, height: 2160 }, 'contain').scaleX).toBe(2);
  });

  it('uses a fixed scale whatever the mode, centred', () => {
    expect(fitCanvas(canvas, { width: 1000, height: 1000 }, 'fill', 0.25)).toEqual({
      scaleX: 0.25,
      scaleY: 0.25,
      offsetX: 260,
      offsetY: 365,
    });
    expect(() => fitCanvas(canvas, { width: 10, height: 10 }, 'contain', 0)).toThrow(RangeError);
    expect(() => fitCanvas(canvas, { width: 10, height: 10 }, 'contain', Number.NaN)).toThrow(RangeError);
  });

  it('keeps scale 1 while the container has no size', () => {
    expect(fitCanvas(canvas, { width: 0, height: 0 }, 'contain')).toEqual({
      scaleX: 1,
      scaleY: 1,
      offsetX: 0,
      offsetY: 0,
    });
  });
});

describe('fitScreen', () => {
  const portrait = { w: 1920, h: 1080, realWidth: 1080, realHeight: 1920 };

  it('in a player, fits the canvas into the container, which is the screen', () => {
    const fit = fitScreen(portrait, { width: 1080, height: 1920 }, { mode: 'contain', preview: false });
    expect(fit).toEqual({
      scaleX: 0.5625,
      scaleY: 0.5625,
      offsetX: 0,
      offsetY: (1920 - 607.5) / 2,
      screen: { x: 0, y: 0, width: 1080, height: 1920 },
      realWidth: 1080,
      realHeight: 1920,
      screenScale: 1,
    });
  });

  it('in a player with no container size yet, assumes the real resolution at the origin', () => {
    const fit = fitScreen(
      { w: 1920, h: 1080, realWidth: 1280, realHeight: 720 },
      { width: 0, height: 0 },
      { mode: 'contain', preview: false },
    );
    expect(fit).toMatchObject({
      scaleX: 2 / 3,
      scaleY: 2 / 3,
      offsetX: 0,
      offsetY: 0,
      screen: { x: 0, y: 0, width: 1280, height: 720 },
      screenScale: 1,
    });
  });

  it('in a preview, letterboxes the screen shape and fits the canvas inside it', () => {
    const fit = fitScreen(portrait, { width: 960, height: 540 }, { mode: 'contain', preview: true });
    const u = 540 / 1920;
    expect(fit.screen).toEqual({ x: (960 - 1080 * u) / 2, y: 0, width: 1080 * u, height: 540 });
    expect(fit.screenScale).toBeCloseTo(u, 12);
    expect(fit.scaleX).toBeCloseTo(0.5625 * u, 12);
    expect(fit.offsetX).toBeCloseTo(fit.screen.x, 9);
    expect(fit.offsetY).toBeCloseTo(((1920 - 607.5) / 2) * u, 9);
  });

  it('in a preview, covers and fills the screen box rather than the container', () => {
    const cover = fitScreen(portrait, { width: 960, height: 540 }, { mode: 'cover', preview: true });
    expect(cover.scaleX).toBeCloseTo((1920 / 1080) * (540 / 1920), 12);
    expect(cover.offsetY).toBe(0);
    const fill = fitScreen(portrait, { width: 960, height: 540 }, { mode: 'fill', preview: true });
    expect(fill.scaleX * 1920).toBeCloseTo(fill.screen.width, 9);
    expect(fill.scaleY * 1080).toBeCloseTo(fill.screen.height, 9);
  });

  it('matches the plain fit when the screen has the canvas shape', () => {
    const same = { w: 1920, h: 1080, realWidth: 3840, realHeight: 2160 };
    const preview = fitScreen(same, { width: 960, height: 1000 }, { mode: 'contain', preview: true });
    const plain = fitCanvas(same, { width: 960, height: 1000 }, 'contain');
    expect(preview.scaleX).toBeCloseTo(plain.scaleX, 12);
    expect(preview.offsetY).toBeCloseTo(plain.offsetY, 9);
    expect(preview.screenScale).toBeCloseTo(0.25, 12);
  });

  it('in a preview at a fixed scale, keeps the canvas at that scale inside a matching screen frame', () => {
    const fit = fitScreen(
      portrait,
      { width: 1000, height: 1000 },
      { mode: 'contain', preview: true, scale: 0.25 },
    );
    expect(fit.scaleX).toBeCloseTo(0.25, 12);
    expect(fit.screen.width).toBeCloseTo((1080 * 0.25) / 0.5625, 9);
    expect(fit.screen.x + fit.screen.width / 2).toBeCloseTo(500, 9);
    expect(() =>
      fitScreen(portrait, { width: 10, height: 10 }, { mode: 'contain', preview: true, scale: -1 }),
    ).toThrow(RangeError);
  });

  it('uses the canvas size when the document has no valid real resolution', () => {
    const fit = fitScreen(
      { w: 800, h: 600, realWidth: Number.NaN },
      { width: 400, height: 400 },
      { mode: 'contain', preview: true },
    );
    expect(fit).toMatchObject({ realWidth: 800, realHeight: 600, scaleX: 0.5, offsetY: 50 });
  });
});
