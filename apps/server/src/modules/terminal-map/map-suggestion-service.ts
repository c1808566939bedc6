import { APP_VERSION } from '@apm/contract';
import { AppError } from '../../lib/errors.js';
import { fieldError } from '../users/user-access.js';

/** A place an address search found. */
export interface MapSuggestion {
  label: string;
  lat: number;
  lng: number;
}

/** Where the geocoder is and how it is asked. */
export interface MapSuggestionOptions {
  /** The Nominatim-compatible search URL, read on every ask (a system setting). */
  geocoderUrl: () => Promise<string>;
  /** How long an answer is reused per query and language. */
  cacheMs?: number;
  /** How long one upstream call may take. */
  timeoutMs?: number;
  /** Most queries kept in the cache. */
  maxEntries?: number;
}

/** Most suggestions answered. */
export const MAX_SUGGESTIONS = 8;
/** Longest query passed on. */
export const MAX_QUERY_LENGTH = 200;

const unavailable = (why: string) =>
  new AppError(503, `The map search service is unavailable (${why}); try again later`, 'mapUnavailable');

const coordinate = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/**
 * The places of a Nominatim `format=jsonv2` answer (`[{display_name, lat, lon}]`, coordinates as
 * texts); null when the answer is not such an array. Entries without a valid position are left out.
 */
export function suggestionsOf(body: unknown): MapSuggestion[] | null {
  if (!Array.isArray(body)) return null;
  const out: MapSuggestion[] = [];
  for (const item of body as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) continue;
    const lat = coordinate(item.lat, 90);
    const lng = coordinate(item.lon, 180);
    const label = typeof item.display_name === 'string' ? item.display_name : '';
    if (lat === null || lng === null || !label) continue;
    out.push({ label: label.slice(0, 300), lat, lng });
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out;
}

/**
 * Address suggestions of the terminal map through a Nominatim-compatible geocoder (OpenStreetMap's
 * by default, an operator's own through the `mapGeocoderUrl` setting). Answers are cached briefly
 * per query and language; an unreachable, slow (5 s) or garbled geocoder answers 503 `mapUnavailable`.
 */
export class MapSuggestionService {
  private readonly cache = new Map<string, { at: number; value: Promise<MapSuggestion[]> }>();
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: MapSuggestionOptions) {
    this.cacheMs = options.cacheMs ?? 5 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxEntries = options.maxEntries ?? 500;
  }

  /** Places matching `rawQuery` (400 naming `q` when it is blank), named in `language` where the geocoder can. */
  async search(rawQuery: string, language: string | null): Promise<MapSuggestion[]> {
    const query = rawQuery.trim().replace(/\s+/g, ' ');
    if (!query) throw fieldError(400, 'q', 'q: type part of an address');
    if (query.length > MAX_QUERY_LENGTH)
      throw fieldError(400, 'q', `q is longer than ${MAX_QUERY_LENGTH} characters`);
    const url = await this.options.geocoderUrl();
    const key = `${url}\n${language ?? ''}\n${query.toLowerCase()}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.cacheMs) return hit.value;
    const value = this.ask(url, query, language);
    this.cache.delete(key);
    this.cache.set(key, { at: now, value });
    // A failure is not kept: the next ask tries again.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  private async ask(base: string, query: string, language: string | null): Promise<MapSuggestion[]> {
    const url = new URL(base);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', String(MAX_SUGGESTIONS));
    if (language) url.searchParams.set('accept-language', language);
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        // Nominatim's usage policy asks every application to name itself.
        headers: { accept: 'application/json', 'user-agent': `APM-signage/${APP_VERSION}` },
      });
    } catch (err) {
      const e = err as Error;
      throw unavailable(e.name === 'TimeoutError' ? 'no answer in time' : `${url.host} unreachable`);
    }
    if (!res.ok) throw unavailable(`${url.host} answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable(`${url.host} answered something that is not JSON`);
    }
    const places = suggestionsOf(body);
    if (!places) throw unavailable(`${url.host} answered something that is not a list of places`);
    return places;
  }
}
