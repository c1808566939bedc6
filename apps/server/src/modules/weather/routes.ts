import { EnvelopeOf, WEATHER_UNITS, WeatherSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

/** The console's weather call (spec "Common": GET weather), for the weather widget's preview. */
const weatherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { weather } = app.services;

  app.get(
    '/a/api/common/weather',
    {
      // Each new city costs two upstream calls; the cache answers repeats.
      config: { access: 'session', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['common'],
        summary:
          'Current weather of a city (Open-Meteo; cached 10 minutes per city and units). 404 for an unknown city, 503 when the provider is unreachable',
        querystring: Type.Object({
          city: Type.String({ minLength: 1, maxLength: 200 }),
          units: Type.Optional(Type.Enum([...WEATHER_UNITS], { default: 'metric' })),
        }),
        response: { 200: EnvelopeOf(WeatherSchema) },
      },
    },
    async (request) => ok(await weather.current(request.query.city, request.query.units ?? 'metric')),
  );
};

export default weatherRoutes;
