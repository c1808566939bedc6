import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionOf, WeatherService } from '../../../src/modules/weather/weather-service.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';

/** A small stand-in for Open-Meteo's geocoding and forecast APIs, counting the calls it answers. */
function openMeteoStandIn() {
  const calls: URL[] = [];
  let failForecast = false;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    calls.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v1/search') {
      if (url.searchParams.get('name')?.toLowerCase() !== 'berlin')
        return json(200, { generationtime_ms: 0.1 });
      return json(200, {
        results: [
          {
            name: 'Berlin',
            latitude: 52.52,
            longitude: 13.41,
            country: 'Germany',
            timezone: 'Europe/Berlin',
          },
        ],
      });
    }
    if (url.pathname === '/v1/forecast') {
      if (failForecast) return json(500, { error: true, reason: 'down for maintenance' });
      const imperial = url.searchParams.get('temperature_unit') === 'fahrenheit';
      return json(200, {
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        utc_offset_seconds: 3600,
        timezone: 'Europe/Berlin',
        current: {
          time: '2026-11-22T01:00',
          temperature_2m: imperial ? 41.2 : 5.1,
          relative_humidity_2m: 81,
          apparent_temperature: imperial ? 36.5 : 2.5,
          weather_code: 61,
          wind_speed_10m: imperial ? 8.1 : 13,
          is_day: 0,
        },
        daily: {
          time: ['2026-11-22'],
          temperature_2m_max: [imperial ? 44.6 : 7],
          temperature_2m_min: [imperial ? 35.6 : 2],
        },
      });
    }
    return json(404, { error: true });
  });
  return {
    calls,
    server,
    setFailForecast: (v: boolean) => (failForecast = v),
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
  };
}

describe('weather: Open-Meteo geocoding and forecast, cached per city, clear errors', () => {
  const standIn = openMeteoStandIn();
  let base: string;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    base = await standIn.listen();
    t = await createTestApp({
      APM_WEATHER_GEOCODING_URL: `${base}/v1/search`,
      APM_WEATHER_FORECAST_URL: `${base}/v1/forecast`,
    });
    await initSystem(t.app);
    cookie = await login(t.app);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => standIn.server.close(r));
  });

  const ask = (query: string, withCookie = true) =>
    t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/common/weather?${query}`,
      headers: withCookie ? { cookie } : {},
    });

  it('answers the current weather of a city through the console call', async () => {
    const res = await ask('city=Berlin');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Berlin',
      country: 'Germany',
      latitude: 52.52,
      longitude: 13.41,
      timezone: 'Europe/Berlin',
      units: 'metric',
      temperature: 5.1,
      apparentTemperature: 2.5,
      humidity: 81,
      windSpeed: 13,
      weatherCode: 61,
      condition: 'rain',
      isDay: false,
      high: 7,
      low: 2,
      observedAt: '2026-11-22T00:00:00.000Z',
    });
    const forecast = standIn.calls.find((u) => u.pathname === '/v1/forecast')!;
    expect(forecast.searchParams.get('latitude')).toBe('52.52');
    expect(forecast.searchParams.get('current')).toContain('temperature_2m');
  });

  it('caches per city and units: asking again does not call the provider', async () => {
    const before = standIn.calls.length;
    expect((await ask('city=%20berlin%20')).json().data.temperature).toBe(5.1);
    expect(standIn.calls.length).toBe(before);
    const imperial = await ask('city=Berlin&units=imperial');
    expect(imperial.json().data).toMatchObject({ units: 'imperial', temperature: 41.2, windSpeed: 8.1 });
    expect(standIn.calls.length).toBe(before + 2);
    expect(standIn.calls.at(-1)!.searchParams.get('wind_speed_unit')).toBe('mph');
  });

  it('shares one upstream call among concurrent asks for the same city', async () => {
    const service = new WeatherService({
      geocodingUrl: `${base}/v1/search`,
      forecastUrl: `${base}/v1/forecast`,
    });
    const before = standIn.calls.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.current('Berlin', 'metric')));
    expect(new Set(answers.map((a) => a.temperature))).toEqual(new Set([5.1]));
    expect(standIn.calls.length).toBe(before + 2);
  });

  it('answers 404 naming the city when no place has that name', async () => {
    const res = await ask('city=Atlantis');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('Atlantis');
    expect(res.json().jsonObject.fields).toHaveProperty('city');
  });

  it('refuses bad input and callers without a session', async () => {
    expect((await ask('city=')).statusCode).toBe(400);
    expect((await ask('city=Berlin&units=kelvin')).statusCode).toBe(400);
    expect((await ask('city=Berlin', false)).statusCode).toBe(401);
  });

  it('answers 503 when the provider fails or cannot be reached, and tries again next time', async () => {
    const service = new WeatherService({
      geocodingUrl: `${base}/v1/search`,
      forecastUrl: `${base}/v1/forecast`,
    });
    standIn.setFailForecast(true);
    await expect(service.current('Berlin')).rejects.toMatchObject({ statusCode: 503 });
    standIn.setFailForecast(false);
    expect((await service.current('Berlin')).temperature).toBe(5.1);

    const closed = createServer();
    const port = await new Promise<number>((r) =>
      closed.listen(0, '127.0.0.1', () => r((closed.address() as AddressInfo).port)),
    );
    await new Promise((r) => closed.close(r));
    const unreachable = new WeatherService({
      geocodingUrl: `http://127.0.0.1:${port}/v1/search`,
      forecastUrl: `http://127.0.0.1:${port}/v1/forecast`,
    });
    const err = await unreachable.current('Berlin').catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 503 });
    expect((err as Error).message).toMatch(/unreachable/);
  });

  it('maps WMO weather codes to conditions', () => {
    expect([0, 2, 3, 45, 53, 56, 63, 75, 81, 86, 95, 42].map(conditionOf)).toEqual([
      'clear',
      'partlyCloudy',
      'overcast',
      'fog',
      'drizzle',
      'freezingRain',
      'rain',
      'snow',
      'showers',
      'snowShowers',
      'thunderstorm',
      'unknown',
    ]);
  });
});
