import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

/** Brand configuration for the sign-in page (open: the page needs it before anyone signs in). */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/customer/imgSetting',
    {
      config: { access: 'public' },
      schema: {
        tags: ['customer'],
        summary: 'Brand configuration (title, logo, copyright, links...) for the calling host',
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => ok(await app.services.brands.forHost(request.hostname)),
  );
};

export default customerRoutes;
