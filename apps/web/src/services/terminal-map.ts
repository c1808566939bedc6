/** Terminal map calls: map points, placing a terminal, address suggestions, the tile settings. */
import { getSettingKey } from './settings';
import { request } from './request';

/** How a terminal shows on the map: online, online with an open alarm, offline. */
export type MapState = 'online' | 'abnormal' | 'offline';

/** A positioned terminal: `[id, latitude, longitude, state, name]`. */
export type MapPoint = [id: number, lat: number, lng: number, state: MapState, name: string];
/** A terminal without a position: `[id, state, name]`. */
export type UnpositionedPoint = [id: number, state: MapState, name: string];

/** What the map draws. */
export interface MapPoints {
  points: MapPoint[];
  /** The first 200 terminals without a position. */
  unpositioned: UnpositionedPoint[];
  unpositionedCount: number;
}

/** Filters of the map. */
export interface MapFilters {
  /** The office and the offices below it. */
  officeId?: number;
  /** The group and its subgroups. */
  groupId?: number;
  state?: MapState;
}

/** A place an address search found. */
export interface MapSuggestion {
  label: string;
  lat: number;
  lng: number;
}

/** The tile server of the map and the attribution its terms ask for. */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** GET /apm-web/a/api/terminal/mapPoints — the terminals in the caller's range as compact map points. */
export async function getMapPoints(filters: MapFilters, signal?: AbortSignal): Promise<MapPoints> {
  return (await request<MapPoints>('/a/api/terminal/mapPoints', { params: { ...filters }, signal })).data;
}

/** POST /apm-web/a/api/terminal/setMapPosition — places a terminal by hand (kept and sent to it). */
export async function setMapPosition(body: {
  id: number;
  latitude: number;
  longitude: number;
}): Promise<void> {
  await request('/a/api/terminal/setMapPosition', {
    method: 'POST',
    data: body,
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** GET /apm-web/a/api/common/mapSuggestion — places matching an address, named in `lang`. */
export async function getMapSuggestions(
  q: string,
  lang: string,
  signal?: AbortSignal,
): Promise<MapSuggestion[]> {
  return (
    await request<MapSuggestion[]>('/a/api/common/mapSuggestion', {
      params: { q, lang },
      signal,
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/sysSetting/getKey (mapTileUrl, mapAttribution) — the tile server the map draws from. */
export async function getMapTiles(): Promise<MapTiles> {
  const [url, attribution] = await Promise.all([
    getSettingKey('mapTileUrl'),
    getSettingKey('mapAttribution'),
  ]);
  return {
    url: typeof url === 'string' && url ? url : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: typeof attribution === 'string' ? attribution : '',
  };
}
