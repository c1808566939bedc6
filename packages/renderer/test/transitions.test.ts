import { TRANSITION_DIRECTIONS, TRANSITION_NAMES } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  marqueeMotion,
  transitionAnimation,
  transitionAnimationName,
  transitionKeyframesCss,
} from '../src/transitions.js';

describe('transitions', () => {
  it('names the animation after the preset and its direction', () => {
    expect(transitionAnimationName({ name: 'lightSpeed', direction: 'left', durationMs: 800 })).toBe(
      'apm-in-lightSpeed-left',
    );
    expect(transitionAnimation({ name: 'fade', durationMs: 500 })).toBe('apm-in-fade 500ms ease-out both');
  });

  it('cuts for none and for a zero duration', () => {
    expect(transitionAnimation({ name: 'none', durationMs: 800 })).toBeNull();
    expect(transitionAnimation({ name: 'zoom', durationMs: 0 })).toBeNull();
  });

  it('has keyframes for every preset with and without each direction', () => {
    const css = transitionKeyframesCss();
    for (const name of TRANSITION_NAMES.filter((n) => n !== 'none')) {
      for (const direction of [undefined, ...TRANSITION_DIRECTIONS]) {
        const animation = transitionAnimationName({ name, direction, durationMs: 1 });
        const rule = new RegExp(`@keyframes ${animation}\\{0%\\{[^}]+\\}.*100%\\{[^}]+\\}\\}`);
        expect(css, `${animation}`).toMatch(rule);
      }
    }
    // Every entrance ends at rest.
    expect(css).not.toMatch(/100%\{[^}]*opacity:0/);
  });

  it('starts directional entrances on the side they come from', () => {
    const css = transitionKeyframesCss();
    expect(css).toMatch(/@keyframes apm-in-slide-left\{0%\{transform:translate3d\(-100%,0,0\)\}/);
    expect(css).toMatch(/@keyframes apm-in-slide-down\{0%\{transform:translate3d\(0,100%,0\)\}/);
    expect(css).toMatch(/@keyframes apm-in-flip-left\{0%\{opacity:0;transform:perspective\(400px\) rotateY/);
  });
});

describe('marqueeMotion', () => {
  const box = { width: 400, height: 100 };
  const content = { width: 600, height: 40 };

  it('crosses the box and the content at the given speed', () => {
    expect(marqueeMotion('left', box, content, 100)).toEqual({
      from: 'translateX(400px)',
      to: 'translateX(-600px)',
      durationMs: 10_000,
    });
    expect(marqueeMotion('right', box, content, 200)).toEqual({
      from: 'translateX(-600px)',
      to: 'translateX(400px)',
      durationMs: 5000,
    });
  });

  it('moves vertically for up and down', () => {
    expect(marqueeMotion('up', box, content, 14)).toEqual({
      from: 'translateY(100px)',
      to: 'translateY(-40px)',
      durationMs: 10_000,
    });
    expect(marqueeMotion('down', box, content, 14).from).toBe('translateY(-40px)');
  });
});
