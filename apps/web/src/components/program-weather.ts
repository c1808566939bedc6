/** The weather a program's weather widget shows, for the console's previews and editor canvas. */
import type { WeatherReport } from '@apm/renderer';
import { request } from '../services/request';

/** GET /apm-web/a/api/common/weather — the current weather of a city in the given units. */
export async function fetchProgramWeather(
  city: string,
  units: 'metric' | 'imperial',
): Promise<WeatherReport> {
  const { data } = await request<WeatherReport>('/a/api/common/weather', {
    params: { city, units },
    skipErrorHandler: true,
  });
  return data;
}
