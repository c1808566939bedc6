import {
  DataFeedSchema,
  DataSourceListQuerySchema,
  DataSourceSaveBodySchema,
  DataSourceSchema,
  EnvelopeOf,
  PageOf,
  WidgetIdsBodySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { requireClaimedDevice } from '../../terminal/device-auth.js';
import { DataSourceService } from './data-source-service.js';
import { PALETTE_READERS, requirePermission, WIDGET_VIEWERS } from './access.js';

const tags = ['widget'];
const BASE = '/a/api/widget';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** How often due data sources are looked for. */
const FETCH_TICK_MS = 15_000;

/**
 * Data sources of the catalogue (`/a/api/widget/dataSources`, …) and the terminal's call for their
 * cached items (`/terminal/widgetData`). The server fetches due sources in the background.
 */
const dataSourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sources = new DataSourceService(app.db, app.config.feedsAllowPrivate);
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = sources
        .fetchDue()
        .catch((err: unknown) => app.log.warn({ err }, 'data source fetch round failed'))
        .finally(() => (running = null));
    }, FETCH_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });

  app.get(
    `${BASE}/dataSources`,
    {
      config: { access: WIDGET_VIEWERS },
      schema: {
        tags,
        summary:
          'Data sources of the caller’s tenant with their last fetch (status, error, time, items), by name or URL, sorted and paged',
        querystring: DataSourceListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(DataSourceSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await sources.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    `${BASE}/saveDataSource`,
    {
      config: { access: ['widget:list:add', 'widget:list:edit'] },
      schema: {
        tags,
        summary:
          'Creates (no id; widget:list:add) or updates (widget:list:edit) a data source, then fetches it once. ' +
          'Only http(s) URLs of public addresses unless the server allows private ones (400 naming url); 409 naming name when taken',
        body: DataSourceSaveBodySchema,
        response: { 200: EnvelopeOf(DataSourceSchema) },
      },
    },
    async (request) => {
      requirePermission(
        request.auth!,
        request.body.id === undefined ? 'widget:list:add' : 'widget:list:edit',
      );
      return ok(await sources.save(request.auth!, request.body));
    },
  );

  app.post(
    `${BASE}/refreshDataSource`,
    {
      config: { access: 'widget:list:edit' },
      schema: {
        tags,
        summary: 'Fetches a data source now and answers it with the outcome',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(DataSourceSchema) },
      },
    },
    async (request) => ok(await sources.refresh(request.auth!, request.body.id)),
  );

  app.post(
    `${BASE}/deleteDataSource`,
    {
      config: { access: 'widget:list:delete' },
      schema: {
        tags,
        summary:
          'Deletes data sources of the tenant, all or nothing; 409 listing programs whose data widgets show them',
        body: WidgetIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await sources.remove(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/dataSourceItems`,
    {
      config: { access: PALETTE_READERS },
      schema: {
        tags,
        summary:
          'The cached items of a data source of the tenant (what data widgets show in the editor preview)',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(DataFeedSchema) },
      },
    },
    async (request) => ok(await sources.feed(request.auth!, request.query.id)),
  );

  app.get(
    '/terminal/widgetData',
    {
      config: { access: 'public', audit: false },
      schema: {
        tags: ['terminal (device)'],
        summary:
          'The cached items of a data source of the terminal’s tenant, for its data widgets (404 for any other)',
        querystring: Type.Object({ id: Id, token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: EnvelopeOf(DataFeedSchema) },
      },
    },
    async (request) => {
      const device = await requireClaimedDevice(request, app.services.terminalDevices);
      return ok(await sources.feedForTerminal(device.officeId, request.query.id));
    },
  );
};

export default dataSourceRoutes;
