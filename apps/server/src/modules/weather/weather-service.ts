import type { Weather, WeatherCondition } from '@apm/contract';
import { AppError } from '../../lib/errors.js';
import { fieldError } from '../users/user-access.js';

/** Units of a weather request. */
export type WeatherUnits = Weather['units'];

/** Where the weather comes from: Open-Meteo's geocoding and forecast APIs (or stand-ins in tests). */
export interface WeatherOptions {
  geocodingUrl: string;
  forecastUrl: string;
  /** How long an answer is reused per city and units. */
  cacheMs?: number;
  /** How long one upstream call may take. */
  timeoutMs?: number;
  /** Most cities kept in the cache. */
  maxEntries?: number;
}

/** The WMO weather code (as Open-Meteo reports it) as a condition the console and renderer translate. */
export function conditionOf(code: number): WeatherCondition {
  if (code === 0 || code === 1) return 'clear';
  if (code === 2) return 'partlyCloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 55) return 'drizzle';
  if (code === 56 || code === 57 || code === 66 || code === 67) return 'freezingRain';
  if (code >= 61 && code <= 65) return 'rain';
  if (code >= 71 && code <= 77) return 'snow';
  if (code === 85 || code === 86) return 'snowShowers';
  if (code >= 80 && code <= 82) return 'showers';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return 'unknown';
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

interface Place {
  name: string;
  country: string | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
}

const unavailable = (why: string) =>
  new AppError(503, `The weather service is unreachable (${why}); try again later`, 'weatherUnavailable');

/**
 * Current weather by city name from Open-Meteo (geocoding, then forecast). Answers are cached for
 * ten minutes per city and units, and concurrent asks for the same city share one upstream call.
 * An unknown city answers 404 naming `city`; an unreachable or failing provider 503.
 */
export class WeatherService {
  private readonly cache = new Map<string, { at: number; value: Promise<Weather> }>();
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: WeatherOptions) {
    this.cacheMs = options.cacheMs ?? 10 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** The current weather of a city. */
  async current(rawCity: string, units: WeatherUnits = 'metric'): Promise<Weather> {
    const city = rawCity.trim().replace(/\s+/g, ' ');
    if (!city) throw fieldError(400, 'city', 'city is required');
    if (city.length > 100) throw fieldError(400, 'city', 'city is longer than 100 characters');
    const key = `${units}:${city.toLowerCase()}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.cacheMs) return hit.value;
    const value = this.fetchWeather(city, units);
    this.cache.delete(key);
    this.cache.set(key, { at: now, value });
    // A failure is not kept: the next ask tries again.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  private async fetchWeather(city: string, units: WeatherUnits): Promise<Weather> {
    const place = await this.geocode(city);
    const url = new URL(this.options.forecastUrl);
    url.searchParams.set('latitude', String(place.latitude));
    url.searchParams.set('longitude', String(place.longitude));
    url.searchParams.set(
      'current',
      'temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m,is_day',
    );
    url.searchParams.set('daily', 'temperature_2m_max,temperature_2m_min');
    url.searchParams.set('timezone', 'auto');
    url.searchParams.set('forecast_days', '1');
    if (units === 'imperial') {
      url.searchParams.set('temperature_unit', 'fahrenheit');
      url.searchParams.set('wind_speed_unit', 'mph');
    }
    const body = (await this.getJson(url)) as {
      current?: Record<string, unknown>;
      daily?: Record<string, unknown[]>;
      utc_offset_seconds?: number;
      timezone?: string;
    };
    const current = body.current ?? {};
    const temperature = num(current.temperature_2m);
    const code = num(current.weather_code);
    if (temperature === null || code === null) throw unavailable('the forecast had no current temperature');
    const time = str(current.time);
    const offset = num(body.utc_offset_seconds) ?? 0;
    const observed = time ? Date.parse(`${time}Z`) - offset * 1000 : NaN;
    return {
      city: place.name,
      country: place.country,
      latitude: place.latitude,
      longitude: place.longitude,
      timezone: str(body.timezone) ?? place.timezone,
      units,
      temperature,
      apparentTemperature: num(current.apparent_temperature),
      humidity: num(current.relative_humidity_2m),
      windSpeed: num(current.wind_speed_10m),
      weatherCode: Math.round(code),
      condition: conditionOf(Math.round(code)),
      isDay: current.is_day !== 0,
      high: num(body.daily?.temperature_2m_max?.[0]),
      low: num(body.daily?.temperature_2m_min?.[0]),
      observedAt: new Date(Number.isNaN(observed) ? Date.now() : observed).toISOString(),
      fetchedAt: new Date().toISOString(),
    };
  }

  private async geocode(city: string): Promise<Place> {
    const url = new URL(this.options.geocodingUrl);
    url.searchParams.set('name', city);
    url.searchParams.set('count', '1');
    url.searchParams.set('language', 'en');
    url.searchParams.set('format', 'json');
    const body = (await this.getJson(url)) as { results?: Record<string, unknown>[] };
    const first = body.results?.[0];
    const latitude = num(first?.latitude);
    const longitude = num(first?.longitude);
    if (!first || latitude === null || longitude === null) {
      throw fieldError(
        404,
        'city',
        `city: no place named "${city}" is known to the weather service`,
        'notFound',
      );
    }
    return {
      name: str(first.name) ?? city,
      country: str(first.country),
      latitude,
      longitude,
      timezone: str(first.timezone),
    };
  }

  private async getJson(url: URL): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      const e = err as Error;
      throw unavailable(e.name === 'TimeoutError' ? 'no answer in time' : `${url.host}: ${e.message}`);
    }
    if (!res.ok) throw unavailable(`${url.host} answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw unavailable(`${url.host} answered something that is not JSON`);
    }
  }
}
