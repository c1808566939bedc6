import { describe, expect, it } from 'vitest';
import type { MapPoint } from '../src/services/terminal-map';
import {
  boundsOf,
  buildIndex,
  clusterSize,
  CLUSTER_MAX_ZOOM,
  itemsIn,
  normaliseViewport,
  worstState,
  type MapItem,
} from '../src/pages/terminal-map/map-clusters';

const WORLD = [-180, -85, 180, 85] as [number, number, number, number];

describe('terminal map clustering', () => {
  const milan: MapPoint[] = [
    [1, 45.4641, 9.19, 'online', 'Duomo'],
    [2, 45.4642, 9.1901, 'abnormal', 'Galleria'],
    [3, 45.4643, 9.1902, 'online', 'Scala'],
  ];
  const rome: MapPoint = [4, 41.9, 12.5, 'offline', 'Colosseo'];

  it('takes the worst state inside a cluster: offline, then abnormal, then online', () => {
    expect(worstState({ online: 5, abnormal: 0, offline: 0 })).toBe('online');
    expect(worstState({ online: 5, abnormal: 1, offline: 0 })).toBe('abnormal');
    expect(worstState({ online: 5, abnormal: 1, offline: 1 })).toBe('offline');
    expect(worstState({ online: 0, abnormal: 0, offline: 0 })).toBe('online');
  });

  it('clusters close terminals at a low zoom, counting them, and shows each one when zoomed in', () => {
    const index = buildIndex([...milan, rome]);
    const far = itemsIn(index, WORLD, 4);
    const cluster = far.find((i): i is Extract<MapItem, { kind: 'cluster' }> => i.kind === 'cluster');
    expect(cluster).toMatchObject({ count: 3, state: 'abnormal' });
    expect(far).toContainEqual({
      kind: 'point',
      id: 4,
      lat: 41.9,
      lng: 12.5,
      state: 'offline',
      name: 'Colosseo',
    });
    expect(index.getClusterExpansionZoom(cluster!.clusterId)).toBeGreaterThan(4);
    const near = itemsIn(index, [9.18, 45.46, 9.2, 45.47], CLUSTER_MAX_ZOOM + 1);
    expect(near.map((i) => (i.kind === 'point' ? i.name : 'cluster')).sort()).toEqual([
      'Duomo',
      'Galleria',
      'Scala',
    ]);
  });

  it('answers only what lies in the viewport', () => {
    const index = buildIndex([...milan, rome]);
    const romeOnly = itemsIn(index, [12, 41, 13, 42], 10);
    expect(romeOnly).toEqual([
      { kind: 'point', id: 4, lat: 41.9, lng: 12.5, state: 'offline', name: 'Colosseo' },
    ]);
    expect(itemsIn(buildIndex([]), WORLD, 3)).toEqual([]);
  });

  it('reads viewports beyond ±180° and larger than the world', () => {
    expect(normaliseViewport([-400, -95, 400, 95])).toEqual([-180, -90, 180, 90]);
    expect(normaliseViewport([170, 0, 190, 10])).toEqual([170, 0, -170, 10]);
  });

  it('clusters 10,000 terminals and keeps a viewport to a few hundred items', () => {
    const many: MapPoint[] = Array.from({ length: 10_000 }, (_, i) => [
      i + 1,
      35 + (i % 100) * 0.2,
      -10 + Math.floor(i / 100) * 0.4,
      i % 7 === 0 ? 'offline' : 'online',
      `T${i}`,
    ]);
    const index = buildIndex(many);
    const items = itemsIn(index, [-20, 30, 40, 60], 4);
    expect(items.length).toBeLessThan(500);
    const total = items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
    expect(total).toBe(10_000);
  });

  it('sizes bubbles by digits and boxes the points', () => {
    expect(clusterSize(5)).toBeLessThan(clusterSize(50));
    expect(clusterSize(123456)).toBe(clusterSize(99999));
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([...milan, rome])).toEqual([
      [41.9, 9.19],
      [45.4643, 12.5],
    ]);
  });
});
