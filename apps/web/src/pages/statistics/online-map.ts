/**
 * Pure logic of the online-rate map: the bands a terminal's online rate falls in, and the terminals
 * as points of the terminal map's component (which colours by state: each band borrows a state's
 * colour, so a cluster takes the worst band inside it).
 */
import type { OnlineMapPoint } from '@apm/contract';
import type { MapPoint, MapState } from '../../services/terminal-map';
import { STATE_COLOURS } from '../terminal-map/map-clusters';

/** Online-rate bands, best first. */
export const RATE_BANDS = ['high', 'medium', 'low'] as const;
export type RateBand = (typeof RATE_BANDS)[number];

/** The lowest rate of each band (a rate at the limit belongs to the better band). */
export const BAND_MIN: Record<RateBand, number> = { high: 0.9, medium: 0.5, low: 0 };

/** The terminal map's state whose colour and rank each band takes (green, orange, red). */
const BAND_STATE: Record<RateBand, MapState> = { high: 'online', medium: 'abnormal', low: 'offline' };

/** The band of an online rate (0–1). */
export function bandOf(rate: number): RateBand {
  return RATE_BANDS.find((band) => rate >= BAND_MIN[band]) ?? 'low';
}

/** The band a state of the map stands for here (the reverse of {@link BAND_STATE}). */
export function bandOfState(state: MapState): RateBand {
  return RATE_BANDS.find((band) => BAND_STATE[band] === state) ?? 'low';
}

/** The colour of a band on the map and in its legend. */
export const bandColour = (band: RateBand): string => STATE_COLOURS[BAND_STATE[band]];

/**
 * The terminals as map points: coloured by band, named with their rate (markers' titles and popups
 * show it, so it does not rest on colour alone).
 */
export function toMapPoints(
  points: readonly OnlineMapPoint[],
  rateText: (rate: number) => string,
): MapPoint[] {
  return points.map((p) => [
    p.terminalId,
    p.latitude,
    p.longitude,
    BAND_STATE[bandOf(p.onlineRate)],
    `${p.name} · ${rateText(p.onlineRate)}`,
  ]);
}
