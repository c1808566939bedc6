import type { WeatherReport } from '@apm/renderer';
import type { DeviceApi } from './device-api.js';

const KEEP_MS = 6 * 3600_000;

function readKept(key: string): { at: number; report: WeatherReport } | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; report: WeatherReport } | null;
  } catch {
    return null;
  }
}

/**
 * The weather for a widget, through the server; while the server is away, the last report of
 * the city if it is at most 6 hours old (a terminal offline for a while still shows something).
 */
export async function weatherFor(
  api: DeviceApi,
  city: string,
  units: 'metric' | 'imperial',
): Promise<WeatherReport> {
  const key = `apm.player.weather.${units}.${city}`;
  try {
    const w = await api.weather(city, units);
    const report: WeatherReport = {
      temperature: w.temperature,
      weatherCode: w.weatherCode,
      city: w.city,
      isDay: w.isDay,
    };
    localStorage.setItem(key, JSON.stringify({ at: Date.now(), report }));
    return report;
  } catch (err) {
    const kept = readKept(key);
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.report;
    throw err;
  }
}
