import {
  EnvelopeOf,
  OnlineMapQuerySchema,
  OnlineMapSchema,
  STATS_OPTION_KINDS,
  StatsOptionQuerySchema,
  StatsOptionsSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { OnlineMapStats } from './map-queries.js';
import { statsOptions } from './option-queries.js';

const tags = ['statistics'];
const BASE = '/a/api/statistics';
/** Who reads them: whoever reads the data statistics page, without terminal, program or material rights. */
const STATS_VIEWERS = 'stats:view';

/**
 * What the data statistics page needs beside its figures, with `stats:view` alone: the options of its
 * terminal / program / material / plan pickers (`options/...`) and the online-rate map (`onlineMap`).
 * Everything is limited to the caller's tenant and data range.
 */
const optionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const map = new OnlineMapStats(app.db, app.config.timeZone);

  for (const kind of STATS_OPTION_KINDS) {
    app.get(
      `${BASE}/options/${kind}`,
      {
        config: { access: STATS_VIEWERS },
        schema: {
          tags,
          summary:
            `The ${kind} of the caller’s range (or office and below) whose name holds keyword, by name, at most limit (1–100, default 20): ` +
            'id and name for the statistics pickers; more when others match too. 404 naming officeId outside the range',
          querystring: StatsOptionQuerySchema,
          response: { 200: EnvelopeOf(StatsOptionsSchema) },
        },
      },
      async (request) => ok(await statsOptions(app.db, request.auth!, kind, request.query)),
    );
  }

  app.get(
    `${BASE}/onlineMap`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary:
          'The range’s (or office’s, or terminal’s) positioned terminals with their online rate over the period, lowest first, at most limit ' +
          '(1–5000, default 2000), and how many terminals have a position and how many do not. Period [from, to) of at most 400 days; ' +
          '400 naming the field on bad input, 404 naming officeId / terminalId outside the caller’s range.',
        querystring: OnlineMapQuerySchema,
        response: { 200: EnvelopeOf(OnlineMapSchema) },
      },
    },
    async (request) => ok(await map.onlineMap(request.auth!, request.query)),
  );
};

export default optionRoutes;
