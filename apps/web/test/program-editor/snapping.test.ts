import { describe, expect, it } from 'vitest';
import { boundsOf } from '../../src/pages/program-editor/state/arrange';
import { snapBox, snapLines } from '../../src/pages/program-editor/state/snapping';

const canvas = { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 };

describe('snapping', () => {
  it('snaps an edge to the canvas edge within the threshold and shows the guide', () => {
    const lines = snapLines(canvas, []);
    expect(snapBox({ x: 4, y: 300, w: 100, h: 50 }, lines, 6)).toEqual({
      dx: -4,
      dy: 0,
      guideX: 0,
      guideY: null,
    });
    expect(snapBox({ x: 7, y: 300, w: 100, h: 50 }, lines, 6)).toEqual({
      dx: 0,
      dy: 0,
      guideX: null,
      guideY: null,
    });
  });

  it('snaps the centre to the canvas centre lines', () => {
    const snap = snapBox({ x: 908, y: 513, w: 100, h: 50 }, snapLines(canvas, []), 6);
    expect(snap).toEqual({ dx: 2, dy: 2, guideX: 960, guideY: 540 });
  });

  it('snaps to the nearest of other widgets’ edges and centres', () => {
    const lines = snapLines(canvas, [{ x: 500, y: 200, w: 200, h: 100 }]);
    // Right edge 497 → the other's left 500; top 302 → the other's bottom 300.
    expect(snapBox({ x: 397, y: 302, w: 100, h: 40 }, lines, 6)).toEqual({
      dx: 3,
      dy: -2,
      guideX: 500,
      guideY: 300,
    });
  });

  it('takes the smallest correction when several lines are near', () => {
    const lines = snapLines(canvas, [{ x: 103, y: 0, w: 10, h: 10 }]);
    expect(snapBox({ x: 101, y: 500, w: 50, h: 20 }, lines, 6).dx).toBe(2);
  });

  it('bounds a group of boxes', () => {
    expect(
      boundsOf([
        { x: 10, y: 20, w: 5, h: 5 },
        { x: -5, y: 40, w: 100, h: 1 },
      ]),
    ).toEqual({ x: -5, y: 20, w: 100, h: 21 });
    expect(boundsOf([])).toBeNull();
  });
});
