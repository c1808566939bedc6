import {
  ApiStoreItemSchema,
  ApiStoreQuerySchema,
  EnvelopeOf,
  PageOf,
  StoreItemBodySchema,
  StorePublishBodySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { WIDGET_VIEWERS } from './access.js';
import { ApiStoreService } from './store-service.js';

const tags = ['widget'];

/**
 * The platform's store of widgets and data sources: browsed by every tenant (`/a/api/common/apiStore`),
 * filled by platform users (`publishToStore`, `unpublishFromStore`), added from (`addFromStore`).
 */
const storeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = new ApiStoreService(app.db);

  app.get(
    '/a/api/common/apiStore',
    {
      config: { access: WIDGET_VIEWERS },
      schema: {
        tags,
        summary:
          'The store: widgets and data sources the platform shares, by name or description and kind, newest first, paged; `added` for what your tenant took',
        querystring: ApiStoreQuerySchema,
        response: { 200: EnvelopeOf(PageOf(ApiStoreItemSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await store.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    '/a/api/widget/publishToStore',
    {
      config: { access: 'widget:list:edit' },
      schema: {
        tags,
        summary:
          'Publishes a package or data source of the platform’s catalogue in the store (platform users only; a package’s zip becomes shared)',
        body: StorePublishBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await store.publish(request.auth!, request.body);
      return ok(null);
    },
  );

  app.post(
    '/a/api/widget/unpublishFromStore',
    {
      config: { access: 'widget:list:edit' },
      schema: {
        tags,
        summary: 'Takes an item out of the store (platform users only); tenants keep what they added',
        body: StoreItemBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await store.unpublish(request.auth!, request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/a/api/widget/addFromStore',
    {
      config: { access: 'widget:list:add' },
      schema: {
        tags,
        summary: 'Adds a store item to the caller’s tenant catalogue; 409 when it is there already',
        body: StoreItemBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await store.add(request.auth!, request.body.id);
      return ok(null);
    },
  );
};

export default storeRoutes;
