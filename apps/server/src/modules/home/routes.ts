import { EnvelopeOf, HomeDashboardSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { AlarmService } from '../alarms/alarm-service.js';
import { ReviewCentreService } from '../review/review-centre.js';
import { TerminalService } from '../terminals/terminal-service.js';
import { HomeDashboardService } from './home-dashboard.js';

/** The home page's live dashboard (`/a/api/home/dashboard`). */
const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const terminals = new TerminalService(app.db, app.services.offices, app.config.timeZone);
  terminals.presence = app.services.terminalPresence;
  const dashboard = new HomeDashboardService({
    db: app.db,
    terminals,
    alarms: new AlarmService(app.db),
    reviews: new ReviewCentreService(app.db),
    storage: app.services.storageCapacity,
    logs: app.services.logs,
    timeZone: app.config.timeZone,
  });

  app.get(
    '/a/api/home/dashboard',
    {
      config: { access: 'home:view' },
      schema: {
        tags: ['home'],
        summary:
          'Terminals online/offline/abnormal, open alarms, items waiting for review, storage, today’s plays and recent activity in the caller’s data range (sections the caller may not see are null)',
        response: { 200: EnvelopeOf(HomeDashboardSchema) },
      },
    },
    async (request) => ok(await dashboard.forUser(request.auth!)),
  );
};

export default homeRoutes;
