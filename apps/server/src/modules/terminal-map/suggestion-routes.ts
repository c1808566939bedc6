import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { MapSuggestionService, MAX_QUERY_LENGTH } from './map-suggestion-service.js';

/** A plain BCP 47 language tag such as `zh-CN`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,3}$/;

/** The first language of an Accept-Language header, when it is a plain language tag. */
export function firstLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  return LANGUAGE_TAG.test(first) ? first : null;
}

/** The map suggestion service (spec "Common"): address search for the terminal map. */
const suggestionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const suggestions = new MapSuggestionService({
    geocoderUrl: () => app.services.settings.get('mapGeocoderUrl'),
  });

  app.get(
    '/a/api/common/mapSuggestion',
    {
      // Each new query costs an upstream call (public geocoders allow about one a second); the cache answers repeats.
      config: { access: 'session', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['common'],
        summary:
          'Places matching an address (Nominatim-compatible geocoder of the mapGeocoderUrl setting; cached 5 minutes), ' +
          'named in the Accept-Language language. 503 mapUnavailable when the geocoder is unreachable, slow or garbled',
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH }),
          lang: Type.Optional(
            Type.String({
              pattern: LANGUAGE_TAG.source,
              maxLength: 35,
              description: 'Language of the place names (BCP 47, e.g. it-IT); Accept-Language otherwise',
            }),
          ),
        }),
        response: {
          200: EnvelopeOf(
            Type.Array(Type.Object({ label: Type.String(), lat: Type.Number(), lng: Type.Number() })),
          ),
        },
      },
    },
    async (request) => {
      const { q, lang } = request.query;
      return ok(await suggestions.search(q, lang ?? firstLanguage(request.headers['accept-language'])));
    },
  );
};

export default suggestionRoutes;
