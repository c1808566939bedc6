import { describe, expect, it } from 'vitest';
import { SceneSequence } from '../src/sequence.js';

const scenes = [
  { id: 'a', main: true },
  { id: 'popup', main: false },
  { id: 'b', main: true },
  { id: 'detail', main: false },
  { id: 'c', main: true },
];

describe('SceneSequence', () => {
  it('starts at the first main scene with it alone on the stack', () => {
    const seq = new SceneSequence([{ id: 'x', main: false }, ...scenes]);
    expect(seq.current).toBe('a');
    expect(seq.stack).toEqual(['a']);
    expect(seq.activeMain).toBe('a');
    expect(seq.slideIndex).toBe(1);
  });

  it('plays main scenes in order, skips the others and wraps after the last', () => {
    const seq = new SceneSequence(scenes);
    expect(seq.next()).toEqual({ sceneId: 'b', wrapped: false });
    expect(seq.slideIndex).toBe(2);
    expect(seq.atLastMain).toBe(false);
    expect(seq.next()).toEqual({ sceneId: 'c', wrapped: false });
    expect(seq.atLastMain).toBe(true);
    expect(seq.next()).toEqual({ sceneId: 'a', wrapped: true });
  });

  it('goes back through main scenes, from the first to the last', () => {
    const seq = new SceneSequence(scenes);
    expect(seq.previous().sceneId).toBe('c');
    expect(seq.previous().sceneId).toBe('b');
  });

  it('pushes a jump to a non-main scene and pops it on previous or when its time is up', () => {
    const seq = new SceneSequence(scenes);
    seq.next();
    expect(seq.goTo('popup')).toEqual({ sceneId: 'popup', wrapped: false });
    expect(seq.stack).toEqual(['b', 'popup']);
    expect(seq.activeMain).toBe('b');
    expect(seq.current).toBe('popup');
    expect(seq.slideIndex).toBe(1);
    seq.goTo('detail');
    expect(seq.stack).toEqual(['b', 'popup', 'detail']);
    expect(seq.previous().sceneId).toBe('popup');
    expect(seq.elapsed().sceneId).toBe('b');
    expect(seq.stack).toEqual(['b']);
    expect(seq.elapsed().sceneId).toBe('c');
  });

  it('cuts the stack back when jumping to a scene already on it', () => {
    const seq = new SceneSequence(scenes);
    seq.goTo('popup');
    seq.goTo('detail');
    seq.goTo('popup');
    expect(seq.stack).toEqual(['a', 'popup']);
  });

  it('makes a jump to a main scene the flow position and clears the stack', () => {
    const seq = new SceneSequence(scenes);
    seq.goTo('popup');
    expect(seq.goTo('c')?.sceneId).toBe('c');
    expect(seq.stack).toEqual(['c']);
    expect(seq.next()).toEqual({ sceneId: 'a', wrapped: true });
  });

  it('next from a stacked scene continues after its main scene', () => {
    const seq = new SceneSequence(scenes);
    seq.goTo('popup');
    expect(seq.next()).toEqual({ sceneId: 'b', wrapped: false });
    expect(seq.stack).toEqual(['b']);
  });

  it('refuses unknown scenes and an empty program', () => {
    const seq = new SceneSequence(scenes);
    expect(seq.goTo('nope')).toBeNull();
    expect(seq.stack).toEqual(['a']);
    expect(() => new SceneSequence([])).toThrow(/at least one scene/);
  });

  it('wraps a single main scene onto itself', () => {
    const seq = new SceneSequence([{ id: 'only', main: true }]);
    expect(seq.atLastMain).toBe(true);
    expect(seq.next()).toEqual({ sceneId: 'only', wrapped: true });
  });

  it('shows the first scene of a program without main scenes', () => {
    const seq = new SceneSequence([
      { id: 'p', main: false },
      { id: 'q', main: false },
    ]);
    expect(seq.current).toBe('p');
  });
});

describe('SceneSequence.upcoming', () => {
  it('names the scene its time running out would show, without moving', () => {
    const seq = new SceneSequence(scenes);
    expect(seq.upcoming).toBe('b');
    seq.goTo('popup');
    expect(seq.upcoming).toBe('a');
    seq.goTo('detail');
    expect(seq.upcoming).toBe('popup');
    seq.goTo('c');
    expect(seq.upcoming).toBe('a');
    expect(seq.current).toBe('c');
  });
});
