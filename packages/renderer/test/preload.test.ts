import type { Scene } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { sceneFirstImages } from '../src/preload.js';

const transition = { name: 'none' as const, durationMs: 0 };
const imageWidget = (id: string, materialIds: number[], hidden = false) => ({
  id,
  type: 'image' as const,
  x: 0,
  y: 0,
  w: 10,
  h: 10,
  rotation: 0,
  z: 0,
  hidden,
  props: {
    items: materialIds.map((materialId) => ({ materialId, durationMs: 1000, transition })),
    fit: 'cover' as const,
  },
});

describe('sceneFirstImages', () => {
  it('lists the background and the first item of each visible image widget, once each', () => {
    const scene: Scene = {
      id: 's',
      name: 's',
      main: true,
      background: { color: '#000', materialId: 7, fit: 'cover' },
      durationMs: 1000,
      untilTouched: false,
      transition,
      widgets: [
        imageWidget('a', [3, 4]),
        imageWidget('b', [7, 5]),
        imageWidget('c', [9], true),
        imageWidget('d', []),
      ],
    };
    expect(sceneFirstImages(scene)).toEqual([7, 3]);
  });
});
