/**
 * Pure clustering of the terminal map: a supercluster index over the points, the clusters and
 * points of a viewport, and their colour (a cluster takes the worst state inside it).
 */
import Supercluster from 'supercluster';
import type { MapPoint, MapState } from '../../services/terminal-map';

/** States from best to worst. */
export const MAP_STATES: readonly MapState[] = ['online', 'abnormal', 'offline'];

/** Colour of each state (markers, clusters, legend). */
export const STATE_COLOURS: Record<MapState, string> = {
  online: '#52c41a',
  abnormal: '#fa8c16',
  offline: '#f5222d',
};

/** What a single point carries. */
export interface PointProps {
  id: number;
  /** The exact position (the index keeps a projected, slightly rounded copy). */
  lat: number;
  lng: number;
  state: MapState;
  name: string;
}

/** How many terminals of each state a cluster holds. */
export type StateCounts = Record<MapState, number>;

/** The clustering index of the map. */
export type MapIndex = Supercluster<PointProps, StateCounts>;

/** Zoom above which every terminal shows on its own (the map zooms further to tell close ones apart). */
export const CLUSTER_MAX_ZOOM = 16;

/** One thing to draw: a cluster with its count and worst state, or a terminal. */
export type MapItem =
  | { kind: 'cluster'; clusterId: number; lat: number; lng: number; count: number; state: MapState }
  | { kind: 'point'; id: number; lat: number; lng: number; state: MapState; name: string };

/** The worst state with a count above zero (offline worse than abnormal worse than online). */
export function worstState(counts: StateCounts): MapState {
  for (let i = MAP_STATES.length - 1; i > 0; i--) if (counts[MAP_STATES[i]!] > 0) return MAP_STATES[i]!;
  return 'online';
}

/** A supercluster index over the points, counting states per cluster. */
export function buildIndex(points: readonly MapPoint[]): MapIndex {
  const index: MapIndex = new Supercluster<PointProps, StateCounts>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (p) => ({
      online: p.state === 'online' ? 1 : 0,
      abnormal: p.state === 'abnormal' ? 1 : 0,
      offline: p.state === 'offline' ? 1 : 0,
    }),
    reduce: (acc, p) => {
      acc.online += p.online;
      acc.abnormal += p.abnormal;
      acc.offline += p.offline;
    },
  });
  index.load(
    points.map(([id, lat, lng, state, name]) => ({
      type: 'Feature' as const,
      properties: { id, lat, lng, state, name },
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
    })),
  );
  return index;
}

/** A viewport: west, south, east, north in degrees (Leaflet may answer longitudes beyond ±180). */
export type Viewport = [west: number, south: number, east: number, north: number];

/** The viewport as supercluster reads it: the whole world when it spans more than all longitudes. */
export function normaliseViewport([west, south, east, north]: Viewport): Viewport {
  const s = Math.max(-90, south);
  const n = Math.min(90, north);
  if (east - west >= 360) return [-180, s, 180, n];
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return [wrap(west), s, wrap(east), n];
}

/** The clusters and terminals inside a viewport at a zoom level. */
export function itemsIn(index: MapIndex, viewport: Viewport, zoom: number): MapItem[] {
  return index.getClusters(normaliseViewport(viewport), Math.round(zoom)).map((f) => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const props = f.properties;
    if ('cluster' in props && props.cluster) {
      return {
        kind: 'cluster',
        clusterId: props.cluster_id,
        lat,
        lng,
        count: props.point_count,
        state: worstState(props),
      };
    }
    const p = props as PointProps;
    return { kind: 'point', id: p.id, lat: p.lat, lng: p.lng, state: p.state, name: p.name };
  });
}

/** Diameter in pixels of a cluster's bubble: grows with the count, by digits. */
export const clusterSize = (count: number): number => 28 + 6 * Math.min(4, String(count).length - 1);

/** The box around the points, `[[south, west], [north, east]]`, or null without points. */
export function boundsOf(points: readonly MapPoint[]): [[number, number], [number, number]] | null {
  if (!points.length) return null;
  let [s, w, n, e] = [90, 180, -90, -180];
  for (const [, lat, lng] of points) {
    s = Math.min(s, lat);
    n = Math.max(n, lat);
    w = Math.min(w, lng);
    e = Math.max(e, lng);
  }
  return [
    [s, w],
    [n, e],
  ];
}
