/**
 * A symbol for a WMO weather code (the codes Open-Meteo reports): symbols need no translation
 * on a screen whose audience's language the renderer does not know.
 */
export function weatherSymbol(code: number | null | undefined, isDay = true): string {
  if (code === null || code === undefined || !Number.isFinite(code)) return '';
  if (code === 0) return isDay ? '☀️' : '🌙';
  if (code === 1 || code === 2) return '⛅';
  if (code === 3) return '☁️';
  if (code === 45 || code === 48) return '🌫️';
  if (code >= 51 && code <= 67) return '🌧️';
  if (code >= 71 && code <= 77) return '❄️';
  if (code >= 80 && code <= 82) return '🌦️';
  if (code === 85 || code === 86) return '🌨️';
  if (code >= 95 && code <= 99) return '⛈️';
  return '';
}

/** The temperature as shown: rounded, with the unit of the requested system. */
export function formatTemperature(temperature: number, units: 'metric' | 'imperial'): string {
  if (!Number.isFinite(temperature)) return '--';
  const rounded = Math.round(temperature);
  return `${rounded === 0 ? 0 : rounded}°${units === 'imperial' ? 'F' : 'C'}`;
}
