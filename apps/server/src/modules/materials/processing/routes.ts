import { ConvertProgressSchema, EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';

const tags = ['material'];

/** Most ids one progress call asks about. */
export const MAX_PROGRESS_IDS = 200;

/** Material processing (`/a/api/file/convertProgress`): percent and state of queued, running and done jobs. */
const materialProcessingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/file/convertProgress',
    {
      config: { access: 'res:material:view' },
      schema: {
        tags,
        summary:
          'Processing state and percent of materials (thumbnails, probing, transcoding, page images); ids outside the caller’s scope are left out',
        querystring: Type.Object({
          ids: Type.String({
            maxLength: 2400,
            pattern: '^\\d{1,10}(,\\d{1,10})*$',
            description: `Material ids, comma-separated (at most ${MAX_PROGRESS_IDS})`,
          }),
        }),
        response: { 200: EnvelopeOf(Type.Array(ConvertProgressSchema)) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      if (ids.length > MAX_PROGRESS_IDS) throw badRequest(`ids: at most ${MAX_PROGRESS_IDS} ids per call`);
      if (ids.some((id) => id < 1 || id > 2_147_483_647))
        throw badRequest('ids: each id must be 1 to 2147483647');
      return ok(await app.services.materialJobs.progress(request.auth!, ids));
    },
  );
};

export default materialProcessingRoutes;
