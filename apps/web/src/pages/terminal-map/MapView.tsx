import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './terminal-map.css';
import { useEffect, useMemo, useRef } from 'react';
import type { MapPoint, MapState, MapTiles } from '../../services/terminal-map';
import { boundsOf, buildIndex, clusterSize, itemsIn, STATE_COLOURS, type MapItem } from './map-clusters';

/** A terminal the map moves or places. */
export interface MapTerminal {
  id: number;
  name: string;
}

/** Props of {@link MapView}. */
export interface MapViewProps {
  tiles: MapTiles;
  /** The terminals to draw; the first ones given frame the view. */
  points: readonly MapPoint[];
  /** Whether terminals may be dragged to a new place. */
  canEdit: boolean;
  /** A terminal waiting for a click on the map to be placed there. */
  placing: MapTerminal | null;
  /** Where to fly to (a new object each time). */
  flyTo: { lat: number; lng: number } | null;
  /** Asks to put a terminal at a position (dragged or clicked); answers whether it was put there. */
  onPut(terminal: MapTerminal, lat: number, lng: number): Promise<boolean>;
  /** Opens a terminal's details; absent when the user may not read them. */
  onDetails?: (id: number) => void;
  /** Goes to a terminal's info page; absent when the user may not see it. */
  onInfo?: (id: number) => void;
  /** Labels of the popup (the map draws it outside React). */
  labels: { state: (state: MapState) => string; stateTitle: string; details: string; info: string };
}

/** Indexes built so far (numbers the clusters' keys). */
let indexCount = 0;

/** Text of an attribution, escaped: Leaflet writes it as HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const clusterIcon = (count: number, state: MapState) => {
  const size = clusterSize(count);
  return L.divIcon({
    className: 'apm-map-cluster',
    iconSize: [size, size],
    // Only numbers and a fixed colour go into the HTML.
    html: `<div data-state="${state}" style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:${STATE_COLOURS[state]};color:#fff;font-weight:600;text-align:center;box-shadow:0 0 0 4px ${STATE_COLOURS[state]}55">${count}</div>`,
  });
};

const pointIcon = (id: number, state: MapState) =>
  L.divIcon({
    className: 'apm-map-point',
    iconSize: [18, 18],
    html: `<div data-terminal-id="${id}" data-state="${state}" style="width:18px;height:18px;border-radius:50%;background:${STATE_COLOURS[state]};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></div>`,
  });

/** The popup of a terminal, built from DOM nodes (names are text, never HTML). */
function popupOf(item: Extract<MapItem, { kind: 'point' }>, props: MapViewProps): HTMLElement {
  const box = document.createElement('div');
  box.dataset.testid = 'terminal-map-popup';
  const name = document.createElement('strong');
  name.textContent = item.name;
  const state = document.createElement('div');
  state.textContent = `${props.labels.stateTitle}: ${props.labels.state(item.state)}`;
  box.append(name, state);
  const action = (label: string, testId: string, run: (id: number) => void, href = '#') => {
    const link = document.createElement('a');
    link.href = href;
    link.dataset.testid = testId;
    link.textContent = label;
    link.style.marginRight = '12px';
    link.addEventListener('click', (e) => {
      e.preventDefault();
      run(item.id);
    });
    return link;
  };
  const actions = document.createElement('div');
  if (props.onDetails) actions.append(action(props.labels.details, 'terminal-map-details', props.onDetails));
  if (props.onInfo) {
    actions.append(
      action(props.labels.info, 'terminal-map-info', props.onInfo, `/terminal/info?id=${item.id}`),
    );
  }
  if (actions.childElementCount) box.append(actions);
  return box;
}

/**
 * The Leaflet map: tiles from the configured server, the terminals clustered in the browser by
 * viewport (only what is visible is drawn), markers coloured by state, drag to move, click to place.
 */
export function MapView(props: MapViewProps) {
  const { tiles, points, canEdit, placing, flyTo } = props;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  // The latest props, for Leaflet's handlers bound once.
  const latest = useRef(props);
  latest.current = props;
  // Cluster ids belong to one index: its number tells a new index's clusters from the last one's.
  const { index, indexNo } = useMemo(() => ({ index: buildIndex(points), indexNo: ++indexCount }), [points]);

  // Markers drawn now, by what they show: a redraw keeps those still wanted (and their open popups).
  const drawn = useRef(new Map<string, L.Marker>());
  const draw = useRef<() => void>(() => undefined);
  draw.current = () => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    const b = m.getBounds();
    const wanted = new Map<string, MapItem>();
    for (const item of itemsIn(index, [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], m.getZoom())) {
      const key =
        item.kind === 'cluster'
          ? `c:${indexNo}:${item.clusterId}:${item.count}:${item.state}`
          : `p:${item.id}:${item.lat}:${item.lng}:${item.state}:${item.name}:${canEdit}`;
      wanted.set(key, item);
    }
    for (const [key, marker] of drawn.current) {
      if (wanted.has(key)) continue;
      group.removeLayer(marker);
      drawn.current.delete(key);
    }
    for (const [key, item] of wanted) {
      if (drawn.current.has(key)) continue;
      const marker = markerOf(item, m);
      group.addLayer(marker);
      drawn.current.set(key, marker);
    }
  };

  const markerOf = (item: MapItem, m: L.Map): L.Marker => {
    if (item.kind === 'cluster') {
      const marker = L.marker([item.lat, item.lng], { icon: clusterIcon(item.count, item.state) });
      marker.on('click', () =>
        m.flyTo([item.lat, item.lng], Math.min(index.getClusterExpansionZoom(item.clusterId), 19)),
      );
      return marker;
    }
    const marker = L.marker([item.lat, item.lng], {
      icon: pointIcon(item.id, item.state),
      title: item.name,
      draggable: canEdit,
      autoPan: true,
    });
    marker.bindPopup(() => popupOf(item, latest.current));
    marker.on('dragend', () => {
      const to = marker.getLatLng().wrap();
      void latest.current.onPut(item, to.lat, to.lng).then((done) => {
        if (!done) marker.setLatLng([item.lat, item.lng]);
      });
    });
    return marker;
  };

  useEffect(() => {
    const m = L.map(box.current!, { worldCopyJump: true, minZoom: 2, maxZoom: 19 }).setView([20, 0], 2);
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    const report = () => {
      const c = m.getCenter();
      box.current?.setAttribute('data-center', `${c.lat.toFixed(5)},${c.lng.toFixed(5)}`);
      box.current?.setAttribute('data-zoom', String(m.getZoom()));
    };
    m.on('moveend', () => {
      draw.current();
      report();
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      const target = latest.current.placing;
      if (!target) return;
      const at = e.latlng.wrap();
      void latest.current.onPut(target, at.lat, at.lng);
    });
    report();
    return () => {
      m.remove();
      drawn.current.clear();
      map.current = null;
      layer.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const tileLayer = L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 });
    tileLayer.addTo(m);
    return () => void tileLayer.remove();
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    // Only the first points frame the view: later ones (a terminal placed, a filter) leave it where the user put it.
    const bounds = boundsOf(points);
    if (!fitted.current && map.current) {
      fitted.current = true;
      if (bounds) map.current.fitBounds(bounds, { padding: [40, 40], maxZoom: 15 });
    }
    draw.current();
  }, [index, points, canEdit]);

  useEffect(() => {
    if (flyTo) map.current?.flyTo([flyTo.lat, flyTo.lng], 16);
  }, [flyTo]);

  return (
    <div
      ref={box}
      data-testid="terminal-map"
      data-placing={placing ? placing.id : undefined}
      style={{
        height: 'calc(100vh - 260px)',
        minHeight: 420,
        width: '100%',
        borderRadius: 8,
        cursor: placing ? 'crosshair' : undefined,
      }}
    />
  );
}
