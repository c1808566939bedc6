import { CustomerOverviewSchema, EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { StorageCapacityService } from '../materials/storage-capacity.js';
import { CustomerOverviewService } from './overview-service.js';

/** Customer center (`/a/api/customerCenter/...`): the caller's own institution at a glance. */
const customerCenterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new CustomerOverviewService(
    app.db,
    new StorageCapacityService(app.db, app.services.settings),
  );

  app.get(
    '/a/api/customerCenter/overview',
    {
      config: { access: 'customer:center:view' },
      schema: {
        tags: ['customerCenter'],
        summary:
          'The caller’s own institution: profile, storage (MiB) and terminals used against their quotas, service end date, widgets bought, ' +
          'the latest orders, and which related pages (brand, domain, purchase, payment) the caller may open',
        response: { 200: EnvelopeOf(CustomerOverviewSchema) },
      },
    },
    async (request) => ok(await service.overview(request.auth!)),
  );
};

export default customerCenterRoutes;
